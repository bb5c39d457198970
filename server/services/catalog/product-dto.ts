import { type Kysely, sql } from 'kysely';
import { cappedDiscountPaise, discountBadge } from '../../../core/cart';
import { toRupees } from '../../../core/money';
import { unitOf } from '../../../core/units';
import type { ProductDto, VendorProductDto } from '../../../core/schemas/product';
import type { Database } from '../../db/types';
import { PACKS_COLUMN, toPackDtos } from './product-packs';

export interface ProductQueryOptions {
  /** Only what customers may see: active products whose owner is a vendor, and an active one. */
  visibleOnly?: boolean;
}

/**
 * True when the product's owner (p.vendor_id) is a vendor and active. unlisted_sellers holds the
 * owners who are not, kept by triggers in the transaction of a role change, a vendor toggle or a
 * product insert (migration 006); those changes also move the catalogue version, so cached answers
 * drop the products at once. The small table keeps the catalogue plans: see the migration.
 */
export const ownerListed = sql<boolean>`NOT EXISTS (SELECT 1 FROM unlisted_sellers us WHERE us.user_id = p.vendor_id)`;

/** The products columns a ProductDto needs (catalog-rows.ts reads them alone, by id). */
export const PRODUCT_COLUMNS = [
  'p.id',
  'p.name',
  'p.tamil',
  'p.description',
  'p.price_paise',
  'p.shop_price_paise',
  'p.is_free',
  'p.discount_paise',
  'p.count_in_stock',
  'p.tracks_batches',
  'p.unit',
  'p.reorder_level',
  'p.category_id',
  'p.subcategory_id',
  'p.gst_id',
  'p.barcode',
  'p.images',
  'p.is_active',
  'p.rating',
  'p.num_reviews',
  'p.vendor_id',
  'p.created_at',
  // the product's packs (bag, carton, strip: migration 047), in the vendor's order
  PACKS_COLUMN,
] as const;

/** Products (p) with their category (c), subcategory (s) and GST record (g): the catalogue's one join. */
export const productsJoined = (db: Kysely<Database>) =>
  db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('subcategories as s', 's.id', 'p.subcategory_id')
    .leftJoin('gsts as g', 'g.id', 'p.gst_id');

/**
 * Products with everything a ProductDto needs (category, subcategory, GST record, vendor)
 * in one query. Tables are aliased p (products), c, s, g (gsts), v (vendor user), so callers add
 * `.where('p.vendor_id', '=', id)`, `.orderBy('p.created_at', 'desc')` etc., then map rows with toProductDto.
 */
export function productQuery(db: Kysely<Database>, opts: ProductQueryOptions = {}) {
  let q = productsJoined(db)
    .innerJoin('users as v', 'v.id', 'p.vendor_id')
    .select([
      ...PRODUCT_COLUMNS,
      'c.name as category_name',
      's.name as subcategory_name',
      'g.name as gst_name',
      'g.rate as gst_rate',
      'g.hsn_code as gst_hsn_code',
      'v.name as vendor_name',
      'v.shop_name as vendor_shop_name',
      'v.vendor_active',
    ]);
  if (opts.visibleOnly) q = q.where('p.is_active', '=', true).where(ownerListed);
  return q;
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function toProductDto(row: ProductRow): ProductDto {
  const images = Array.isArray(row.images) ? row.images : [];
  const shopPrice = toRupees(row.shop_price_paise);
  const discountPaise = cappedDiscountPaise(row.shop_price_paise, row.discount_paise);
  const discount = toRupees(discountPaise);
  return {
    _id: row.id,
    name: row.name,
    Tamil: row.tamil,
    description: row.description,
    price: toRupees(row.price_paise),
    shopPrice,
    discount,
    // a free product shows "Free", never "100% Off"
    discountPercent: row.is_free ? 0 : discountBadge(row.price_paise, row.shop_price_paise - discountPaise),
    isFree: row.is_free,
    countInStock: Number(row.count_in_stock),
    tracksBatches: row.tracks_batches,
    reOrderLevel: row.reorder_level,
    unit: unitOf(row.unit),
    baseUnit: unitOf(row.unit),
    packs: toPackDtos(row.packs),
    category: row.category_name,
    subcategory: row.subcategory_name,
    categoryId: row.category_id,
    subcategoryId: row.subcategory_id,
    gst: row.gst_id ?? '',
    barcode: row.barcode ?? '',
    gstName: row.gst_name ?? '',
    gstRate: row.gst_rate == null ? 0 : Number(row.gst_rate),
    hsnCode: row.gst_hsn_code ?? '',
    images,
    image: images[0] ?? '',
    isActive: row.is_active,
    rating: Number(row.rating) || 0,
    numReviews: row.num_reviews,
    vendorId: row.vendor_id,
    vendorName: row.vendor_shop_name?.trim() || row.vendor_name,
    createdAt: iso(row.created_at),
  };
}

/** productQuery with the vendor's own fields (SKU, cost price): only for the vendor's and admin's screens. */
export function vendorProductQuery(db: Kysely<Database>) {
  return productQuery(db).select(['p.sku', 'p.cost_price_paise']);
}

type VendorProductRow = Awaited<ReturnType<ReturnType<typeof vendorProductQuery>['executeTakeFirstOrThrow']>>;

/** The catalogue's DTO plus SKU and cost price: never sent to customers; a cashier gets no cost (`withCost` false). */
export function toVendorProductDto(row: VendorProductRow, withCost = true): VendorProductDto {
  return {
    ...toProductDto(row),
    sku: row.sku ?? '',
    costPrice: !withCost || row.cost_price_paise == null ? null : toRupees(Number(row.cost_price_paise)),
  };
}
