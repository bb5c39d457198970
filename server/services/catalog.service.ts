import { type Kysely, sql } from 'kysely';
import { toPaise } from '../../core/money';
import type {
  ProductDetailDto,
  ProductDto,
  ProductSearchQuery,
  reviewSchema,
  SubcategoryProductsQuery,
} from '../../core/schemas/product';
import type { z } from 'zod';
import { idSchema } from '../../core/schemas/common';
import type { Db } from '../db';
import type { Database } from '../db/types';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import type { AuthUser } from './auth.service';
import { ownerListed, productQuery, toProductDto } from './product-dto';
import { catalogVersion, VersionedCache } from './search-cache';

type ReviewJson = ProductDetailDto['reviews'][number];

export const PRODUCT_NOT_FOUND = 'Product not found';
export const REVIEW_TEXT = { added: 'Review added', updated: 'Review updated' } as const;

type ProductQb = ReturnType<typeof productQuery>;

/**
 * Counting stops here: broad words match tens of thousands of products, and an exact count would
 * read them all. Up to the cap (COUNT_CAP, or as deep as the requested page reaches) the total is
 * exact; past it the answer says `totalCapped: true` and total is the cap ("1000+"), while pages
 * reach one page past the cap, so Next keeps working page by page.
 */
export const COUNT_CAP = 1000;
type Sort = SubcategoryProductsQuery['sort'];

/** Selling price per unit: shop price minus the per-unit discount (capped at the price), paise. */
const sellingPrice = sql<number>`(p.shop_price_paise - LEAST(p.discount_paise, p.shop_price_paise))`;

/** Escapes LIKE wildcards (backslash is PostgreSQL's default LIKE escape). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive substring match over English name, Tamil name and description. The left side is
 * exactly the expression of the trigram GIN index products_search_trgm (migration 001), so the
 * planner can use it; lower() runs on both sides in SQL so the case folding is the database's own.
 */
export const keywordMatch = (keyword: string) =>
  sql<boolean>`lower(p.name || ' ' || p.tamil || ' ' || p.description) LIKE ('%' || lower(${escapeLike(keyword)}) || '%')`;

function priceFilters(q: ProductQb, min?: number, max?: number): ProductQb {
  if (min !== undefined) q = q.where(sellingPrice, '>=', toPaise(min));
  if (max !== undefined) q = q.where(sellingPrice, '<=', toPaise(max));
  return q;
}

function sorted(q: ProductQb, sort: Sort): ProductQb {
  switch (sort) {
    case 'lowToHigh':
      return q.orderBy(sellingPrice, 'asc').orderBy('p.name').orderBy('p.id');
    case 'highToLow':
      return q.orderBy(sellingPrice, 'desc').orderBy('p.name').orderBy('p.id');
    case 'newest':
      return q.orderBy('p.created_at', 'desc').orderBy('p.id');
    case 'rating':
      return q.orderBy('p.rating', 'desc').orderBy('p.num_reviews', 'desc').orderBy('p.name').orderBy('p.id');
    default:
      return q.orderBy(sql`lower(p.name)`).orderBy('p.id');
  }
}

/**
 * One page in the requested order plus the number of matches. Counting stops past the cap (see
 * COUNT_CAP) unless `exact` (a subcategory is small and its list shows the exact count).
 */
async function page(db: Kysely<Database>, q: ProductQb, sort: Sort, pageNo: number, size: number, exact = false) {
  const offset = (pageNo - 1) * size;
  const cap = exact ? Number.MAX_SAFE_INTEGER : Math.max(COUNT_CAP, offset + size);
  const matches = q.clearSelect().select(sql<number>`1`.as('one'));
  const counted = await db
    .selectFrom((exact ? matches : matches.limit(cap + 1)).as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(counted.n);
  const capped = n > cap;
  if (n <= offset) return { products: [], total: n, pages: Math.ceil(n / size), capped: false };
  // Few matches: collect them first (the trigram index), then sort only those. Without the fence
  // (OFFSET 0 keeps the planner from merging the subquery) PostgreSQL may walk the whole name or
  // price index hoping for dense matches: 40 ms for a word whose matches never meet the price range.
  const fewMatches = n <= COUNT_CAP;
  const paged = fewMatches ? q.where('p.id', 'in', q.clearSelect().select('p.id').offset(0)) : q;
  const rows = await sorted(paged, sort).limit(size).offset(offset).execute();
  return { products: rows.map(toProductDto), total: capped ? cap : n, pages: Math.ceil(n / size), capped };
}

type SearchAnswer = { products: ProductDto[]; page: number; pages: number; total: number; totalCapped: boolean };
type SubcategoryAnswer = { products: ProductDto[]; totalCount: number; page: number; pages: number };
/** A product as cached: its DTO with reviews plus what the per-user visibility check needs. */
type CachedDetail = { dto: ProductDetailDto; visible: boolean; vendorId: string } | null;

export class CatalogService {
  /** Answers keyed by catalogue version (migration 003): any product change shows at once. */
  private readonly searches = new VersionedCache<SearchAnswer>(500, 60_000);
  private readonly subcategories = new VersionedCache<SubcategoryAnswer>(500, 60_000);
  private readonly details = new VersionedCache<CachedDetail>(2000, 60_000);

  constructor(private readonly db: Db) {}

  /**
   * One product with its reviews. Customers and delivery see active products of listed vendors
   * (role vendor, and active); a vendor also sees its own hidden ones; an admin sees all. Anything
   * else is 404.
   */
  async detail(user: AuthUser, id: string, knownVersion?: bigint | null): Promise<ProductDetailDto> {
    if (!idSchema.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
    const version = knownVersion ?? (await catalogVersion(this.db));
    const found = await this.details.get(version, id.toLowerCase(), () => this.loadDetail(id));
    const allowed = !!found && (found.visible || user.role === 'admin' || (user.role === 'vendor' && found.vendorId === user.id));
    if (!found || !allowed) throw notFound(PRODUCT_NOT_FOUND);
    return found.dto;
  }

  /** The product row and its newest 200 reviews in one query. */
  private async loadDetail(id: string): Promise<CachedDetail> {
    const row = await productQuery(this.db)
      .select(
        sql<ReviewJson[]>`(
          SELECT COALESCE(json_agg(json_build_object(
            '_id', r.id, 'name', r.name, 'rating', r.rating, 'comment', r.comment,
            'createdAt', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          ) ORDER BY r.created_at DESC, r.id), '[]'::json)
          FROM (SELECT * FROM reviews WHERE product_id = p.id ORDER BY created_at DESC, id LIMIT 200) r
        )`.as('reviews'),
      )
      .select(ownerListed.as('owner_listed'))
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const reviews = (typeof row.reviews === 'string' ? JSON.parse(row.reviews) : row.reviews) as ReviewJson[];
    return {
      dto: { ...toProductDto(row), reviews },
      visible: row.is_active && row.owner_listed,
      vendorId: row.vendor_id,
    };
  }

  /** Visible products of every subcategory with that name (any category, ignoring case). */
  async bySubcategory(subcategory: string, query: SubcategoryProductsQuery, knownVersion?: bigint | null): Promise<SubcategoryAnswer> {
    const name = subcategory.trim().toLowerCase();
    const version = knownVersion ?? (await catalogVersion(this.db));
    const key = JSON.stringify([name, query.page, query.limit, query.minPrice ?? null, query.maxPrice ?? null, !!query.inStock, query.sort ?? null]);
    return this.subcategories.get(version, key, async () => {
      let q = productQuery(this.db, { visibleOnly: true }).where(sql<string>`lower(s.name)`, '=', name);
      q = priceFilters(q, query.minPrice, query.maxPrice);
      if (query.inStock) q = q.where('p.count_in_stock', '>', 0);
      const r = await page(this.db, q, query.sort, query.page, query.limit, true);
      return { products: r.products, totalCount: r.total, page: query.page, pages: r.pages };
    });
  }

  async search(query: ProductSearchQuery, knownVersion?: bigint | null): Promise<SearchAnswer> {
    const kw = query.keyword?.trim() ?? '';
    const version = knownVersion ?? (await catalogVersion(this.db));
    const key = JSON.stringify([kw, query.minPrice ?? null, query.maxPrice ?? null, query.sort ?? null, query.pageNumber, query.pageSize]);
    return this.searches.get(version, key, async () => {
      let q = productQuery(this.db, { visibleOnly: true });
      if (kw) q = q.where(keywordMatch(kw));
      q = priceFilters(q, query.minPrice, query.maxPrice);
      const r = await page(this.db, q, query.sort, query.pageNumber, query.pageSize);
      return { products: r.products, page: query.pageNumber, pages: r.pages, total: r.total, totalCapped: r.capped };
    });
  }

  /** Visible products by id (checkout and other readers that must not see hidden ones). */
  async visibleByIds(db: Kysely<Database>, ids: string[]): Promise<ProductDto[]> {
    if (!ids.length) return [];
    const rows = await productQuery(db, { visibleOnly: true }).where('p.id', 'in', ids).execute();
    return rows.map(toProductDto);
  }

  /**
   * A customer's review: one per customer and product (a second one replaces the first); the
   * product's average rating and review count are recomputed in the same transaction.
   */
  async review(user: AuthUser, productId: string, input: z.infer<typeof reviewSchema>) {
    return this.db.transaction().execute(async (trx) => {
      const product = await productQuery(trx, { visibleOnly: true })
        .where('p.id', '=', productId)
        .executeTakeFirst();
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const inserted = await trx
        .insertInto('reviews')
        .values({ id: newId(), product_id: productId, user_id: user.id, name: user.name, rating: input.rating, comment: input.comment })
        .onConflict((oc) =>
          oc.columns(['product_id', 'user_id']).doUpdateSet({
            rating: input.rating,
            comment: input.comment,
            name: user.name,
            updated_at: sql`now()`,
          }),
        )
        .returning(sql<boolean>`(xmax = 0)`.as('created'))
        .executeTakeFirstOrThrow();
      const stats = await trx
        .updateTable('products')
        .set({
          rating: sql`COALESCE((SELECT round(avg(r.rating), 2) FROM reviews r WHERE r.product_id = ${productId}), 0)`,
          num_reviews: sql`(SELECT count(*) FROM reviews r WHERE r.product_id = ${productId})`,
        })
        .where('id', '=', productId)
        .returning(['rating', 'num_reviews'])
        .executeTakeFirstOrThrow();
      return {
        created: inserted.created,
        message: inserted.created ? REVIEW_TEXT.added : REVIEW_TEXT.updated,
        rating: Number(stats.rating),
        numReviews: stats.num_reviews,
      };
    });
  }
}
