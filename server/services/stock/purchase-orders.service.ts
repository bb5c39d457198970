import { sql } from 'kysely';
import { coded } from '../../../core/coded';
import { defaultInvoicePrefix, documentSeries, financialYear, invoiceNumber, SEQ_MAX } from '../../../core/invoice';
import { CODE } from '../../../core/message-codes';
import type { PurchaseOrderStatus } from '../../../core/purchase-order';
import { idSchema } from '../../../core/schemas/common';
import type { CreatePurchaseOrderInput, PurchaseOrderDto, PurchaseOrderSummaryDto } from '../../../core/schemas/purchase-order';
import { quantityError, quantityText, unitOf } from '../../../core/units';
import type { Db } from '../../db';
import { badRequest, conflict, fieldError, HttpError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertOwner, ownedBy, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { IdempotencyService } from '../platform/idempotency.service';
import type { IdempotencyClaim } from '../sales/checkout.service';
import { loadPurchaseOrder, orderHeads, summariesOf } from './purchase-order-queries';

/**
 * A bill that names a purchase order (POST /api/purchases with purchaseOrderId): the order must be
 * the bill's shop's and supplier's (else a coded 400) and not closed (409). The order's row is locked
 * to the commit, so a receipt and closing the order never cross. Called inside the bill's transaction.
 */
export async function checkReceiptOrder(trx: Db, orderId: string, vendorId: string, supplier: { id: string; name: string }): Promise<void> {
  const order = await trx
    .selectFrom('purchase_orders as po')
    .innerJoin('suppliers as s', 's.id', 'po.supplier_id')
    .select(['po.id', 'po.vendor_id', 'po.supplier_id', 'po.number', 'po.closed_at', 's.name as supplier_name'])
    .where('po.id', '=', orderId)
    .forUpdate('po')
    .executeTakeFirst();
  if (!order || order.vendor_id !== vendorId) throw fieldError('purchaseOrderId', CODE.purchaseOrderNotFound);
  if (order.supplier_id !== supplier.id) {
    throw fieldError('purchaseOrderId', CODE.purchaseOrderOtherSupplier, { number: order.number, supplier: order.supplier_name });
  }
  if (order.closed_at) throw conflict(coded(CODE.purchaseOrderClosed, { number: order.number }), { field: 'purchaseOrderId' });
}

/**
 * Purchase orders (/api/purchase-orders; docs/decisions/purchase-orders.md): what a shop asks one of
 * its suppliers for, numbered in the shop's gap-free PREFIX-PO/YY/NNNNNN series per financial year.
 * Bills that name the order are its receipts; what they brought counts against what was ordered, and
 * the order shows what is still to come. Closing it says the rest will not come. A vendor's team
 * reaches its own orders, an admin any; another shop's order answers 404.
 */
export class PurchaseOrdersService {
  constructor(private readonly db: Db) {}

  async create(user: AuthUser, input: CreatePurchaseOrderInput, idem?: IdempotencyClaim): Promise<PurchaseOrderDto> {
    const ids = input.lines.map((l) => l.productId);
    if (new Set(ids).size !== ids.length) throw badRequest(CODE.duplicateProducts);
    return this.db.transaction().execute(async (trx) => {
      const supplier = await trx.selectFrom('suppliers').select(['id', 'vendor_id']).where('id', '=', input.supplierId).executeTakeFirst();
      if (!supplier || !ownedBy(user, supplier.vendor_id)) throw fieldError('supplierId', CODE.purchaseOrderSupplierUnknown);
      const vendorId = supplier.vendor_id;
      const products = await trx.selectFrom('products').select(['id', 'vendor_id', 'name', 'unit']).where('id', 'in', ids).execute();
      const byId = new Map(products.map((p) => [p.id, p]));
      input.lines.forEach((l, i) => {
        const p = byId.get(l.productId);
        if (!p || p.vendor_id !== vendorId) throw fieldError(`lines.${i}.productId`, CODE.purchaseOrderProductNotOfShop);
        const problem = quantityError(l.quantity, p.unit, p.name);
        if (problem) throw new HttpError(400, problem, { field: `lines.${i}.quantity` });
      });

      // the counter row stays locked from here to the commit: the shop's other orders queue on it, and a
      // rolled back order gives its number back (no gaps)
      const vendor = await trx
        .selectFrom('users')
        .select(['invoice_prefix', 'shop_name', 'name'])
        .where('id', '=', vendorId)
        .executeTakeFirstOrThrow();
      const fy = financialYear(new Date());
      const series = documentSeries('purchaseOrder', vendor.invoice_prefix || defaultInvoicePrefix(vendor.shop_name || vendor.name), fy);
      const { rows } = await sql<{ last_seq: number }>`
        INSERT INTO purchase_order_counters (vendor_id, fy, last_seq) VALUES (${vendorId}, ${fy}, 1)
        ON CONFLICT (vendor_id, fy) DO UPDATE SET last_seq = purchase_order_counters.last_seq + 1
        RETURNING last_seq`.execute(trx);
      const seq = Number(rows[0].last_seq);
      if (seq > SEQ_MAX) throw conflict(coded(CODE.documentSeriesFull));
      const id = newId();
      await trx
        .insertInto('purchase_orders')
        .values({ id, vendor_id: vendorId, supplier_id: supplier.id, fy, seq, number: invoiceNumber(series, seq), created_by: user.id })
        .execute();
      await trx
        .insertInto('purchase_order_lines')
        .values(
          input.lines.map((l, i) => {
            const p = byId.get(l.productId)!;
            return {
              purchase_order_id: id,
              position: i + 1,
              product_id: p.id,
              name: p.name,
              unit: unitOf(p.unit),
              quantity: quantityText(l.quantity),
            };
          }),
        )
        .execute();
      const dto = (await loadPurchaseOrder(trx, id))!;
      // the answer is kept under the Idempotency-Key in the same transaction: a crash after the commit replays it
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(dto));
      return dto;
    });
  }

  /** The shop's orders (an admin: every shop's), newest first, at most 500; of one status when asked. */
  async list(user: AuthUser, query: { status?: PurchaseOrderStatus }): Promise<PurchaseOrderSummaryDto[]> {
    let q = orderHeads(this.db).limit(500);
    const vendorId = sellerScope(user);
    if (vendorId) q = q.where('po.vendor_id', '=', vendorId);
    const rows = await summariesOf(this.db, await q.execute());
    return query.status ? rows.filter((r) => r.status === query.status) : rows;
  }

  async get(user: AuthUser, id: string): Promise<PurchaseOrderDto> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.purchaseOrderNotFound);
    const found = await loadPurchaseOrder(this.db, id);
    if (!found || !ownedBy(user, found.vendorId)) throw notFound(CODE.purchaseOrderNotFound);
    return found;
  }

  /** Closes an order whose rest will not come: no receipt names it any more. Closing a closed order changes nothing. */
  async close(user: AuthUser, id: string, reason: string | undefined): Promise<PurchaseOrderDto> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.purchaseOrderNotFound);
    await this.db.transaction().execute(async (trx) => {
      const row = assertOwner(
        user,
        await trx
          .selectFrom('purchase_orders')
          .select(['id', 'vendor_id', 'closed_at'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst(),
        CODE.purchaseOrderNotFound,
      );
      if (row.closed_at) return;
      await trx
        .updateTable('purchase_orders')
        .set({ closed_at: new Date(), closed_by: user.id, close_reason: reason ?? null })
        .where('id', '=', id)
        .execute();
    });
    return this.get(user, id);
  }
}
