import { sql } from 'kysely';
import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { toPaise, toRupees } from '../../../core/money';
import { isInterStateSupplier, purchaseLineTax, purchaseTotals, weightedCostPaise } from '../../../core/purchase';
import { idSchema } from '../../../core/schemas/common';
import type { CreatePurchaseInput, InputGstResponse, PurchaseDto, PurchaseSummaryDto, SupplierDto } from '../../../core/schemas/purchase';
import { quantityError, quantityText, unitOf } from '../../../core/units';
import type { Db } from '../../db';
import { newId } from '../../lib/ids';
import { badRequest, conflict, HttpError, note, notFound } from '../../lib/errors';
import { assertOwner, ownedBy, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import type { IdempotencyClaim } from '../sales/checkout.service';
import { IdempotencyService } from '../platform/idempotency.service';
import { setStockContext } from './stock-context';
import { baseQuantity, baseUnitCostPaise, packWeightedCostPaise } from '../../../core/packs';
import { linePacks } from '../sales/pack-lines';
import { baseQuantitySql } from '../sales/order-queries';
import { recordPurchaseBatches } from './batches.service';
import { checkReceiptOrder } from './purchase-orders.service';
import { PAID_PAISE, RETURNED_PAISE } from '../suppliers/supplier-queries';
import { debitNoteRefsOf, returnedByProduct } from './debit-note-queries';
import { paymentState } from '../../../core/supplier-payables';
import { byOf, personName } from '../staff/staff-queries';

/** Bill dates from..to, both included (YYYY-MM-DD, India time). */
interface Range {
  from?: string;
  to?: string;
}

const money = (r: { taxable_paise: number; cgst_paise: number; sgst_paise: number; igst_paise: number }, total: number) => ({
  taxable: toRupees(Number(r.taxable_paise)),
  cgst: toRupees(Number(r.cgst_paise)),
  sgst: toRupees(Number(r.sgst_paise)),
  igst: toRupees(Number(r.igst_paise)),
  total: toRupees(Number(total)),
});

/** The purchases' heads with their suppliers, newest bill date first. */
function heads(db: Db) {
  return db
    .selectFrom('purchases as p')
    .innerJoin('suppliers as s', 's.id', 'p.supplier_id')
    .select([
      'p.id',
      'p.vendor_id',
      'p.bill_number',
      sql<string>`to_char(p.bill_date, 'YYYY-MM-DD')`.as('bill_date'),
      'p.inter_state',
      'p.taxable_paise',
      'p.cgst_paise',
      'p.sgst_paise',
      'p.igst_paise',
      'p.total_paise',
      'p.created_at',
      'p.created_by',
      personName('p.created_by').as('by_name'),
      'p.cancelled_at',
      'p.cancel_reason',
      's.id as supplier_id',
      's.name as supplier_name',
      's.phone as supplier_phone',
      's.gstin as supplier_gstin',
      sql<number>`(SELECT count(*)::int FROM purchase_lines l WHERE l.purchase_id = p.id)`.as('line_count'),
      PAID_PAISE.as('paid_paise'),
      RETURNED_PAISE.as('returned_paise'),
    ])
    .orderBy('p.bill_date', 'desc')
    .orderBy('p.created_at', 'desc');
}
type Head = Awaited<ReturnType<ReturnType<typeof heads>['execute']>>[number];

const summary = (h: Head): PurchaseSummaryDto => ({
  _id: h.id,
  vendorId: h.vendor_id,
  supplier: { _id: h.supplier_id, name: h.supplier_name, phone: h.supplier_phone ?? '', gstin: h.supplier_gstin ?? '' },
  billNumber: h.bill_number,
  billDate: h.bill_date,
  interState: h.inter_state,
  createdAt: new Date(h.created_at).toISOString(),
  createdBy: h.created_by,
  by: byOf(h.created_by, h.by_name),
  cancelledAt: h.cancelled_at ? new Date(h.cancelled_at).toISOString() : null,
  cancelReason: h.cancel_reason,
  lineCount: Number(h.line_count),
  ...money(h, h.total_paise),
  paid: toRupees(Number(h.paid_paise)),
  returned: toRupees(Number(h.returned_paise)),
  // what is to be paid is the bill less its debit notes
  paymentState: paymentState(Number(h.total_paise) - Number(h.returned_paise), Number(h.paid_paise)),
});

/** One purchase with its lines, or undefined. */
async function loadPurchase(db: Db, id: string): Promise<PurchaseDto | undefined> {
  const head = await heads(db).where('p.id', '=', id).executeTakeFirst();
  if (!head) return undefined;
  const lines = await db.selectFrom('purchase_lines').selectAll().where('purchase_id', '=', id).orderBy('position').execute();
  const returned = await returnedByProduct(db, id);
  const debitNotes = await debitNoteRefsOf(db, id);
  const { lineCount: _count, ...rest } = summary(head);
  return {
    ...rest,
    debitNotes,
    lines: lines.map((l) => ({
      productId: l.product_id,
      name: l.name,
      unit: unitOf(l.unit),
      quantity: Number(l.quantity),
      unitCost: toRupees(Number(l.unit_cost_paise)),
      ...(l.pack_name && l.pack_factor !== null ? { packName: l.pack_name, packFactor: Number(l.pack_factor) } : {}),
      gstRate: Number(l.gst_rate),
      ...money(l, l.line_total_paise),
      returned: (l.product_id && returned.get(l.product_id)) || 0,
    })),
  };
}

/**
 * Goods received from suppliers (/api/purchases): a bill raises the stock of its products (ledger
 * kind 'purchase') and moves their cost price to the weighted average; cancelling takes the goods
 * back out ('purchase_cancelled') while the stock allows, and leaves the cost price as it is.
 * Vendors reach their own purchases and products, admins any (a bill holds one vendor's products).
 */
export class PurchasesService {
  constructor(private readonly db: Db) {}

  async create(user: AuthUser, input: CreatePurchaseInput, idem?: IdempotencyClaim): Promise<PurchaseDto> {
    const ids = input.lines.map((l) => l.productId);
    if (new Set(ids).size !== ids.length) throw badRequest(CODE.duplicateProducts);
    return this.db.transaction().execute(async (trx) => {
      // products locked in id order, like checkout takes them
      const products = await trx
        .selectFrom('products')
        .select(['id', 'vendor_id', 'name', 'unit', 'count_in_stock', 'cost_price_paise'])
        .where('id', 'in', ids)
        .orderBy('id')
        .forUpdate()
        .execute();
      const byId = new Map(products.map((p) => [p.id, p]));
      for (const id of ids) assertOwner(user, byId.get(id), CODE.productNotFound);
      const vendorIds = new Set(products.map((p) => p.vendor_id));
      if (vendorIds.size > 1) throw badRequest(CODE.purchaseMixedVendors);
      const vendorId = products[0].vendor_id;
      input.lines.forEach((l, i) => {
        const p = byId.get(l.productId)!;
        const problem = quantityError(l.quantity, p.unit, p.name);
        if (problem) throw new HttpError(400, problem, { field: `lines.${i}.quantity` });
      });
      // a line may be bought in one of the product's packs: counted in packs, cost per pack, stock in base units
      const packs = await linePacks(trx, input.lines, (pid) => byId.get(pid)!.name, 'lines');

      const supplier = await this.upsertSupplier(trx, vendorId, input.supplier);
      if (input.purchaseOrderId) await checkReceiptOrder(trx, input.purchaseOrderId, vendorId, supplier);
      const taken = await trx
        .selectFrom('purchases')
        .select('id')
        .where('supplier_id', '=', supplier.id)
        .where(sql<boolean>`lower(bill_number) = lower(${input.billNumber})`)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst();
      if (taken) {
        throw conflict(coded(CODE.purchaseBillTaken, { billNumber: input.billNumber, supplier: supplier.name }), { field: 'billNumber' });
      }

      const interState = isInterStateSupplier(supplier.gstin);
      const lines = input.lines.map((l, i) => ({
        ...l,
        packOf: packs[i],
        costPaise: toPaise(l.unitCost),
        ...purchaseLineTax(l.quantity, toPaise(l.unitCost), l.gstRate, interState),
      }));
      const totals = purchaseTotals(lines);
      const id = newId();
      await trx
        .insertInto('purchases')
        .values({
          id,
          vendor_id: vendorId,
          supplier_id: supplier.id,
          bill_number: input.billNumber,
          bill_date: input.billDate,
          inter_state: interState,
          taxable_paise: totals.taxablePaise,
          cgst_paise: totals.cgstPaise,
          sgst_paise: totals.sgstPaise,
          igst_paise: totals.igstPaise,
          total_paise: totals.totalPaise,
          created_by: user.id,
          purchase_order_id: input.purchaseOrderId ?? null,
        })
        .execute();
      await trx
        .insertInto('purchase_lines')
        .values(
          lines.map((l, i) => {
            const p = byId.get(l.productId)!;
            return {
              purchase_id: id,
              position: i + 1,
              product_id: p.id,
              name: p.name,
              unit: unitOf(p.unit),
              quantity: quantityText(l.quantity),
              unit_cost_paise: l.costPaise,
              pack_name: l.packOf?.name ?? null,
              pack_factor: l.packOf ? quantityText(l.packOf.factor) : null,
              gst_rate: l.gstRate,
              taxable_paise: l.taxablePaise,
              cgst_paise: l.cgstPaise,
              sgst_paise: l.sgstPaise,
              igst_paise: l.igstPaise,
              line_total_paise: l.totalPaise,
            };
          }),
        )
        .execute();

      // a product kept in batches receives into its line's batch (the ledger's trigger fills it)
      await recordPurchaseBatches(
        trx,
        { id, vendorId },
        input.lines.map((l, i) => ({
          ...l,
          baseUnitCostPaise: lines[i].packOf ? baseUnitCostPaise(lines[i].costPaise, lines[i].packOf.factor) : lines[i].costPaise,
        })),
      );
      await setStockContext(trx, { kind: 'purchase', ref: id, by: user.id });
      for (const l of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
        const p = byId.get(l.productId)!;
        const oldCost = p.cost_price_paise === null ? null : Number(p.cost_price_paise);
        // the cost stays per base unit: a pack's cost / its factor (core/packs.ts)
        const cost = l.packOf
          ? packWeightedCostPaise(Number(p.count_in_stock), oldCost, l.quantity, l.packOf.factor, l.costPaise)
          : weightedCostPaise(Number(p.count_in_stock), oldCost, l.quantity, l.costPaise);
        await trx
          .updateTable('products')
          .set({
            count_in_stock: sql`count_in_stock + ${quantityText(baseQuantity(l.quantity, l.packOf?.factor))}::numeric`,
            cost_price_paise: cost,
            updated_at: new Date(),
          })
          .where('id', '=', p.id)
          .execute();
      }

      const dto = (await loadPurchase(trx, id))!;
      // the answer is kept under the Idempotency-Key in the same transaction: a crash after the commit replays it
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(dto));
      return dto;
    });
  }

  /** The vendor's supplier of that name (any case), created when new; a phone or GSTIN given replaces the saved one. */
  private async upsertSupplier(trx: Db, vendorId: string, s: CreatePurchaseInput['supplier']) {
    const r = await sql<{ id: string; name: string; gstin: string | null }>`
      INSERT INTO suppliers (id, vendor_id, name, phone, gstin)
      VALUES (${newId()}, ${vendorId}, ${s.name}, ${s.phone ?? null}, ${s.gstin ?? null})
      ON CONFLICT (vendor_id, lower(name)) DO UPDATE
        SET phone = coalesce(excluded.phone, suppliers.phone), gstin = coalesce(excluded.gstin, suppliers.gstin)
      RETURNING id, name, gstin`.execute(trx);
    return r.rows[0];
  }

  async list(user: AuthUser, range: Range): Promise<PurchaseSummaryDto[]> {
    let q = heads(this.db).limit(1000);
    const vendorId = sellerScope(user);
    if (vendorId) q = q.where('p.vendor_id', '=', vendorId);
    if (range.from) q = q.where('p.bill_date', '>=', range.from);
    if (range.to) q = q.where('p.bill_date', '<=', range.to);
    return (await q.execute()).map(summary);
  }

  async get(user: AuthUser, id: string): Promise<PurchaseDto> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.purchaseNotFound);
    const found = await loadPurchase(this.db, id);
    if (!found || !ownedBy(user, found.vendorId)) throw notFound(CODE.purchaseNotFound);
    return found;
  }

  /** The vendor's suppliers by name (an admin: every vendor's), for the form's suggestions. */
  async suppliers(user: AuthUser): Promise<SupplierDto[]> {
    let q = this.db
      .selectFrom('suppliers')
      .select(['id', 'name', 'phone', 'gstin'])
      .orderBy(sql`lower(name)`)
      .limit(1000);
    const vendorId = sellerScope(user);
    if (vendorId) q = q.where('vendor_id', '=', vendorId);
    return (await q.execute()).map((s) => ({ _id: s.id, name: s.name, phone: s.phone ?? '', gstin: s.gstin ?? '' }));
  }

  /**
   * Cancels a bill: marked cancelled (never deleted) and its goods taken back out of stock, refused
   * while that would take a product's stock below zero (the goods are already sold), or once a payment
   * to the supplier settled part of it, or once goods on it were returned (a debit note). The cost price stays. Cancelling a cancelled bill changes nothing.
   */
  async cancel(user: AuthUser, id: string, reason: string): Promise<{ message: string; code: string; purchase: PurchaseDto }> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.purchaseNotFound);
    await this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('purchases')
        .select(['id', 'vendor_id', 'cancelled_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      const row = assertOwner(user, found, CODE.purchaseNotFound);
      if (row.cancelled_at) return;
      // money paid on it stays allocated to it: a paid bill is not cancelled (its supplier's balance would drift from its open bills)
      const paid = await trx
        .selectFrom('supplier_payment_allocations')
        .select('purchase_id')
        .where('purchase_id', '=', id)
        .executeTakeFirst();
      if (paid) throw conflict(coded(CODE.purchaseCancelPaid));
      // goods already sent back on a debit note: the note stands, so the bill does too
      const returned = await trx.selectFrom('debit_notes').select('id').where('purchase_id', '=', id).executeTakeFirst();
      if (returned) throw conflict(coded(CODE.purchaseCancelReturned));
      const lines = await trx
        .selectFrom('purchase_lines as l')
        .innerJoin('products as p', 'p.id', 'l.product_id')
        // in base units: a pack line took in packs × factor
        .select(['p.id', 'p.name', baseQuantitySql().as('quantity'), sql<boolean>`p.count_in_stock - ${baseQuantitySql()} < 0`.as('short')])
        .where('l.purchase_id', '=', id)
        .orderBy('p.id')
        .forUpdate('p')
        .execute();
      const short = lines.find((l) => l.short);
      if (short) throw conflict(coded(CODE.purchaseCancelStockSold, { name: short.name }));
      await setStockContext(trx, { kind: 'purchase_cancelled', ref: id, note: reason, by: user.id });
      for (const l of lines) {
        await trx
          .updateTable('products')
          .set({ count_in_stock: sql`count_in_stock - ${l.quantity}::numeric`, updated_at: new Date() })
          .where('id', '=', l.id)
          .execute();
      }
      await trx
        .updateTable('purchases')
        .set({ cancelled_at: new Date(), cancelled_by: user.id, cancel_reason: reason })
        .where('id', '=', id)
        .execute();
    });
    return { ...note(CODE.purchaseCancelled), purchase: await this.get(user, id) };
  }

  /** Input GST of the bills (not cancelled) dated in the range, per GST rate, lowest rate first. */
  async inputGst(user: AuthUser, range: Range): Promise<InputGstResponse> {
    let q = this.db
      .selectFrom('purchase_lines as l')
      .innerJoin('purchases as p', 'p.id', 'l.purchase_id')
      .select([
        'l.gst_rate',
        sql<number>`sum(l.taxable_paise)::bigint`.as('taxable_paise'),
        sql<number>`sum(l.cgst_paise)::bigint`.as('cgst_paise'),
        sql<number>`sum(l.sgst_paise)::bigint`.as('sgst_paise'),
        sql<number>`sum(l.igst_paise)::bigint`.as('igst_paise'),
        sql<number>`sum(l.line_total_paise)::bigint`.as('total_paise'),
      ])
      .where('p.cancelled_at', 'is', null)
      .groupBy('l.gst_rate')
      .orderBy('l.gst_rate');
    const vendorId = sellerScope(user);
    if (vendorId) q = q.where('p.vendor_id', '=', vendorId);
    if (range.from) q = q.where('p.bill_date', '>=', range.from);
    if (range.to) q = q.where('p.bill_date', '<=', range.to);
    const rows = await q.execute();
    const sum = { taxable_paise: 0, cgst_paise: 0, sgst_paise: 0, igst_paise: 0, total_paise: 0 };
    for (const r of rows) for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += Number(r[k]);
    return {
      rows: rows.map((r) => ({ rate: Number(r.gst_rate), ...money(r, r.total_paise) })),
      totals: money(sum, sum.total_paise),
    };
  }
}
