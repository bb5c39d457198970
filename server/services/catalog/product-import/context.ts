import type { Db } from '../../../db';

/** The stored fields of a product the import compares and writes. */
export const STORED_COLUMNS = [
  'id',
  'vendor_id',
  'name',
  'tamil',
  'tamil_key',
  'description',
  'price_paise',
  'shop_price_paise',
  'is_free',
  'discount_paise',
  'count_in_stock',
  'unit',
  'reorder_level',
  'category_id',
  'subcategory_id',
  'gst_id',
  'barcode',
  'sku',
  'cost_price_paise',
] as const;

export type StoredProduct = Awaited<ReturnType<typeof loadProducts>>[number];

/** The seller's products, once per import (a shop has hundreds or a few thousands). */
export function loadProducts(db: Db, vendorId: string) {
  return db.selectFrom('products').select(STORED_COLUMNS).where('vendor_id', '=', vendorId).execute();
}

export interface NamedRow {
  id: string;
  name: string;
  name_ta: string;
}

/** Everything a row's names are looked up in, read once: the seller's products, categories, GST records. */
export interface ImportContext {
  vendorId: string;
  byId: Map<string, StoredProduct>;
  byBarcode: Map<string, StoredProduct>;
  bySku: Map<string, StoredProduct>;
  categories: Map<string, NamedRow>;
  categoryById: Map<string, NamedRow>;
  /** Subcategories by category id, then by lower-case English or Tamil name. */
  subcategories: Map<string, Map<string, NamedRow>>;
  subcategoryById: Map<string, NamedRow>;
  gsts: { id: string; rate: number; hsn: string; active: boolean }[];
}

/** English and Tamil names as keys (lower case, spaces collapsed). */
export const nameKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

function indexByNames<T extends NamedRow>(rows: T[], into = new Map<string, T>()) {
  for (const r of rows) {
    if (r.name_ta) into.set(nameKey(r.name_ta), r);
  }
  // English names win over a Tamil name spelled the same
  for (const r of rows) into.set(nameKey(r.name), r);
  return into;
}

export async function loadContext(db: Db, vendorId: string): Promise<ImportContext> {
  const [products, cats, subs, gsts] = await Promise.all([
    loadProducts(db, vendorId),
    db.selectFrom('categories').select(['id', 'name', 'name_ta']).execute(),
    db.selectFrom('subcategories').select(['id', 'category_id', 'name', 'name_ta']).execute(),
    db.selectFrom('gsts').select(['id', 'rate', 'hsn_code', 'is_active']).execute(),
  ]);
  const subcategories = new Map<string, Map<string, NamedRow>>();
  for (const c of cats) subcategories.set(c.id, indexByNames(subs.filter((s) => s.category_id === c.id)));
  return {
    vendorId,
    byId: new Map(products.map((p) => [p.id, p])),
    byBarcode: new Map(products.filter((p) => p.barcode).map((p) => [p.barcode!, p])),
    bySku: new Map(products.filter((p) => p.sku).map((p) => [p.sku!.toLowerCase(), p])),
    categories: indexByNames(cats),
    categoryById: new Map(cats.map((c) => [c.id, c])),
    subcategories,
    subcategoryById: new Map(subs.map((s) => [s.id, s])),
    gsts: gsts.map((g) => ({ id: g.id, rate: Number(g.rate), hsn: g.hsn_code ?? '', active: g.is_active })),
  };
}

/** True when one of the product ids belongs to another seller than `vendorId` (a file naming another shop's products). */
export async function foreignIds(db: Db, ids: string[], vendorId: string): Promise<boolean> {
  if (ids.length === 0) return false;
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('id', 'in', ids)
    .where('vendor_id', '!=', vendorId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
