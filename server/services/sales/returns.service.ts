import { baseQuantity, soldInKey } from '../../../core/packs';
import { sql } from 'kysely';
import { coded } from '../../../core/coded';
import {
  lineRefund,
  refundByRate,
  refundTotals,
  returnQuantityProblem,
  type RefundPart,
  type ReturnableLine,
  splitRefundParts,
  splitRefundProblem,
} from '../../../core/credit-note';
import { istDayEnd, istDayStart } from '../../../core/dates';
import { defaultInvoicePrefix, financialYear, invoiceNumber, SEQ_MAX } from '../../../core/invoice';
import { CODE } from '../../../core/message-codes';
import { toRupees } from '../../../core/money';
import type { RefundMethod } from '../../../core/payments';
import { isInterState } from '../../../core/place-of-supply';
import { idSchema } from '../../../core/schemas/common';
import type { OrderDto } from '../../../core/schemas/order';
import type { CreateReturnInput, CreditNoteDto, OrderReturns, ReturnableLineDto } from '../../../core/schemas/returns';
import { fromMilli, quantityText, toMilli, unitOf } from '../../../core/units';
import type { Db } from '../../db';
import { conflict, fieldError, HttpError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertOwner, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import type { ApprovalsService } from '../staff/approvals.service';
import type { IdempotencyClaim } from './checkout.service';
import { lockSaleCustomer, settleSales } from '../khata/customers.service';
import { pointsOnCreditNote } from '../khata/loyalty-ledger';
import { IdempotencyService } from '../platform/idempotency.service';
import { einvoiceOf, loadOrders } from './order-dto';
import { setStockContext } from '../stock/stock-context';
import { creditNoteSeries } from '../../../core/credit-note';
import { sentActTime } from '../../lib/act-time';
import { actShift } from '../shifts/till-of-act';
import { byOf, personName } from '../staff/staff-queries';
import { noteRefundsJoined, REFUND_METHOD, REFUND_PAISE, refundPartsColumn, refundPartsOf } from './credit-note-refunds';

/** An order's lines with what earlier credit notes took of each (quantity and money). */
function linesWithReturns(db: Db, orderId: string) {
  return db
    .selectFrom('order_lines as l')
    .leftJoin('credit_note_lines as c', 'c.order_line_id', 'l.id')
    .select([
      'l.id',
      'l.product_id',
      'l.position',
      'l.name',
      'l.name_ta',
      'l.unit',
      'l.quantity',
      'l.unit_price_paise',
      'l.unit_discount_paise',
      'l.line_total_paise',
      'l.delivery_discount_paise',
      'l.gst_rate',
      'l.hsn_code',
      // a pack line's quantities are packs: the stock moves packs × factor (core/packs.ts)
      'l.pack_factor',
      'l.pack_name',
      sql<string>`coalesce(sum(c.quantity), 0)`.as('returned'),
      sql<string>`coalesce(sum(c.amount_paise), 0)`.as('refunded'),
    ])
    .where('l.order_id', '=', orderId)
    .groupBy('l.id')
    .orderBy('l.position')
    .execute();
}
type LineRow = Awaited<ReturnType<typeof linesWithReturns>>[number];

const returnable = (l: LineRow): ReturnableLine => ({
  name: l.name,
  unit: unitOf(l.unit),
  sold: Number(l.quantity),
  returned: Number(l.returned),
  chargedPaise: Number(l.line_total_paise) - Number(l.delivery_discount_paise),
  refundedPaise: Number(l.refunded),
  gstRate: Number(l.gst_rate) || 0,
});

function toReturnableDto(l: LineRow): ReturnableLineDto {
  const r = returnable(l);
  return {
    productId: l.product_id,
    name: l.name,
    nameTa: l.name_ta,
    unit: unitOf(l.unit),
    sold: r.sold,
    returned: r.returned,
    returnable: fromMilli(Math.max(toMilli(r.sold) - toMilli(r.returned), 0)),
    charged: toRupees(r.chargedPaise),
    refunded: toRupees(r.refundedPaise),
    gstRate: r.gstRate,
    ...(l.pack_name ? { packName: l.pack_name } : {}),
  };
}

/** The sale line a return line names: its product sold in its pack (none: the base unit), else the product's first line. */
function lineOfReturn(rows: readonly LineRow[], l: { productId: string; pack?: string }): LineRow | undefined {
  const ofProduct = rows.filter((r) => r.product_id === l.productId);
  const same = ofProduct.find((r) => soldInKey({ productId: l.productId, pack: r.pack_name }) === soldInKey(l));
  return same ?? (l.pack ? undefined : ofProduct[0]);
}

const money = (t: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; amountPaise: number }) => ({
  amount: toRupees(t.amountPaise),
  taxable: toRupees(t.taxablePaise),
  cgst: toRupees(t.cgstPaise),
  sgst: toRupees(t.sgstPaise),
  igst: toRupees(t.igstPaise),
});

/** Credit notes by id with their lines, each with its order's invoice, seller and buyer (two queries plus the orders). */
async function loadCreditNotes(db: Db, ids: readonly string[]): Promise<CreditNoteDto[]> {
  if (ids.length === 0) return [];
  const [heads, lines] = await Promise.all([
    db
      .selectFrom('credit_notes')
      .selectAll()
      .select(personName('created_by').as('by_name'))
      .select(refundPartsColumn('credit_notes.id'))
      .where('id', 'in', ids as string[])
      .execute(),
    db
      .selectFrom('credit_note_lines')
      .selectAll()
      .where('credit_note_id', 'in', ids as string[])
      .orderBy('credit_note_id')
      .orderBy('position')
      .execute(),
  ]);
  const orders = new Map<string, OrderDto>((await loadOrders(db, [...new Set(heads.map((h) => h.order_id))])).map((o) => [o._id, o]));
  const byId = new Map(heads.map((h) => [h.id, h]));
  return ids.flatMap((id) => {
    const h = byId.get(id);
    const order = h && orders.get(h.order_id);
    if (!h || !order) return [];
    const own = lines
      .filter((l) => l.credit_note_id === id)
      .map((l) => ({
        gstRate: Number(l.gst_rate) || 0,
        amountPaise: Number(l.amount_paise),
        taxablePaise: Number(l.taxable_paise),
        cgstPaise: Number(l.cgst_paise),
        sgstPaise: Number(l.sgst_paise),
        igstPaise: Number(l.igst_paise),
        row: l,
      }));
    return [
      {
        _id: h.id,
        number: h.number,
        date: new Date(h.created_at).toISOString(),
        orderId: order._id,
        orderNumber: order.orderNumber,
        invoiceNumber: order.invoiceNumber,
        invoiceDate: order.invoiceDate,
        vendorId: order.vendorId,
        buyer: order.buyer,
        shopCustomerId: h.shop_customer_id,
        placeOfSupply: order.placeOfSupply,
        lines: own.map(({ row: l, ...t }) => ({
          productId: l.product_id,
          name: l.name,
          nameTa: l.name_ta,
          quantity: Number(l.quantity),
          unit: unitOf(l.unit),
          price: toRupees(Number(l.unit_price_paise)),
          gstRate: t.gstRate,
          hsnCode: l.hsn_code,
          ...money(t),
        })),
        taxByRate: refundByRate(own).map((r) => ({ rate: r.rate, ...money(r) })),
        totals: money({
          amountPaise: Number(h.amount_paise),
          taxablePaise: Number(h.taxable_paise),
          cgstPaise: Number(h.cgst_paise),
          sgstPaise: Number(h.sgst_paise),
          igstPaise: Number(h.igst_paise),
        }),
        refundMethod: h.refund_method,
        refunds: refundPartsOf(h.refund_parts)?.map((p) => ({ method: p.method, amount: toRupees(p.amountPaise) })) ?? null,
        restock: h.restock,
        createdBy: h.created_by,
        by: byOf(h.created_by, h.by_name),
        einvoice: einvoiceOf(h),
      },
    ];
  });
}

/**
 * How a return of a sale paid in parts is refunded: by the chosen method's part first, the rest by the sale's
 * other parts, each at most what it paid less what earlier returns refunded by it (core/credit-note.ts
 * splitRefundParts); 400 for a method the sale was not paid by.
 */
async function splitRefunds(trx: Db, orderId: string, method: string, amountPaise: number): Promise<RefundPart[]> {
  // one after the other: a transaction's single connection
  const parts = (await trx.selectFrom('order_payments').select(['method', 'amount_paise']).where('order_id', '=', orderId).execute()).map(
    (p) => ({ method: p.method, amountPaise: Number(p.amount_paise) }),
  );
  const refunded = await noteRefundsJoined(trx)
    .select([REFUND_METHOD.as('method'), sql<string>`sum(${REFUND_PAISE})`.as('paise')])
    .where('n.order_id', '=', orderId)
    .groupBy(REFUND_METHOD)
    .execute();
  const byMethod = Object.fromEntries(refunded.map((r) => [r.method, Number(r.paise)]));
  const problem = splitRefundProblem(parts, byMethod, method, amountPaise);
  if (problem) throw new HttpError(400, problem, { field: 'refundMethod' });
  return splitRefundParts(parts, byMethod, method, amountPaise);
}

/** Whether the sale was paid in parts with one on the customer's account (a return may refund to it). */
const hasCreditPart = async (trx: Db, orderId: string): Promise<boolean> =>
  !!(await trx
    .selectFrom('order_payments')
    .select('order_id')
    .where('order_id', '=', orderId)
    .where('method', '=', 'credit')
    .executeTakeFirst());

/**
 * Returns against delivered sales (POST /api/Orders/:id/returns) and their credit notes
 * (core/credit-note.ts): the order's vendor or an admin. One transaction holds the order's row lock
 * (so two returns of one order see each other's quantities), writes the note with the next number
 * of the vendor's credit note series, and moves the stock: back in with `restock`, else in and out
 * again as damaged so the ledger explains it.
 */
export class ReturnsService {
  constructor(
    private readonly db: Db,
    private readonly approvals: ApprovalsService,
  ) {}

  async create(
    user: AuthUser,
    orderId: string,
    input: CreateReturnInput,
    idem?: IdempotencyClaim,
    tillHeader?: string,
  ): Promise<{ created: boolean; creditNote: CreditNoteDto }> {
    if (!idSchema.safeParse(orderId).success) throw notFound(CODE.orderNotFound);
    const replay = async () => {
      if (!input._id) return undefined;
      const found = await this.db
        .selectFrom('credit_notes')
        .select(['order_id', 'vendor_id'])
        .where('id', '=', input._id)
        .executeTakeFirst();
      if (!found) return undefined;
      // a note of another order (or another vendor's) is not this request's replay
      if (found.order_id !== orderId) throw conflict(coded(CODE.creditNoteIdTaken), { field: '_id' });
      assertOwner(user, found, CODE.orderNotFound);
      const [creditNote] = await loadCreditNotes(this.db, [input._id]);
      return { created: false, creditNote };
    };
    const before = await replay();
    if (before) return before;

    const seen = new Set<string>();
    input.lines.forEach((l, i) => {
      const key = soldInKey(l);
      if (seen.has(key)) throw fieldError(`lines.${i}.productId`, CODE.duplicateProducts);
      seen.add(key);
    });
    // a manager's PIN that came with the return is checked before its transaction (core/approvals.ts)
    const approvedBy = await this.approvals.verify(user, input.approval);

    return this.db.transaction().execute(async (trx) => {
      // A refund to the customer's account settles their dues: take the customer's row first, in the
      // order payments and credit sales take it (customer, then orders), so the two never deadlock.
      // (a split sale's credit part may take part of any return of it)
      const customer =
        input.refundMethod === 'credit' || (await hasCreditPart(trx, orderId)) ? await lockSaleCustomer(trx, orderId) : undefined;
      const found = await trx
        .selectFrom('orders')
        .select(['id', 'vendor_id', 'status', 'voided_at', 'shop_customer_id', 'place_of_supply', 'created_at', 'payment_method'])
        .where('id', '=', orderId)
        .forUpdate()
        .executeTakeFirst();
      // another vendor's order answers like a missing one
      const order = assertOwner(user, found, CODE.orderNotFound);
      // the same note sent twice at once: the second waited on the order's lock and answers the first
      if (input._id) {
        const twin = await trx.selectFrom('credit_notes').select('order_id').where('id', '=', input._id).executeTakeFirst();
        if (twin && twin.order_id !== order.id) throw conflict(coded(CODE.creditNoteIdTaken), { field: '_id' });
        if (twin) return { created: false, creditNote: (await loadCreditNotes(trx, [input._id]))[0] };
      }
      // the time the return was recorded on the device (core/act-time.ts), else now: the note's date and its series' year
      const now = sentActTime(input.at, 'at', { notBefore: order.created_at }) ?? new Date();
      if (order.voided_at) throw conflict(coded(CODE.returnVoided));
      if (order.status !== 'Delivered') throw conflict(coded(CODE.returnNotDelivered));
      if (input.refundMethod === 'credit' && !order.shop_customer_id) throw fieldError('refundMethod', CODE.returnCreditNeedsCustomer);

      const rows = await linesWithReturns(trx, order.id);
      const interState = isInterState(order.place_of_supply);
      const picked = input.lines.map((l, i) => {
        const row = lineOfReturn(rows, l);
        if (!row) throw fieldError(`lines.${i}.productId`, CODE.returnProductNotOnOrder);
        const line = returnable(row);
        const problem = returnQuantityProblem(line, l.quantity);
        if (problem) throw new HttpError(400, problem, { field: `lines.${i}.quantity` });
        return { row, quantity: l.quantity, gstRate: line.gstRate, ...lineRefund(line, l.quantity, interState) };
      });
      const totals = refundTotals(picked);
      // a split sale's return is refunded in parts (kept in credit_note_refunds); any other by the method chosen
      const refunds = order.payment_method === 'split' ? await splitRefunds(trx, order.id, input.refundMethod, totals.amountPaise) : null;
      const toAccount = refunds ? refunds.some((r) => r.method === 'credit') : input.refundMethod === 'credit';
      // a cashier's return over the owner's amount needs a manager's PIN (core/approvals.ts)
      if (totals.amountPaise > (await this.approvals.limits(order.vendor_id, trx)).returnPaise) {
        const ask = { kind: 'return' as const, ref: order.id, details: { amount: totals.amountPaise / 100 } };
        await this.approvals.record(trx, user, ask, this.approvals.grant(user, ask, approvedBy));
      }

      // the counter row stays locked from here to the commit: the vendor's other returns queue on it
      const vendor = await trx
        .selectFrom('users')
        .select(['invoice_prefix', 'shop_name', 'name'])
        .where('id', '=', order.vendor_id)
        .executeTakeFirstOrThrow();
      const fy = financialYear(now);
      const series = creditNoteSeries(vendor.invoice_prefix || defaultInvoicePrefix(vendor.shop_name || vendor.name), fy);
      const { rows: counter } = await sql<{ last_seq: number }>`
        INSERT INTO credit_note_counters (vendor_id, fy, last_seq) VALUES (${order.vendor_id}, ${fy}, 1)
        ON CONFLICT (vendor_id, fy) DO UPDATE SET last_seq = credit_note_counters.last_seq + 1
        RETURNING last_seq`.execute(trx);
      const seq = Number(counter[0].last_seq);
      if (seq > SEQ_MAX) throw conflict(coded(CODE.documentSeriesFull));
      const number = invoiceNumber(series, seq);
      const id = input._id ?? newId();
      // made at a till: the drawer's shift open then counts a cash refund (none open: recorded all the same)
      const shiftId = await actShift(trx, user, { header: tillHeader }, now);
      await trx
        .insertInto('credit_notes')
        .values({
          id,
          vendor_id: order.vendor_id,
          order_id: order.id,
          shop_customer_id: toAccount ? order.shop_customer_id : null,
          fy,
          series,
          seq,
          number,
          refund_method: input.refundMethod,
          restock: input.restock,
          amount_paise: totals.amountPaise,
          taxable_paise: totals.taxablePaise,
          cgst_paise: totals.cgstPaise,
          sgst_paise: totals.sgstPaise,
          igst_paise: totals.igstPaise,
          created_at: now,
          created_by: user.id,
          ...(shiftId ? { shift_id: shiftId } : {}),
        })
        .execute();
      await trx
        .insertInto('credit_note_lines')
        .values(
          picked.map((p, i) => ({
            credit_note_id: id,
            position: i + 1,
            order_line_id: p.row.id,
            product_id: p.row.product_id,
            name: p.row.name,
            name_ta: p.row.name_ta,
            unit: unitOf(p.row.unit),
            quantity: quantityText(p.quantity),
            unit_price_paise: Number(p.row.unit_price_paise) - Number(p.row.unit_discount_paise),
            amount_paise: p.amountPaise,
            gst_rate: p.gstRate,
            hsn_code: p.row.hsn_code,
            taxable_paise: p.taxablePaise,
            cgst_paise: p.cgstPaise,
            sgst_paise: p.sgstPaise,
            igst_paise: p.igstPaise,
          })),
        )
        .execute();
      if (refunds?.length) {
        await trx
          .insertInto('credit_note_refunds')
          .values(refunds.map((r) => ({ credit_note_id: id, method: r.method as RefundMethod, amount_paise: r.amountPaise })))
          .execute();
      }
      await this.moveStock(trx, picked, input.restock, number, user.id);
      if (customer && toAccount) await settleSales(trx, customer);
      // loyalty points: the returned part's earned points come back out, its share of those redeemed goes back
      await pointsOnCreditNote(trx, { orderId: order.id, creditNoteId: id, amountPaise: totals.amountPaise, at: now, by: user.id });

      const [creditNote] = await loadCreditNotes(trx, [id]);
      // the answer is kept under the Idempotency-Key in the same transaction: a crash after the commit replays it
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(creditNote));
      return { created: true, creditNote };
    });
  }

  /**
   * The goods come back in (ledger kind 'return', ref the note's number); not restocked, they go
   * straight out again as a damaged adjustment. Products deleted since are skipped (the note keeps
   * the line); products in id order, like checkout takes them.
   */
  private async moveStock(
    trx: Db,
    picked: readonly { row: LineRow; quantity: number }[],
    restock: boolean,
    ref: string,
    by: string,
  ): Promise<void> {
    const back = picked.filter((p) => p.row.product_id).sort((a, b) => a.row.product_id!.localeCompare(b.row.product_id!));
    if (back.length === 0) return;
    const move = async (sign: '+' | '-') => {
      for (const p of back) {
        await trx
          .updateTable('products')
          .set({
            count_in_stock: sql`count_in_stock ${sql.raw(sign)} ${quantityText(baseQuantity(p.quantity, p.row.pack_factor === null ? null : Number(p.row.pack_factor)))}::numeric`,
            updated_at: new Date(),
          })
          .where('id', '=', p.row.product_id!)
          .execute();
      }
    };
    await setStockContext(trx, { kind: 'return', ref, by });
    await move('+');
    if (restock) return;
    await setStockContext(trx, { kind: 'adjustment', reason: 'damaged', ref, note: 'return', by });
    await move('-');
  }

  /** GET /api/Orders/:id/returns: the order's lines with what is left to return, and its credit notes, oldest first. */
  async forOrder(user: AuthUser, orderId: string): Promise<OrderReturns> {
    if (!idSchema.safeParse(orderId).success) throw notFound(CODE.orderNotFound);
    const found = await this.db.selectFrom('orders').select(['id', 'vendor_id']).where('id', '=', orderId).executeTakeFirst();
    const order = assertOwner(user, found, CODE.orderNotFound);
    const [rows, notes] = await Promise.all([
      linesWithReturns(this.db, order.id),
      this.db.selectFrom('credit_notes').select('id').where('order_id', '=', order.id).orderBy('seq').execute(),
    ]);
    return {
      lines: rows.map(toReturnableDto),
      creditNotes: await loadCreditNotes(
        this.db,
        notes.map((n) => n.id),
      ),
    };
  }

  /** GET /api/credit-notes: the vendor's notes (an admin's: every vendor's) issued from..to, newest first. */
  async list(user: AuthUser, range: { from?: string; to?: string }): Promise<CreditNoteDto[]> {
    let q = this.db.selectFrom('credit_notes').select('id').orderBy('created_at', 'desc').orderBy('seq', 'desc').limit(1000);
    const vendorId = sellerScope(user);
    if (vendorId) q = q.where('vendor_id', '=', vendorId);
    if (range.from) q = q.where('created_at', '>=', istDayStart(range.from));
    if (range.to) q = q.where('created_at', '<', istDayEnd(range.to));
    return loadCreditNotes(
      this.db,
      (await q.execute()).map((r) => r.id),
    );
  }

  /** GET /api/credit-notes/:id */
  async get(user: AuthUser, id: string): Promise<CreditNoteDto> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.creditNoteNotFound);
    const found = await this.db.selectFrom('credit_notes').select(['id', 'vendor_id']).where('id', '=', id).executeTakeFirst();
    assertOwner(user, found, CODE.creditNoteNotFound);
    const [creditNote] = await loadCreditNotes(this.db, [id]);
    if (!creditNote) throw notFound(CODE.creditNoteNotFound);
    return creditNote;
  }
}
