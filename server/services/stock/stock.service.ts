import { sql } from 'kysely';
import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import type { StockAdjustmentInput, StockCountInput, StockCountResult } from '../../../core/schemas/stock';
import { formatQuantity, fromMilli, isDecimalUnit, quantityText, stockError, toMilli } from '../../../core/units';
import { firstDuplicate } from '../../../core/order-rules';
import type { Db } from '../../db';
import { fieldError, HttpError } from '../../lib/errors';
import { assertOwner, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { setStockContext } from './stock-context';
import { ledgerPage } from './stock-ledger';
import { personOf } from '../staff/staff-queries';

/**
 * The stock ledger seen and corrected by hand: a product's movements, a single adjustment (damaged,
 * expired, lost...) and the shelf count of many products at once. A vendor reaches its own products
 * only, an admin any; another vendor's product answers 404 like a missing one. Every change is
 * written by the trigger of migration 018 under the context named here.
 */
export class StockService {
  constructor(private readonly db: Db) {}

  /** A page of the product's movements, oldest first: the newest `limit` older than `before` (core/schemas/stock.ts). */
  async ledger(user: AuthUser, productId: string, page: { limit: number; before?: number }) {
    const row = await this.db.selectFrom('products').select(['id', 'vendor_id']).where('id', '=', productId).executeTakeFirst();
    assertOwner(user, row, CODE.productNotFound);
    return ledgerPage(this.db, productId, page);
  }

  /**
   * Adds or takes away stock for a reason; refuses a result below zero and decimals for a whole-number unit.
   * A product kept in batches may name the batch (else the trigger takes the earliest expiry first).
   */
  async adjust(user: AuthUser, input: StockAdjustmentInput) {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('products')
        .select(['id', 'vendor_id', 'name', 'unit', 'count_in_stock'])
        .where('id', '=', input.productId)
        .forUpdate()
        .executeTakeFirst();
      const p = assertOwner(user, found, CODE.productNotFound);
      if (!isDecimalUnit(p.unit) && !Number.isInteger(input.quantity)) {
        throw new HttpError(400, coded(CODE.quantityWhole, { name: p.name, unit: p.unit }), { field: 'quantity' });
      }
      const before = toMilli(Number(p.count_in_stock));
      const after = before + toMilli(input.quantity);
      if (after < 0) {
        throw fieldError('quantity', CODE.stockBelowZero, { name: p.name, stock: formatQuantity(fromMilli(before), p.unit) });
      }
      const batch = input.batch ? await namedBatch(trx, p, input.batch, input.quantity) : null;
      await setStockContext(trx, {
        kind: 'adjustment',
        reason: input.reason,
        note: input.note ?? null,
        by: user.id,
        batches: batch ? { [p.id]: batch } : null,
      });
      await trx
        .updateTable('products')
        .set({ count_in_stock: quantityText(fromMilli(after)), updated_at: new Date() })
        .where('id', '=', p.id)
        .execute();
      const [movement] = (await ledgerPage(trx, p.id, { limit: 1 })).movements;
      return { movement, countInStock: fromMilli(after), by: (await personOf(trx, user.id))! };
    });
  }

  /**
   * A shelf count: in one transaction the products are locked (id order, as checkout locks them) and
   * each is set to its counted figure, an adjustment for reason 'count'; a line that matches the book
   * writes nothing. Products not in the count stay as they are.
   */
  async count(user: AuthUser, input: StockCountInput): Promise<StockCountResult> {
    const ids = input.lines.map((l) => l.productId);
    if (firstDuplicate(ids)) throw fieldError('lines', CODE.duplicateProducts);
    return this.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('products').select(['id', 'name', 'unit', 'count_in_stock']).where('id', 'in', ids);
      const own = sellerScope(user);
      if (own) q = q.where('vendor_id', '=', own);
      const locked = await q.orderBy('id').forUpdate().execute();
      const byId = new Map(locked.map((p) => [p.id, p]));
      const lines = input.lines.map((l, i) => {
        const p = byId.get(l.productId);
        if (!p) throw new HttpError(404, coded(CODE.productNotFound), { field: `lines.${i}.productId` });
        const err = stockError(l.counted, p.unit);
        if (err) throw new HttpError(400, err, { field: `lines.${i}.counted` });
        const before = toMilli(Number(p.count_in_stock));
        const counted = toMilli(l.counted);
        return { productId: p.id, before, counted };
      });
      await setStockContext(trx, { kind: 'adjustment', reason: 'count', by: user.id });
      for (const l of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
        if (l.counted === l.before) continue;
        await trx
          .updateTable('products')
          .set({ count_in_stock: quantityText(fromMilli(l.counted)), updated_at: new Date() })
          .where('id', '=', l.productId)
          .execute();
      }
      return {
        by: (await personOf(trx, user.id))!,
        lines: lines.map((l) => ({
          productId: l.productId,
          before: fromMilli(l.before),
          counted: fromMilli(l.counted),
          difference: fromMilli(l.counted - l.before),
        })),
      };
    });
  }
}

/**
 * The batch an adjustment names (its number, any case), of the product being adjusted (locked by the
 * caller): its id. 400 `batchNotFound` for a batch the product does not have, `batchShort` for taking
 * more than it holds. An expired batch may be named: writing off expired stock is what adjustments do.
 */
async function namedBatch(trx: Db, p: { id: string; unit: string }, number: string, quantity: number): Promise<string> {
  const b = await trx
    .selectFrom('product_batches')
    .select(['id', 'number', 'quantity'])
    .where('product_id', '=', p.id)
    .where(sql<string>`lower(number)`, '=', number.trim().toLowerCase())
    .executeTakeFirst();
  if (!b) throw fieldError('batch', CODE.batchNotFound, { number: number.trim() });
  const held = toMilli(Number(b.quantity));
  if (quantity < 0 && held + toMilli(quantity) < 0) {
    throw fieldError('batch', CODE.batchShort, { number: b.number, stock: formatQuantity(fromMilli(Math.max(held, 0)), p.unit) });
  }
  return b.id;
}
