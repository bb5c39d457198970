import { z } from 'zod';
import { barcodeError, normalizeBarcode } from '../barcode';
import { DEFAULT_UNIT, hasAtMost3Decimals, type Unit, UNITS } from '../units';
import { PRICE_MAX_RUPEES } from '../product-rules';
import { MAX_PACKS, PACK_NAME_MAX } from '../packs';
import { PRODUCT_LIMITS } from './limits';
import { idSchema, messageResponse, optionalQueryNumber, optionalQueryString, pageNumber, pageSize } from './common';

const requiredText = (max: number) =>
  z.string({ error: 'fillRequired' }).trim().min(1, { error: 'fillRequired' }).max(max, { error: 'tooLong' });

/**
 * A number as typed: plain digits with an optional decimal part ("120", "99.50"). Anything else ("1e9",
 * "0x10", "1,000") stays text, so the schema refuses it instead of reading it as another number.
 */
const PLAIN_NUMBER = /^\d+(\.\d+)?$/;
const typedNumber = (v: unknown) => (typeof v === 'string' && PLAIN_NUMBER.test(v.trim()) ? Number(v) : v);

/** Missing gives the "required" text, anything not a number the numeric one. */
const numberBase = () =>
  z.number({
    error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? 'fillRequired' : 'invalidNumeric'),
  });

/** Required non-negative number; missing gives the "required" text, bad or negative the numeric one. */
const requiredAmount = (int: boolean) => {
  const base = numberBase();
  const n = (int ? base.int({ error: 'invalidNumeric' }) : base)
    .min(0, { error: 'invalidNumeric' })
    .max(10_000_000, { error: 'invalidNumeric' });
  return z.preprocess(typedNumber, n);
};

const inPaise = (rupees: number) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

/**
 * The MRP: more than ₹0, at most ₹1 crore, whole paise; each refusal names the field and its limit.
 * A negative or non-number figure keeps the spec's "Invalid numeric input(s).".
 */
const mrpAmount = z.preprocess(
  typedNumber,
  numberBase()
    .min(0, { error: 'invalidNumeric' })
    .positive({ error: 'mrpZero' })
    .max(PRICE_MAX_RUPEES, { error: 'mrpTooHigh' })
    .refine(inPaise, { error: 'mrpDecimals' }),
);

/** The shop price: ₹0 only for a product marked free (core/product-rules.ts), at most ₹1 crore, whole paise. */
const shopPriceAmount = z.preprocess(
  typedNumber,
  numberBase()
    .min(0, { error: 'invalidNumeric' })
    .max(PRICE_MAX_RUPEES, { error: 'shopPriceTooHigh' })
    .refine(inPaise, { error: 'shopPriceDecimals' }),
);

export const imageUrl = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .regex(/^(https?:\/\/|\/)/, { error: 'imageUrlInvalid' });

/** The barcode field's reading: '' or null is none; checked like a product's. */
const barcodeField = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizeBarcode(v) || null : v),
    z
      .string({ error: 'barcodeFormat' })
      .check((ctx) => {
        const err = barcodeError(ctx.value);
        if (err) ctx.issues.push({ code: 'custom', message: err, input: ctx.value });
      })
      .nullable()
      .optional(),
  );

/** A product's unit as sent: `unit`, else `baseUnit` (its other name), else pieces. */
export const productUnit = (p: { unit?: Unit; baseUnit?: Unit }): Unit => p.unit ?? p.baseUnit ?? DEFAULT_UNIT;

/**
 * A pack (core/packs.ts): its name, how many base units it holds (more than 0, up to 3 decimals; whole
 * for a unit sold whole: the server checks against the unit), its barcode and its own price in rupees
 * (null or left out: factor × the product's shop price).
 */
export const packInput = z.object({
  name: requiredText(PACK_NAME_MAX),
  factor: z.preprocess(typedNumber, numberBase().positive({ error: 'invalidNumeric' }).max(1_000_000, { error: 'invalidNumeric' })),
  barcode: barcodeField(),
  price: z.preprocess(
    (v) => (v === '' ? null : typedNumber(v)),
    z
      .number({ error: 'invalidNumeric' })
      .min(0, { error: 'invalidNumeric' })
      .max(PRICE_MAX_RUPEES, { error: 'shopPriceTooHigh' })
      .refine(inPaise, { error: 'shopPriceDecimals' })
      .nullable()
      .optional(),
  ),
});
export type PackInput = z.infer<typeof packInput>;

const productFields = {
  name: requiredText(PRODUCT_LIMITS.name),
  Tamil: z.string().trim().max(PRODUCT_LIMITS.Tamil).optional().default(''),
  description: z.string().trim().max(PRODUCT_LIMITS.description).optional().default(''),
  /** MRP in rupees. */
  price: mrpAmount,
  shopPrice: shopPriceAmount,
  /** Given away: the shop price must be 0 (core/product-rules.ts); customers see "Free". Left out: not free. */
  isFree: z.boolean().optional().default(false),
  /** In the product's unit: up to 3 decimals for kg, l and metre, whole for the others (the server checks). */
  countInStock: requiredAmount(false).refine(hasAtMost3Decimals, { error: 'stockDecimals' }),
  reOrderLevel: requiredAmount(true),
  category: requiredText(PRODUCT_LIMITS.category),
  subcategory: requiredText(PRODUCT_LIMITS.subcategory),
  discount: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typedNumber(v)),
    z.number({ error: 'invalidNumeric' }).min(0, { error: 'invalidNumeric' }).max(10_000_000, { error: 'tooBig' }).optional(),
  ),
  gst: requiredText(PRODUCT_LIMITS.gst),
  /** Left out: `baseUnit`, else pieces (productUnit). */
  unit: z.enum(UNITS, { error: 'unitInvalid' }).optional(),
  /** The unit stock is kept and packs are counted in: `unit` by its other name (`unit` wins when both are sent). */
  baseUnit: z.enum(UNITS, { error: 'unitInvalid' }).optional(),
  /** The product's packs (bag, carton, strip), replaced as a whole; left out keeps them (core/packs.ts; the server checks factors and barcodes). */
  packs: z.array(packInput, { error: 'invalidNumeric' }).max(MAX_PACKS, { error: 'tooManyItems' }).optional(),
  /** EAN-13, EAN-8, UPC-A (check digit checked) or the shop's own code; '' or null removes it, left out keeps it. */
  barcode: z.preprocess(
    (v) => (typeof v === 'string' ? normalizeBarcode(v) || null : v),
    z
      .string({ error: 'barcodeFormat' })
      .check((ctx) => {
        const err = barcodeError(ctx.value);
        if (err) ctx.issues.push({ code: 'custom', message: err, input: ctx.value });
      })
      .nullable()
      .optional(),
  ),
  /** The vendor's own code, unique per vendor ignoring case; '' or null removes it, left out keeps it. */
  sku: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : typeof v === 'number' ? String(v) : v),
    z.string({ error: 'skuFormat' }).max(PRODUCT_LIMITS.sku, { error: 'skuFormat' }).nullable().optional(),
  ),
  /** The stock is kept in batches with an expiry (turned on: the stock goes into an opening batch); left out keeps it. */
  tracksBatches: z.boolean().optional(),
  /** What one unit costs the vendor, in rupees; '' or null: not known, left out keeps it. Never shown to customers. */
  costPrice: z.preprocess(
    (v) => (v === '' ? null : typedNumber(v)),
    z
      .number({ error: 'invalidNumeric' })
      .min(0, { error: 'invalidNumeric' })
      .max(PRICE_MAX_RUPEES, { error: 'invalidNumeric' })
      .refine(inPaise, { error: 'invalidNumeric' })
      .nullable()
      .optional(),
  ),
};

export const productCreateSchema = z.object({
  ...productFields,
  images: z
    .array(imageUrl, { error: 'imageRequired' })
    .min(1, { error: 'imageRequired' })
    .max(PRODUCT_LIMITS.images, { error: 'tooManyItems' }),
  isActive: z.boolean().optional().default(true),
});
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

/** POST /api/products: an admin may name the vendor who sells the product (a vendor always sells its own). */
export const productCreateBody = productCreateSchema.extend({ vendorId: idSchema.optional() });
export type ProductCreateBody = z.input<typeof productCreateBody>;

export const productUpdateSchema = z.object({
  ...productFields,
  images: z.array(imageUrl).max(PRODUCT_LIMITS.images).optional(),
});
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

export const SORTS = ['lowToHigh', 'highToLow', 'newest', 'rating'] as const;
const sortSchema = z.preprocess(
  (v) => (v === 'asc' ? 'lowToHigh' : v === 'desc' ? 'highToLow' : v === '' ? undefined : v),
  z.enum(SORTS).optional(),
);

/** The customer's delivery area: with it, products of shops that do not deliver there are left out. */
const areaQuery = optionalQueryString(100);

export const productSearchQuery = z.object({
  keyword: optionalQueryString(100),
  area: areaQuery,
  minPrice: optionalQueryNumber,
  maxPrice: optionalQueryNumber,
  sort: sortSchema,
  pageNumber: pageNumber(1),
  pageSize: pageSize(10, 50),
});
export type ProductSearchQuery = z.infer<typeof productSearchQuery>;

export const subcategoryProductsQuery = z.object({
  page: pageNumber(1),
  limit: pageSize(10, 50),
  minPrice: optionalQueryNumber,
  maxPrice: optionalQueryNumber,
  inStock: z.preprocess((v) => v === 'true' || v === true, z.boolean()).optional(),
  sort: sortSchema,
  area: areaQuery,
});
export type SubcategoryProductsQuery = z.infer<typeof subcategoryProductsQuery>;

/** GET /api/products/:id: a product of a shop that does not deliver to `area` is not found. */
export const productDetailQuery = z.object({ area: areaQuery });
export type ProductDetailQuery = z.infer<typeof productDetailQuery>;

export const vendorProductsQuery = z.object({ keyword: optionalQueryString(100) });

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ error: 'ratingRange' })
    .int({ error: 'ratingRange' })
    .min(1, { error: 'ratingRange' })
    .max(5, { error: 'ratingRange' }),
  comment: z.string().trim().max(1000).optional().default(''),
});

/** A pack as products carry it: factor in base units, price in rupees (null: factor × the shop price). */
export const packDto = z.object({ name: z.string(), factor: z.number(), barcode: z.string().nullable(), price: z.number().nullable() });
export type PackDto = z.infer<typeof packDto>;

/** A product as every /api/products call returns it (money in rupees). */
export const productDto = z.object({
  _id: z.string(),
  name: z.string(),
  Tamil: z.string(),
  description: z.string(),
  /** MRP. */
  price: z.number(),
  /** Selling price before the per-unit discount. */
  shopPrice: z.number(),
  /** Per-unit discount amount (never above shopPrice). */
  discount: z.number(),
  /** The badge's whole percent off the MRP for what the customer pays (core/cart.ts discountBadge); 0: no badge. */
  discountPercent: z.number(),
  /** Given away by the vendor: shopPrice is 0 and customers see "Free". */
  isFree: z.boolean(),
  /** In `unit`. */
  countInStock: z.number(),
  /** Stock kept in batches with an expiry (sold earliest expiry first). */
  tracksBatches: z.boolean(),
  reOrderLevel: z.number(),
  /** What price and stock are per (core/units): "₹68 / kg". */
  unit: z.enum(UNITS),
  /** The same as `unit`: the unit stock is kept and packs are counted in. */
  baseUnit: z.enum(UNITS),
  /** The product's packs in the vendor's order; price in rupees, null: factor × shopPrice. */
  packs: z.array(packDto),
  category: z.string(),
  subcategory: z.string(),
  categoryId: z.string(),
  subcategoryId: z.string(),
  /** Id of the GST record, '' when none. */
  gst: z.string(),
  /** EAN-13, EAN-8, UPC-A or the shop's own code; '' when none. */
  barcode: z.string(),
  gstName: z.string(),
  gstRate: z.number(),
  /** The HSN code of the product's GST record ('' when none): a bill rung up offline prints it. */
  hsnCode: z.string(),
  images: z.array(z.string()),
  image: z.string(),
  isActive: z.boolean(),
  rating: z.number(),
  numReviews: z.number(),
  vendorId: z.string(),
  vendorName: z.string(),
  createdAt: z.string(),
});
export type ProductDto = z.infer<typeof productDto>;

/** A product as its vendor (or an admin) sees it: the catalogue's fields plus the vendor's own SKU and cost price. */
export const vendorProductDto = productDto.extend({
  /** '' when none. */
  sku: z.string(),
  /** Rupees per unit; null until known. */
  costPrice: z.number().nullable(),
});
export type VendorProductDto = z.infer<typeof vendorProductDto>;

export const reviewDto = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});
export type ReviewDto = z.infer<typeof reviewDto>;

export const productDetailDto = productDto.extend({ reviews: z.array(reviewDto) });
export type ProductDetailDto = z.infer<typeof productDetailDto>;

/** GET /api/products/search: one page of matches; `total` stops counting at a cap (`totalCapped`). */
export const searchResponse = z.object({
  products: z.array(productDto),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
  totalCapped: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** GET /api/products/subcategory/:subcategory */
export const subcategoryProductsResponse = z.object({
  products: z.array(productDto),
  totalCount: z.number(),
  page: z.number(),
  pages: z.number(),
});
export type SubcategoryProductsResponse = z.infer<typeof subcategoryProductsResponse>;

/** POST /api/products/:id/reviews */
export const reviewResultResponse = messageResponse.extend({ rating: z.number(), numReviews: z.number() });
