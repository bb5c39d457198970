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
import { productQuery, toProductDto } from './product-dto';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const REVIEW_TEXT = { added: 'Review added', updated: 'Review updated' } as const;

type ProductQb = ReturnType<typeof productQuery>;
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

async function page(q: ProductQb, sort: Sort, pageNo: number, size: number) {
  const countRow = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(countRow.n);
  const rows = await sorted(q, sort)
    .limit(size)
    .offset((pageNo - 1) * size)
    .execute();
  return { products: rows.map(toProductDto), total, pages: Math.ceil(total / size) };
}

export class CatalogService {
  constructor(private readonly db: Db) {}

  /**
   * One product with its reviews. Customers and delivery see active products of active vendors;
   * a vendor also sees its own hidden ones; an admin sees all. Anything else is 404.
   */
  async detail(user: AuthUser, id: string): Promise<ProductDetailDto> {
    if (!idSchema.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
    const row = await productQuery(this.db).where('p.id', '=', id).executeTakeFirst();
    const visible = !!row && row.is_active && row.vendor_active;
    const allowed = !!row && (visible || user.role === 'admin' || (user.role === 'vendor' && row.vendor_id === user.id));
    if (!row || !allowed) throw notFound(PRODUCT_NOT_FOUND);
    const reviews = await this.db
      .selectFrom('reviews')
      .select(['id', 'name', 'rating', 'comment', 'created_at'])
      .where('product_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(200)
      .execute();
    return {
      ...toProductDto(row),
      reviews: reviews.map((r) => ({
        _id: r.id,
        name: r.name,
        rating: r.rating,
        comment: r.comment,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  }

  /** Visible products of every subcategory with that name (any category, ignoring case). */
  async bySubcategory(subcategory: string, query: SubcategoryProductsQuery) {
    let q = productQuery(this.db, { visibleOnly: true }).where(sql<string>`lower(s.name)`, '=', subcategory.trim().toLowerCase());
    q = priceFilters(q, query.minPrice, query.maxPrice);
    if (query.inStock) q = q.where('p.count_in_stock', '>', 0);
    const r = await page(q, query.sort, query.page, query.limit);
    return { products: r.products, totalCount: r.total, page: query.page, pages: r.pages };
  }

  async search(query: ProductSearchQuery) {
    let q = productQuery(this.db, { visibleOnly: true });
    const kw = query.keyword?.trim();
    if (kw) q = q.where(keywordMatch(kw));
    q = priceFilters(q, query.minPrice, query.maxPrice);
    const r = await page(q, query.sort, query.pageNumber, query.pageSize);
    return { products: r.products, page: query.pageNumber, pages: r.pages, total: r.total };
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
