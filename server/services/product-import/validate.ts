import { coded, type Coded } from '../../../core/coded';
import { normalizeBarcode } from '../../../core/barcode';
import { toRupees } from '../../../core/money';
import type { ProductColumnKey } from '../../../core/product-columns';
import { productRuleProblems } from '../../../core/product-rules';
import { productUpdateSchema } from '../../../core/schemas/product';
import type { ImportPreviewRow } from '../../../core/schemas/product-import';
import { toMilli, unitOf } from '../../../core/units';
import { codeErrorMap, issueToCoded } from '../../../core/zod-codes';
import { productValues } from '../product-values';
import type { RawRow } from './columns';
import { type ImportContext, nameKey, type StoredProduct } from './context';

/** A row's problem: the column it is about and the coded message. */
export type RowError = Coded & { row: number; column: string };

/** The products columns a row writes. */
export type ProductValues = ReturnType<typeof productValues>;

/** What a valid row does. */
export type Plan =
  | { action: 'create'; row: number; values: ProductValues }
  | { action: 'update'; row: number; id: string; values: ProductValues }
  | { action: 'unchanged'; row: number; id: string };

/** The request field of a schema or rule problem → the file's column. */
const FIELD_COLUMN: Record<string, ProductColumnKey> = {
  name: 'name',
  Tamil: 'tamilName',
  description: 'description',
  price: 'mrp',
  shopPrice: 'sellingPrice',
  discount: 'discount',
  countInStock: 'stock',
  reOrderLevel: 'reorderLevel',
  unit: 'unit',
  barcode: 'barcode',
  sku: 'sku',
  costPrice: 'costPrice',
  category: 'category',
  subcategory: 'subcategory',
};

const text = (v: string | number | undefined) => (v === undefined ? undefined : String(v));
/** A rate as typed: "5", "5%", "18.0". */
const rateOf = (v: string | number) => (typeof v === 'number' ? v : Number(v.replace(/%$/, '').trim()));

/** Seen keys of the file, so two rows never write the same product, barcode or SKU. */
export class FileKeys {
  readonly products = new Map<string, number>();
  readonly barcodes = new Map<string, number>();
  readonly skus = new Map<string, number>();
}

/** The product a row is about: by id (must be the seller's), else barcode, else SKU; undefined: a new one. */
function match(ctx: ImportContext, raw: RawRow): StoredProduct | undefined | Coded {
  const id = text(raw.id);
  if (id) return ctx.byId.get(id.toLowerCase()) ?? coded('importIdUnknown');
  const barcode = text(raw.barcode);
  const byBarcode = barcode ? ctx.byBarcode.get(normalizeBarcode(barcode)) : undefined;
  if (byBarcode) return byBarcode;
  const sku = text(raw.sku);
  return sku ? ctx.bySku.get(sku.toLowerCase()) : undefined;
}

/** The GST record for a rate (and HSN when given): the product's own when it fits, else an active one. */
function gstFor(ctx: ImportContext, raw: RawRow, current?: StoredProduct): string | undefined {
  const rate = raw.gstRate === undefined ? undefined : rateOf(raw.gstRate);
  const hsn = text(raw.hsn);
  const fits = (g: ImportContext['gsts'][number]) => Math.abs(g.rate - (rate ?? NaN)) < 0.001 && (!hsn || g.hsn === hsn);
  if (rate === undefined) return current?.gst_id ?? undefined;
  const own = ctx.gsts.find((g) => g.id === current?.gst_id);
  if (own && fits(own)) return own.id;
  return ctx.gsts.find((g) => g.active && fits(g))?.id;
}

/** The product as the update schema takes it: the file's cells over the stored values (an empty cell keeps). */
function inputOf(ctx: ImportContext, raw: RawRow, cur?: StoredProduct) {
  return {
    name: raw.name ?? cur?.name,
    Tamil: raw.tamilName ?? cur?.tamil ?? '',
    description: raw.description ?? cur?.description ?? '',
    price: raw.mrp ?? (cur ? toRupees(cur.price_paise) : undefined),
    shopPrice: raw.sellingPrice ?? (cur ? toRupees(cur.shop_price_paise) : undefined),
    isFree: cur?.is_free ?? false,
    discount: raw.discount ?? (cur ? toRupees(cur.discount_paise) : 0),
    countInStock: raw.stock ?? (cur ? Number(cur.count_in_stock) : 0),
    reOrderLevel: raw.reorderLevel ?? cur?.reorder_level ?? 0,
    unit: raw.unit === undefined ? unitOf(cur?.unit) : String(raw.unit).toLowerCase(),
    category: raw.category ?? (cur ? ctx.categoryById.get(cur.category_id)?.name : undefined),
    subcategory: raw.subcategory ?? (cur ? ctx.subcategoryById.get(cur.subcategory_id)?.name : undefined),
    gst: 'import',
    barcode: raw.barcode === undefined ? undefined : String(raw.barcode),
    sku: raw.sku === undefined ? undefined : String(raw.sku),
    costPrice: raw.costPrice ?? undefined,
  };
}

/** Every stored field equal: the row writes nothing. */
function same(cur: StoredProduct, v: ProductValues): boolean {
  return (
    cur.name === v.name &&
    cur.tamil === v.tamil &&
    cur.description === v.description &&
    Number(cur.price_paise) === v.price_paise &&
    Number(cur.shop_price_paise) === v.shop_price_paise &&
    cur.is_free === v.is_free &&
    Number(cur.discount_paise) === v.discount_paise &&
    toMilli(Number(cur.count_in_stock)) === toMilli(Number(v.count_in_stock)) &&
    cur.unit === v.unit &&
    cur.reorder_level === v.reorder_level &&
    cur.category_id === v.category_id &&
    cur.subcategory_id === v.subcategory_id &&
    cur.gst_id === v.gst_id &&
    (v.barcode === undefined || (cur.barcode ?? null) === v.barcode) &&
    (v.sku === undefined || (cur.sku ?? null) === v.sku) &&
    (v.cost_price_paise === undefined || (cur.cost_price_paise == null ? null : Number(cur.cost_price_paise)) === v.cost_price_paise)
  );
}

/** The first-20 preview of a row, as understood. */
function previewOf(row: number, action: ImportPreviewRow['action'], id: string, input: ReturnType<typeof inputOf>, gstRate?: number) {
  const num = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && !isNaN(Number(v)) ? Number(v) : null;
  return {
    row,
    action,
    id,
    name: String(input.name ?? ''),
    tamilName: String(input.Tamil),
    category: String(input.category ?? ''),
    subcategory: String(input.subcategory ?? ''),
    unit: String(input.unit),
    mrp: num(input.price),
    sellingPrice: num(input.shopPrice),
    stock: num(input.countInStock),
    gstRate: gstRate ?? null,
    barcode: input.barcode ?? '',
    sku: input.sku ?? '',
  };
}

/**
 * Checks one row with the product form's schema and rules, resolves its category, subcategory and
 * GST rate, and plans its write. Errors name the row and column; a valid row gives a plan.
 */
export function planRow(ctx: ImportContext, keys: FileKeys, row: number, raw: RawRow) {
  const errors: RowError[] = [];
  const fail = (column: string, c: Coded) => errors.push({ ...c, row, column });
  const found = match(ctx, raw);
  const cur = found && 'code' in found ? undefined : found;
  if (found && 'code' in found) fail('id', found);
  const input = inputOf(ctx, raw, cur);
  const parsed = productUpdateSchema.safeParse(input, { error: codeErrorMap });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { field, ...c } = issueToCoded(issue);
      fail(FIELD_COLUMN[field] ?? field, c as Coded);
    }
  }
  const cat = input.category ? ctx.categories.get(nameKey(String(input.category))) : undefined;
  const sub = cat && input.subcategory ? ctx.subcategories.get(cat.id)?.get(nameKey(String(input.subcategory))) : undefined;
  if (input.category && !cat) fail('category', coded('categoryNotFound'));
  else if (cat && input.subcategory && !sub)
    fail('subcategory', coded('subcategoryNotInCategory', { subcategory: String(input.subcategory), category: cat.name }));
  const gstId = gstFor(ctx, raw, cur);
  const gstRate = ctx.gsts.find((g) => g.id === gstId)?.rate;
  if (!gstId) fail('gstRate', coded('importGstRateUnknown', { rate: String(raw.gstRate ?? '') }));
  if (parsed.success) {
    for (const p of productRuleProblems({ ...parsed.data, discount: parsed.data.discount ?? 0 })) {
      const { field, ...c } = p;
      fail(FIELD_COLUMN[field] ?? field, c as Coded);
    }
  }
  // the same product, barcode or SKU twice in the file, or another product's barcode or SKU
  if (cur) {
    const first = keys.products.get(cur.id);
    if (first !== undefined) fail('id', coded('importDuplicate', { row: first }));
    else keys.products.set(cur.id, row);
  }
  const barcode = parsed.success ? parsed.data.barcode : undefined;
  if (barcode) {
    const owner = ctx.byBarcode.get(barcode);
    const first = keys.barcodes.get(barcode);
    if (owner && owner.id !== cur?.id) fail('barcode', coded('barcodeTaken'));
    else if (first !== undefined) fail('barcode', coded('importDuplicate', { row: first }));
    else keys.barcodes.set(barcode, row);
  }
  const sku = parsed.success ? parsed.data.sku?.toLowerCase() : undefined;
  if (sku) {
    const owner = ctx.bySku.get(sku);
    const first = keys.skus.get(sku);
    if (owner && owner.id !== cur?.id) fail('sku', coded('skuTaken'));
    else if (first !== undefined) fail('sku', coded('importDuplicate', { row: first }));
    else keys.skus.set(sku, row);
  }

  let plan: Plan | undefined;
  if (errors.length === 0 && parsed.success && cat && sub && gstId) {
    const values = productValues(parsed.data, { categoryId: cat.id, subcategoryId: sub.id, gstId });
    plan = !cur
      ? { action: 'create', row, values }
      : same(cur, values)
        ? { action: 'unchanged', row, id: cur.id }
        : { action: 'update', row, id: cur.id, values };
  }
  const preview = previewOf(row, plan?.action ?? 'error', cur?.id ?? '', input, gstRate);
  return { errors, plan, preview };
}
