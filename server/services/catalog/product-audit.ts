import { toRupees } from '../../../core/money';
import type { ImportChange, ImportFieldChange } from '../../../core/schemas/product-import';
import { toMilli } from '../../../core/units';
import type { Db } from '../../db';
import type { AuthUser } from '../accounts/auth-user';
import { writeAudit } from '../staff/shop-audit';

/** A product's prices (paise) and stock as stored, before or after its form is saved; a price left out is kept. */
export interface ProductFigures {
  name: string;
  price_paise: number | string;
  shop_price_paise: number | string;
  cost_price_paise?: number | string | null;
  count_in_stock: number | string;
}

/** The prices the form sets, by the names the API gives them (MRP is `price`), and their columns. */
const PRICE_FIELDS = [
  ['price', 'price_paise'],
  ['shopPrice', 'shop_price_paise'],
  ['costPrice', 'cost_price_paise'],
] as const;

const rupeesOrNull = (paise: number | string | null | undefined) => (paise == null ? null : toRupees(Number(paise)));

/**
 * The shop's audit of a product saved by hand (PUT /api/products/:id): one 'priceChange' row per price
 * that changed (MRP, selling or cost price, in rupees) and a 'stockChange' row when the stock was set
 * to another figure, each with the product, its field and the figures from and to. Written in the
 * save's transaction, asked by the person saving, in the product's shop.
 */
export async function auditProductEdit(
  trx: Pick<Db, 'insertInto'>,
  actor: AuthUser,
  product: { id: string; vendorId: string },
  before: ProductFigures,
  after: ProductFigures,
): Promise<void> {
  const entry = (field: string, from: number | null, to: number | null) => ({
    ref: product.id,
    details: { productId: product.id, name: after.name, field, from, to },
  });
  for (const [field, column] of PRICE_FIELDS) {
    if (after[column] === undefined) continue;
    const from = rupeesOrNull(before[column]);
    const to = rupeesOrNull(after[column]);
    if (from !== to) await writeAudit(trx, actor, { kind: 'priceChange', ...entry(field, from, to) }, null, product.vendorId);
  }
  const from = Number(before.count_in_stock);
  const to = Number(after.count_in_stock);
  if (toMilli(from) !== toMilli(to)) {
    await writeAudit(trx, actor, { kind: 'stockChange', ...entry('countInStock', from, to) }, null, product.vendorId);
  }
}

/** The import's columns that are prices. */
const IMPORT_PRICE_FIELDS: ReadonlySet<ImportFieldChange['field']> = new Set(['mrp', 'sellingPrice', 'costPrice']);

/**
 * The shop's audit of an import that changed prices: one 'priceChange' row for the whole file, with its
 * name, how many products had a price changed (`count`) and how many prices changed in all.
 */
export async function auditImportPrices(
  trx: Pick<Db, 'insertInto'>,
  actor: AuthUser,
  shopId: string,
  file: string,
  changes: readonly ImportChange[],
): Promise<void> {
  const priced = changes.map((c) => c.fields.filter((f) => IMPORT_PRICE_FIELDS.has(f.field)).length).filter((n) => n > 0);
  if (priced.length === 0) return;
  const prices = priced.reduce((s, n) => s + n, 0);
  await writeAudit(trx, actor, { kind: 'priceChange', ref: file, details: { file, count: priced.length, prices } }, null, shopId);
}
