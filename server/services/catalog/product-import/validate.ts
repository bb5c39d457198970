import { coded, type Coded } from '../../../../core/coded';
import { normalizeBarcode } from '../../../../core/barcode';
import { toRupees } from '../../../../core/money';
import type { ProductColumnKey } from '../../../../core/product-columns';
import { productRuleProblems } from '../../../../core/product-rules';
import { productUnit, productUpdateSchema } from '../../../../core/schemas/product';
import type { ImportChange, ImportFieldChange, ImportPreviewRow } from '../../../../core/schemas/product-import';
import { toMilli, unitOf } from '../../../../core/units';
import { codeErrorMap, issueToCoded } from '../../../../core/zod-codes';
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
  | { action: 'update'; row: number; id: string; values: ProductValues; setStock: boolean }
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

/** A rate as a person reads it: 5, 0.25, 12.5 (no trailing zeros). */
const rateText = (r: number) => String(Math.round(r * 1000) / 1000);
const listed = (items: string[]) => [...new Set(items)].join(', ') || '—';

/**
 * The GST record for a rate (and HSN when given): the product's own when it fits, else an active one.
 * No record: a message naming what is missing (the rate, or the HSN at that rate) and what is set up.
 */
function gstFor(ctx: ImportContext, raw: RawRow, current?: StoredProduct): { id: string } | { column: string; problem: Coded } {
  if (raw.gstRate === undefined) {
    return current?.gst_id ? { id: current.gst_id } : { column: 'gstRate', problem: coded('fillRequired') };
  }
  const rate = rateOf(raw.gstRate);
  const hsn = text(raw.hsn);
  const atRate = (g: ImportContext['gsts'][number]) => Math.abs(g.rate - rate) < 0.001;
  const fits = (g: ImportContext['gsts'][number]) => atRate(g) && (!hsn || g.hsn === hsn);
  const own = ctx.gsts.find((g) => g.id === current?.gst_id);
  if (own && fits(own)) return { id: own.id };
  const found = ctx.gsts.find((g) => g.active && fits(g));
  if (found) return { id: found.id };
  const active = ctx.gsts.filter((g) => g.active);
  const shown = Number.isFinite(rate) ? rateText(rate) : String(raw.gstRate).trim().replace(/%$/, '');
  const hsns = active.filter(atRate).map((g) => g.hsn);
  if (hsn && hsns.length) {
    return {
      column: 'hsn',
      problem: coded('importGstHsnUnknown', { rate: shown, hsn, hsns: listed(hsns.filter(Boolean).sort()) }),
    };
  }
  const rates = [...new Set(active.map((g) => g.rate))].sort((a, b) => a - b).map((r) => `${rateText(r)}%`);
  return { column: 'gstRate', problem: coded('importGstRateUnknown', { rate: shown, rates: listed(rates) }) };
}

/**
 * The product as the update schema takes it: the file's cells over the stored values (an empty cell
 * keeps). An existing product keeps its stock unless the import sets stock.
 */
function inputOf(ctx: ImportContext, raw: RawRow, cur: StoredProduct | undefined, setStock: boolean) {
  return {
    name: raw.name ?? cur?.name,
    Tamil: raw.tamilName ?? cur?.tamil ?? '',
    description: raw.description ?? cur?.description ?? '',
    price: raw.mrp ?? (cur ? toRupees(cur.price_paise) : undefined),
    shopPrice: raw.sellingPrice ?? (cur ? toRupees(cur.shop_price_paise) : undefined),
    isFree: cur?.is_free ?? false,
    discount: raw.discount ?? (cur ? toRupees(cur.discount_paise) : 0),
    countInStock: cur && !setStock ? Number(cur.count_in_stock) : (raw.stock ?? (cur ? Number(cur.count_in_stock) : 0)),
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

/**
 * What a row changes on a stored product, field by field (money in rupees, names for ids); empty: the
 * row writes nothing. Stock counts only when the import sets stock.
 */
function changesOf(ctx: ImportContext, cur: StoredProduct, v: ProductValues, setStock: boolean): ImportFieldChange[] {
  const out: ImportFieldChange[] = [];
  const differ = (field: ImportFieldChange['field'], before: string | number | null, after: string | number | null) => {
    if (before !== after) out.push({ field, before, after });
  };
  const rupees = (paise: number | string | null) => (paise == null ? null : toRupees(Number(paise)));
  differ('name', cur.name, v.name);
  differ('tamilName', cur.tamil, v.tamil);
  if (cur.category_id !== v.category_id) {
    out.push({
      field: 'category',
      before: ctx.categoryById.get(cur.category_id)?.name ?? null,
      after: ctx.categoryById.get(v.category_id)?.name ?? null,
    });
  }
  if (cur.subcategory_id !== v.subcategory_id) {
    out.push({
      field: 'subcategory',
      before: ctx.subcategoryById.get(cur.subcategory_id)?.name ?? null,
      after: ctx.subcategoryById.get(v.subcategory_id)?.name ?? null,
    });
  }
  differ('unit', cur.unit, v.unit);
  differ('mrp', rupees(cur.price_paise), rupees(v.price_paise));
  differ('sellingPrice', rupees(cur.shop_price_paise), rupees(v.shop_price_paise));
  differ('discount', rupees(cur.discount_paise), rupees(v.discount_paise));
  if (cur.gst_id !== v.gst_id) {
    const before = ctx.gsts.find((g) => g.id === cur.gst_id);
    const after = ctx.gsts.find((g) => g.id === v.gst_id);
    const at = out.length;
    differ('gstRate', before?.rate ?? null, after?.rate ?? null);
    differ('hsn', before?.hsn || null, after?.hsn || null);
    // another record of the same rate and HSN: still a change to write
    if (out.length === at) out.push({ field: 'gstRate', before: before?.rate ?? null, after: after?.rate ?? null });
  }
  if (v.barcode !== undefined) differ('barcode', cur.barcode ?? null, v.barcode);
  if (v.sku !== undefined) differ('sku', cur.sku ?? null, v.sku);
  if (setStock && toMilli(Number(cur.count_in_stock)) !== toMilli(Number(v.count_in_stock))) {
    out.push({ field: 'stock', before: Number(cur.count_in_stock), after: Number(v.count_in_stock) });
  }
  differ('reorderLevel', cur.reorder_level, v.reorder_level);
  if (v.cost_price_paise !== undefined) differ('costPrice', rupees(cur.cost_price_paise), rupees(v.cost_price_paise));
  differ('description', cur.description, v.description);
  return out;
}

/** The preview of a row, as understood. */
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

/** How rows are planned: whether the file's Stock column sets existing products' stock. */
interface PlanOptions {
  setStock: boolean;
}

/**
 * Checks one row with the product form's schema and rules, resolves its category, subcategory and
 * GST rate, and plans its write. Errors name the row and column; a cell holding a formula is that
 * column's one error. A valid row gives a plan, and for an existing product its changes.
 */
export function planRow(
  ctx: ImportContext,
  keys: FileKeys,
  row: number,
  raw: RawRow,
  formulas: readonly ProductColumnKey[],
  opts: PlanOptions,
) {
  const errors: RowError[] = [];
  const fail = (column: string, c: Coded) => {
    if (!formulas.includes(column as ProductColumnKey)) errors.push({ ...c, row, column });
  };
  for (const column of formulas) errors.push({ ...coded('importCellFormula'), row, column });
  const found = match(ctx, raw);
  const cur = found && 'code' in found ? undefined : found;
  if (found && 'code' in found) fail('id', found);
  const input = inputOf(ctx, raw, cur, opts.setStock);
  // a stored stock the row keeps is not the file's to check: sales may have taken it below zero since
  const keepsStock = cur && (!opts.setStock || raw.stock === undefined);
  const checked = keepsStock ? { ...input, countInStock: Math.max(Number(input.countInStock), 0) } : input;
  const parsed = productUpdateSchema.safeParse(checked, { error: codeErrorMap });
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
  const gst = gstFor(ctx, raw, cur);
  const gstId = 'id' in gst ? gst.id : undefined;
  const gstRate = ctx.gsts.find((g) => g.id === gstId)?.rate;
  if ('problem' in gst) fail(gst.column, gst.problem);
  if (parsed.success) {
    for (const p of productRuleProblems({ ...parsed.data, unit: productUnit(parsed.data), discount: parsed.data.discount ?? 0 })) {
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
  let change: ImportChange | undefined;
  if (errors.length === 0 && parsed.success && cat && sub && gstId) {
    // a stored product's Tamil name unchanged: its stored key, not the transliteration again (a third of a big file's time)
    const refs = { categoryId: cat.id, subcategoryId: sub.id, gstId };
    const values =
      cur && cur.tamil === parsed.data.Tamil ? productValues(parsed.data, refs, cur.tamil_key) : productValues(parsed.data, refs);
    if (keepsStock) values.count_in_stock = cur.count_in_stock;
    const fields = cur ? changesOf(ctx, cur, values, opts.setStock) : [];
    if (!cur) plan = { action: 'create', row, values };
    else if (fields.length === 0) plan = { action: 'unchanged', row, id: cur.id };
    else {
      const setStock = fields.some((f) => f.field === 'stock');
      plan = { action: 'update', row, id: cur.id, values, setStock };
      change = { row, id: cur.id, name: values.name, fields };
    }
  }
  const preview = previewOf(row, plan?.action ?? 'error', cur?.id ?? '', input, gstRate);
  return { errors, plan, preview, change };
}
