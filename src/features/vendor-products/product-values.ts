import type { ProductDto, VendorProductDto } from '../../../core/schemas/product';
import { productRuleProblems } from '../../../core/product-rules';
import { DEFAULT_UNIT, type Unit } from '../../../core/units';
import type { FieldProblem } from '../../lib/schema-errors';

type Num = number | string;

/** A pack as the form holds it. */
export interface PackValues {
  name: string;
  factor: Num;
  barcode: string;
  price: Num;
}

/** The product form's values, shaped like POST/PUT /api/products (an error's path is its field's name). */
export interface ProductValues {
  name: string;
  Tamil: string;
  description: string;
  price: Num;
  shopPrice: Num;
  countInStock: Num;
  reOrderLevel: Num;
  /** Per-unit discount; blank: none. */
  discount: Num;
  /** Given away: the shop price is then 0 (core/product-rules.ts). */
  isFree: boolean;
  category: string | null;
  subcategory: string | null;
  /** The GST record's id. */
  gst: string | null;
  /** What price and stock are per (core/units). */
  unit: Unit;
  /** EAN-13, EAN-8, UPC-A or the shop's own code; '' for none (removes the product's). */
  barcode: string;
  /** The vendor's own code; '' for none. Undefined: not known (left out of the request, the product keeps it). */
  sku?: string;
  /** Cost per unit in rupees; blank: not known. Undefined: left out of the request. */
  costPrice?: Num | null;
  images: string[];
  isActive: boolean;
  /** The stock is kept in batches with an expiry (sold earliest expiry first). */
  tracksBatches: boolean;
  /** The product's packs as typed (core/packs.ts): factor in the unit, barcode and price '' for none. */
  packs: PackValues[];
  /** The vendor who sells a product an admin creates. */
  vendorId: string | null;
}

/** Which form it is: a new product or an edit, by an admin (who names the vendor) or a vendor. */
export interface ProductFormMode {
  isEdit: boolean;
  isAdmin: boolean;
}

export const EMPTY_PRODUCT: ProductValues = {
  name: '',
  Tamil: '',
  description: '',
  price: '',
  shopPrice: '',
  countInStock: '',
  reOrderLevel: '',
  discount: '',
  isFree: false,
  category: null,
  subcategory: null,
  gst: null,
  unit: DEFAULT_UNIT,
  barcode: '',
  sku: '',
  costPrice: '',
  images: [],
  isActive: true,
  tracksBatches: false,
  packs: [],
  vendorId: null,
};

/** The values an edit starts from. */
export const valuesOf = (p: ProductDto & Partial<Pick<VendorProductDto, 'sku' | 'costPrice'>>): ProductValues => ({
  ...EMPTY_PRODUCT,
  name: p.name ?? '',
  Tamil: p.Tamil ?? '',
  description: p.description ?? '',
  price: p.price ?? '',
  shopPrice: p.shopPrice ?? '',
  countInStock: p.countInStock ?? '',
  reOrderLevel: p.reOrderLevel ?? '',
  discount: p.discount ? p.discount : '',
  isFree: p.isFree ?? false,
  category: p.category || null,
  subcategory: p.subcategory || null,
  gst: p.gst || null,
  isActive: p.isActive,
  tracksBatches: p.tracksBatches ?? false,
  unit: p.unit ?? DEFAULT_UNIT,
  barcode: p.barcode ?? '',
  sku: p.sku,
  costPrice: p.costPrice === undefined ? undefined : (p.costPrice ?? ''),
  images: p.images?.length ? p.images : p.image ? [p.image] : [],
  packs: (p.packs ?? []).map((k) => ({ name: k.name, factor: k.factor, barcode: k.barcode ?? '', price: k.price ?? '' })),
});

/** The request: an edit keeps the images when none are left on the form; only an admin's new product names a vendor. */
export function requestOf(v: ProductValues, { isEdit, isAdmin }: ProductFormMode) {
  const { images, isActive, vendorId, packs, ...fields } = v;
  return {
    ...fields,
    // '' is none: no barcode, the pack priced at factor × the shop price
    packs: packs.map((k) => ({
      name: k.name,
      factor: k.factor,
      barcode: k.barcode.trim() || null,
      price: k.price === '' ? null : k.price,
    })),
    ...(isEdit ? (images.length ? { images } : {}) : { images, isActive }),
    ...(isAdmin && !isEdit && vendorId ? { vendorId } : {}),
  };
}

/** A figure as the schema reads it: a number, or plain digits typed ("120", "99.50"; not "1e9"). */
const filled = (v: Num) => (typeof v === 'number' ? Number.isFinite(v) : /^\d+(\.\d+)?$/.test(v.trim()));

/**
 * What the server refuses beyond the schema (core/product-rules.ts: a shop price of ₹0 on a product not
 * marked free, one above the MRP, a discount above the shop price, the stock for the unit), and the vendor an admin must choose for a new product.
 */
export function productProblems(v: ProductValues, { isEdit, isAdmin }: ProductFormMode): FieldProblem[] {
  const num = (x: Num) => (filled(x) ? Number(x) : undefined);
  const problems: FieldProblem[] = productRuleProblems({
    price: num(v.price),
    shopPrice: num(v.shopPrice),
    isFree: v.isFree,
    discount: num(v.discount),
    countInStock: num(v.countInStock),
    unit: v.unit,
  });
  if (isAdmin && !isEdit && !v.vendorId) problems.push({ field: 'vendorId', code: 'chooseVendor' });
  return problems;
}
