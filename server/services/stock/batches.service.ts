import { sql } from 'kysely';
import { batchToday, dayAfter } from '../../../core/batch';
import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { toPaise, toRupees } from '../../../core/money';
import type { BatchDto, ExpiringResponse, PurchaseBatchInput, WriteOffInput, WriteOffResult } from '../../../core/schemas/batch';
import { fromMilli, quantityText, toMilli } from '../../../core/units';
import type { Db } from '../../db';
import { conflict, fieldError } from '../../lib/errors';
import { assertOwner, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { setStockContext } from './stock-context';

/**
 * Batches and expiry (migration 048). The batches' quantities are moved by the ledger's trigger only,
 * whatever changes stock; this module names the batch where the writer knows it (a cashier's pick, a
 * purchase line's batch, a write-off), checks expiry, and lists batches and what expires soon.
 */

const batchColumns = [
  'b.id',
  'b.product_id',
  'b.number',
  sql<string | null>`to_char(b.expiry, 'YYYY-MM-DD')`.as('expiry'),
  'b.quantity',
  'b.mrp_paise',
  'b.cost_paise',
] as const;

interface BatchRow {
  id: string;
  product_id: string;
  number: string;
  expiry: string | null;
  quantity: string;
  mrp_paise: number | string | null;
  cost_paise: number | string | null;
}

const money = (paise: number | string | null) => (paise === null ? null : toRupees(Number(paise)));

const toBatchDto = (b: BatchRow, today: string): BatchDto => ({
  _id: b.id,
  productId: b.product_id,
  number: b.number,
  expiry: b.expiry,
  expired: b.expiry !== null && b.expiry < today,
  quantity: Number(b.quantity),
  mrp: money(b.mrp_paise),
  cost: money(b.cost_paise),
});

/**
 * The batch each sale line names (its number), checked: one of the product's batches and not expired
 * (400 `batchNotFound` / `batchExpired`); answers product id -> batch id for the stock context.
 */
export async function namedSaleBatches(
  trx: Db,
  lines: ReadonlyArray<{ productId: string; batch?: string | undefined }>,
): Promise<Record<string, string>> {
  const named = lines.map((l, i) => ({ ...l, i })).filter((l) => l.batch);
  if (!named.length) return {};
  const rows = await trx
    .selectFrom('product_batches as b')
    .select(batchColumns)
    .where(
      'b.product_id',
      'in',
      named.map((l) => l.productId),
    )
    .execute();
  const today = batchToday();
  const out: Record<string, string> = {};
  for (const l of named) {
    const number = l.batch!.trim();
    const b = rows.find((r) => r.product_id === l.productId && r.number.toLowerCase() === number.toLowerCase());
    if (!b) throw fieldError(`products.${l.i}.batch`, CODE.batchNotFound, { number });
    if (b.expiry !== null && b.expiry < today) throw fieldError(`products.${l.i}.batch`, CODE.batchExpired, { number: b.number });
    out[l.productId] = b.id;
  }
  return out;
}

/**
 * An online order never takes an expired batch: a product kept in batches whose unexpired stock is
 * short of its line refuses the order (409 notEnoughStock), like a product short of stock.
 */
export async function checkFreshStock(
  trx: Db,
  lines: ReadonlyArray<{ productId: string; baseQuantity: number; name: string }>,
): Promise<void> {
  if (!lines.length) return;
  const fresh = await trx
    .selectFrom('products as p')
    .leftJoin('product_batches as b', (j) =>
      j.onRef('b.product_id', '=', 'p.id').on(sql<boolean>`(b.expiry IS NULL OR b.expiry >= ${batchToday()}::date) AND b.quantity > 0`),
    )
    .select(['p.id', sql<string>`coalesce(sum(b.quantity), 0)`.as('fresh')])
    .where(
      'p.id',
      'in',
      lines.map((l) => l.productId),
    )
    .where('p.tracks_batches', '=', true)
    .groupBy('p.id')
    .execute();
  for (const f of fresh) {
    const line = lines.find((l) => l.productId === f.id)!;
    if (toMilli(Number(f.fresh)) < toMilli(line.baseQuantity)) throw conflict(coded(CODE.notEnoughStock, { name: line.name }));
  }
}

/**
 * The batches of a purchase's lines (before its stock comes in): a product kept in batches needs one
 * (400 `batchRequired`), never already expired (400 `batchExpired`); the batch is made or updated by
 * its number (its cost: the one given, else the line's unit cost) and the line points at it.
 */
export async function recordPurchaseBatches(
  trx: Db,
  purchase: { id: string; vendorId: string },
  /** Each line as entered, with what one base unit cost (a pack line's cost / its factor): a batch's cost when it names none. */
  lines: ReadonlyArray<{ productId: string; baseUnitCostPaise: number; batch?: PurchaseBatchInput | undefined }>,
): Promise<void> {
  const tracking = await trx
    .selectFrom('products')
    .select(['id', 'name'])
    .where(
      'id',
      'in',
      lines.map((l) => l.productId),
    )
    .where('tracks_batches', '=', true)
    .execute();
  if (!tracking.length) return;
  const nameOf = new Map(tracking.map((p) => [p.id, p.name]));
  const today = batchToday();
  for (const [i, l] of lines.entries()) {
    const name = nameOf.get(l.productId);
    if (name === undefined) continue;
    if (!l.batch) throw fieldError(`lines.${i}.batch`, CODE.batchRequired, { name });
    if (l.batch.expiry < today) throw fieldError(`lines.${i}.batch.expiry`, CODE.batchExpired, { number: l.batch.number });
  }
  for (const [i, l] of lines.entries()) {
    if (!nameOf.has(l.productId)) continue;
    const b = l.batch!;
    const { rows } = await sql<{ id: string }>`
      INSERT INTO product_batches (product_id, vendor_id, number, expiry, mrp_paise, cost_paise)
      VALUES (${l.productId}, ${purchase.vendorId}, ${b.number}, ${b.expiry}::date,
        ${b.mrp === undefined ? null : toPaise(b.mrp)}, ${b.cost === undefined ? l.baseUnitCostPaise : toPaise(b.cost)})
      ON CONFLICT (product_id, number) DO UPDATE SET expiry = EXCLUDED.expiry,
        mrp_paise = coalesce(EXCLUDED.mrp_paise, product_batches.mrp_paise), cost_paise = EXCLUDED.cost_paise
      RETURNING id`.execute(trx);
    await trx
      .updateTable('purchase_lines')
      .set({ batch_id: rows[0].id })
      .where('purchase_id', '=', purchase.id)
      .where('position', '=', i + 1)
      .execute();
  }
}

export class BatchesService {
  constructor(private readonly db: Db) {}

  /** GET /api/stock/batches: a product's batches (any quantity but 0), earliest expiry first; without one, the shop's batches with stock. */
  async list(user: AuthUser, productId?: string): Promise<BatchDto[]> {
    let q = this.db
      .selectFrom('product_batches as b')
      .select(batchColumns)
      .orderBy(sql`b.expiry asc nulls last`)
      .orderBy('b.created_at');
    if (productId) {
      const p = await this.db.selectFrom('products').select(['id', 'vendor_id']).where('id', '=', productId).executeTakeFirst();
      assertOwner(user, p, CODE.productNotFound);
      q = q.where('b.product_id', '=', productId).where('b.quantity', '<>', sql<string>`0`);
    } else {
      const own = sellerScope(user);
      if (own) q = q.where('b.vendor_id', '=', own);
      q = q
        .innerJoin('products as p', 'p.id', 'b.product_id')
        .where('p.tracks_batches', '=', true)
        .where('b.quantity', '>', sql<string>`0`)
        .limit(20000);
    }
    const today = batchToday();
    return (await q.execute()).map((b) => toBatchDto(b, today));
  }

  /** GET /api/stock/expiring: the shop's batches with stock expiring within `days` (and those already expired), valued at cost. */
  async expiring(user: AuthUser, days: number): Promise<ExpiringResponse> {
    const today = batchToday();
    const until = dayAfter(today, days);
    let q = this.db
      .selectFrom('product_batches as b')
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .select(batchColumns)
      .select(['p.name', 'p.tamil', 'p.unit', 'p.cost_price_paise'])
      .where('p.tracks_batches', '=', true)
      .where('b.quantity', '>', sql<string>`0`)
      .where(sql<boolean>`b.expiry <= ${until}::date`)
      .orderBy('b.expiry')
      .orderBy('p.name')
      .limit(5000);
    const own = sellerScope(user);
    if (own) q = q.where('b.vendor_id', '=', own);
    const rows = (await q.execute()).map((r) => {
      const costPaise = r.cost_paise ?? r.cost_price_paise;
      const valuePaise = costPaise === null ? 0 : Math.round((toMilli(Number(r.quantity)) * Number(costPaise)) / 1000);
      return {
        ...toBatchDto(r, today),
        name: r.name,
        nameTa: r.tamil ?? '',
        unit: r.unit,
        unitCost: money(costPaise),
        value: toRupees(valuePaise),
        valuePaise,
      };
    });
    return {
      days,
      until,
      rows: rows.map(({ valuePaise: _v, ...r }) => r),
      totals: {
        batches: rows.length,
        expired: rows.filter((r) => r.expired).length,
        value: toRupees(rows.reduce((s, r) => s + r.valuePaise, 0)),
      },
    };
  }

  /**
   * POST /api/stock/expiring/write-off: each batch's stock goes out as an `expired` adjustment taken
   * from that batch (the ledger row names it). Products are locked in id order like a sale locks them;
   * a batch at 0 (written off already) is skipped, so sending it again changes nothing.
   */
  async writeOff(user: AuthUser, input: WriteOffInput): Promise<WriteOffResult> {
    return this.db.transaction().execute(async (trx) => {
      const ids = [...new Set(input.batchIds)];
      const found = await trx.selectFrom('product_batches').select(['id', 'product_id', 'vendor_id']).where('id', 'in', ids).execute();
      if (found.length < ids.length) throw fieldError('batchIds', CODE.productNotFound);
      for (const b of found) assertOwner(user, b, CODE.productNotFound);
      const productIds = [...new Set(found.map((b) => b.product_id))].sort();
      await trx.selectFrom('products').select('id').where('id', 'in', productIds).orderBy('id').forUpdate().execute();
      const batches = await trx
        .selectFrom('product_batches as b')
        .select(batchColumns)
        .where('b.id', 'in', ids)
        .orderBy('b.product_id')
        .orderBy(sql`b.expiry asc nulls last`)
        .orderBy('b.id')
        .execute();
      const written: WriteOffResult['written'] = [];
      for (const b of batches) {
        const milli = toMilli(Number(b.quantity));
        if (milli <= 0) continue;
        await setStockContext(trx, {
          kind: 'adjustment',
          reason: 'expired',
          note: b.number,
          by: user.id,
          batches: { [b.product_id]: b.id },
        });
        await trx
          .updateTable('products')
          .set({ count_in_stock: sql`count_in_stock - ${quantityText(fromMilli(milli))}::numeric`, updated_at: new Date() })
          .where('id', '=', b.product_id)
          .execute();
        written.push({ batchId: b.id, number: b.number, productId: b.product_id, quantity: fromMilli(milli) });
      }
      return { written };
    });
  }
}
