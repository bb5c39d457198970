import type { Kysely } from 'kysely';
import { cappedDiscountPaise } from '../../../core/cart';
import { toRupees } from '../../../core/money';
import { unitOf } from '../../../core/units';
import type { CounterCatalogResponse, CounterProductDto } from '../../../core/schemas/counter-catalog';
import type { Database } from '../../db/types';
import { sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { productsJoined } from './product-dto';
import { PACKS_COLUMN, toPackDtos } from './product-packs';

/** Lower than every id: the first page's `after`. */
const NIL_ID = '00000000-0000-0000-0000-000000000000';

function counterQuery(db: Kysely<Database>) {
  return productsJoined(db)
    .innerJoin('users as v', 'v.id', 'p.vendor_id')
    .select([
      'p.id',
      'p.name',
      'p.tamil',
      'p.price_paise',
      'p.shop_price_paise',
      'p.is_free',
      'p.discount_paise',
      'p.count_in_stock',
      'p.tracks_batches',
      'p.unit',
      'p.category_id',
      'p.gst_id',
      'p.barcode',
      'p.is_active',
      'p.vendor_id',
      PACKS_COLUMN,
      'c.name as category_name',
      's.name as subcategory_name',
      'g.rate as gst_rate',
      'g.hsn_code as gst_hsn_code',
      'v.name as vendor_name',
      'v.shop_name as vendor_shop_name',
    ]);
}

type CounterRow = Awaited<ReturnType<ReturnType<typeof counterQuery>['executeTakeFirstOrThrow']>>;

function toCounterProduct(row: CounterRow): CounterProductDto {
  return {
    _id: row.id,
    name: row.name,
    Tamil: row.tamil,
    price: toRupees(row.price_paise),
    shopPrice: toRupees(row.shop_price_paise),
    discount: toRupees(cappedDiscountPaise(row.shop_price_paise, row.discount_paise)),
    isFree: row.is_free,
    countInStock: Number(row.count_in_stock),
    tracksBatches: row.tracks_batches,
    unit: unitOf(row.unit),
    packs: toPackDtos(row.packs),
    category: row.category_name,
    subcategory: row.subcategory_name,
    categoryId: row.category_id,
    gst: row.gst_id ?? '',
    gstRate: row.gst_rate == null ? 0 : Number(row.gst_rate),
    hsnCode: row.gst_hsn_code ?? '',
    barcode: row.barcode ?? '',
    isActive: row.is_active,
    vendorId: row.vendor_id,
    vendorName: row.vendor_shop_name?.trim() || row.vendor_name,
  };
}

/**
 * One page of the counter's catalogue: the seller's own products (admin: every shop's), active or not, in id
 * order after `after`. Keyset paging: a page is one index range (products_vendor_id, migration 057), so the
 * last page of 20,000 costs what the first does, and a product added or removed between pages moves no other.
 */
export async function counterCatalogPage(
  db: Kysely<Database>,
  user: AuthUser,
  page: { after?: string; limit: number },
): Promise<CounterCatalogResponse> {
  let q = counterQuery(db);
  const own = sellerScope(user);
  if (own) {
    // as a row comparison the page is one range of products_vendor_id; `p.id > after` alone was planned on the
    // primary key, reading every shop's products in id order and keeping this shop's (3 times the pages at three shops)
    q = q
      .where('p.vendor_id', '=', own)
      .where((eb) => eb(eb.refTuple('p.vendor_id', 'p.id'), '>', eb.tuple(own, page.after ?? NIL_ID)))
      .orderBy('p.vendor_id');
  } else if (page.after) q = q.where('p.id', '>', page.after);
  // one more than asked: whether a next page exists, without a count
  const rows = await q
    .orderBy('p.id')
    .limit(page.limit + 1)
    .execute();
  const more = rows.length > page.limit;
  const products = (more ? rows.slice(0, page.limit) : rows).map(toCounterProduct);
  return { products, next: more ? products[products.length - 1]._id : null };
}
