import { z } from 'zod';
import { barcodeError, normalizeBarcode } from '../barcode';
import { DEFAULT_UNIT, hasAtMost3Decimals, UNITS } from '../units';
import { PRODUCT_LIMITS } from './limits';
import { idSchema, messageResponse, optionalQueryNumber, optionalQueryString, pageNumber, pageSize } from './common';

const requiredText = (max: number) =>
  z.string({ error: 'fillRequired' }).trim().min(1, { error: 'fillRequired' }).max(max, { error: 'tooLong' });

/** Required non-negative number; missing gives the "required" text, bad or negative the numeric one. */
const requiredAmount = (int: boolean) => {
  const base = z.number({
    error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? 'fillRequired' : 'invalidNumeric'),
  });
  const n = (int ? base.int({ error: 'invalidNumeric' }) : base)
    .min(0, { error: 'invalidNumeric' })
    .max(int ? 10_000_000 : 10_000_000, { error: 'invalidNumeric' });
  return z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v), n);
};

export const imageUrl = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .regex(/^(https?:\/\/|\/)/, { error: 'imageUrlInvalid' });

const productFields = {
  name: requiredText(PRODUCT_LIMITS.name),
  Tamil: z.string().trim().max(PRODUCT_LIMITS.Tamil).optional().default(''),
  description: z.string().trim().max(PRODUCT_LIMITS.description).optional().default(''),
  price: requiredAmount(false),
  shopPrice: requiredAmount(false),
  /** In the product's unit: up to 3 decimals for kg, l and metre, whole for the others (the server checks). */
  countInStock: requiredAmount(false).refine(hasAtMost3Decimals, { error: 'stockDecimals' }),
  reOrderLevel: requiredAmount(true),
  category: requiredText(PRODUCT_LIMITS.category),
  subcategory: requiredText(PRODUCT_LIMITS.subcategory),
  discount: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: 'invalidNumeric' }).min(0, { error: 'invalidNumeric' }).max(10_000_000, { error: 'tooBig' }).optional(),
  ),
  gst: requiredText(PRODUCT_LIMITS.gst),
  unit: z.enum(UNITS, { error: 'unitInvalid' }).optional().default(DEFAULT_UNIT),
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
  /** The discount as a percent of shopPrice, for "x% Off" badges. */
  discountPercent: z.number(),
  /** In `unit`. */
  countInStock: z.number(),
  reOrderLevel: z.number(),
  /** What price and stock are per (core/units): "₹68 / kg". */
  unit: z.enum(UNITS),
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
