import { sql } from 'kysely';
import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { toPaise, toRupees } from '../../../core/money';
import { packsError } from '../../../core/packs';
import { quantityText } from '../../../core/units';
import type { PackDto, PackInput } from '../../../core/schemas/product';
import type { Db } from '../../db';
import { conflict, HttpError } from '../../lib/errors';
import { newId } from '../../lib/ids';

/** A pack as read with its product (json: factor a number, price in paise). */
export interface PackRow {
  name: string;
  factor: number | string;
  barcode: string | null;
  price_paise: number | string | null;
}

/** A product's packs in the vendor's order as one json column of a products (p) query; null: none. */
export const PACKS_COLUMN = sql<PackRow[] | null>`(SELECT json_agg(json_build_object('name', pk.name, 'factor', pk.factor,
  'barcode', pk.barcode, 'price_paise', pk.price_paise) ORDER BY pk.position) FROM product_packs pk WHERE pk.product_id = p.id)`.as(
  'packs',
);

/** The DTO's packs (rupees at the edge). */
export const toPackDtos = (rows: readonly PackRow[] | null | undefined): PackDto[] =>
  (rows ?? []).map((r) => ({
    name: r.name,
    factor: Number(r.factor),
    barcode: r.barcode,
    price: r.price_paise === null ? null : toRupees(Number(r.price_paise)),
  }));

/** A pack as the server works with it: factor a number, price in paise (null: factor × the shop price). */
export interface ServerPack {
  name: string;
  factor: number;
  barcode: string | null;
  pricePaise: number | null;
}

const toServerPack = (r: PackRow): ServerPack => ({
  name: r.name,
  factor: Number(r.factor),
  barcode: r.barcode,
  pricePaise: r.price_paise === null ? null : Number(r.price_paise),
});

/** The packs of these products, by product id (products without packs are absent). */
export async function packsOfProducts(db: Db, productIds: readonly string[]): Promise<Map<string, ServerPack[]>> {
  const byProduct = new Map<string, ServerPack[]>();
  if (!productIds.length) return byProduct;
  const rows = await db
    .selectFrom('product_packs')
    .select(['product_id', 'name', 'factor', 'barcode', 'price_paise'])
    .where('product_id', 'in', [...productIds])
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const r of rows) {
    const list = byProduct.get(r.product_id) ?? [];
    list.push(toServerPack(r));
    byProduct.set(r.product_id, list);
  }
  return byProduct;
}

/**
 * Checks a product's packs against its base unit (factor > 0 with up to 3 decimals, whole for a unit
 * sold whole, names unique) and their barcodes against the shop's: no other pack and no product
 * (this one included) may carry one, and the product's own barcode may be no pack's of the shop.
 * Coded 400 for the packs themselves, 409 for a barcode taken.
 */
export async function checkPacks(
  db: Db,
  vendorId: string,
  unit: string,
  packs: readonly PackInput[] | undefined,
  productBarcode: string | null | undefined,
  productId?: string,
): Promise<void> {
  if (packs) {
    const problem = packsError(packs, unit);
    if (problem) throw new HttpError(400, problem.error, { field: problem.field });
    for (const [i, p] of packs.entries()) {
      if (!p.barcode) continue;
      if (p.barcode === productBarcode) throw conflict(coded(CODE.barcodeTaken), { field: `packs.${i}.barcode` });
      const product = await db
        .selectFrom('products')
        .select('id')
        .where('vendor_id', '=', vendorId)
        .where('barcode', '=', p.barcode)
        .executeTakeFirst();
      let other = db.selectFrom('product_packs').select('id').where('vendor_id', '=', vendorId).where('barcode', '=', p.barcode);
      if (productId) other = other.where('product_id', '!=', productId);
      if (product || (await other.executeTakeFirst())) throw conflict(coded(CODE.barcodeTaken), { field: `packs.${i}.barcode` });
    }
  }
  if (productBarcode) {
    let q = db.selectFrom('product_packs').select('id').where('vendor_id', '=', vendorId).where('barcode', '=', productBarcode);
    if (productId) q = q.where('product_id', '!=', productId);
    if (await q.executeTakeFirst()) throw conflict(coded(CODE.barcodeTaken), { field: 'barcode' });
  }
}

/** Replaces a product's packs (inside the caller's transaction); left out (undefined) keeps them. */
export async function savePacks(trx: Db, productId: string, vendorId: string, packs: readonly PackInput[] | undefined): Promise<void> {
  if (packs === undefined) return;
  await trx.deleteFrom('product_packs').where('product_id', '=', productId).execute();
  if (!packs.length) return;
  await trx
    .insertInto('product_packs')
    .values(
      packs.map((p, i) => ({
        id: newId(),
        product_id: productId,
        vendor_id: vendorId,
        name: p.name,
        factor: quantityText(p.factor),
        barcode: p.barcode ?? null,
        price_paise: p.price == null ? null : toPaise(p.price),
        position: i + 1,
      })),
    )
    .execute();
}
