import { CODE } from '../../../core/message-codes';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { toPaise } from '../../../core/money';
import type {
  ProductDetailDto,
  ProductDetailQuery,
  ProductDto,
  ProductSearchQuery,
  reviewSchema,
  SubcategoryProductsQuery,
} from '../../../core/schemas/product';
import type { z } from 'zod';
import { idSchema } from '../../../core/schemas/common';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { note, notFound } from '../../lib/errors';
import { ownedBy } from '../../security/access';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../accounts/auth.service';
import { productQuery, toProductDto } from './product-dto';
import { areaKey, CatalogRows } from './catalog-rows';
import { catalogVersion, VersionedCache } from '../search/search-cache';
import {
  containsKeyword,
  exactWords,
  type KeywordTerms,
  KeywordWords,
  normalKeyword,
  priceRange,
  type RankedPage,
  rankedPage,
  typoExactTsquery,
  typoTsquery,
  typoWordsMatch,
  visible,
  wordsMatch,
} from '../search/search-query';
import { SearchVocabulary } from '../search/search-vocabulary';
import { BroadWords } from '../search/broad-words';
import { SearchIndex } from '../search/search-index/search-index';
import { parseTsquery } from '../search/search-index/tsquery';
import type { Condition, IndexQuery } from '../search/search-index/rank';
import { oneByte } from '../search/search-index/texts';
import { barcodeMatch, mayBeBarcode } from '../search/barcode-match';

type ReviewJson = ProductDetailDto['reviews'][number];

const paise = (rupees?: number) => (rupees === undefined ? undefined : toPaise(rupees));
/** The condition leaving out the shops that do not deliver to the customer's area (the few vendor ids as one array keep the plans the same). */
const servedBy = (excluded: string[]): RawBuilder<boolean>[] =>
  excluded.length ? [sql<boolean>`p.vendor_id <> ALL(${excluded}::uuid[])`] : [];

/**
 * Counting stops here: broad words match tens of thousands of products, and an exact count would
 * read them all. Up to the cap (COUNT_CAP, or as deep as the requested page reaches) the total is
 * exact; past it the answer says `totalCapped: true` and total is the cap ("1000+"), while pages
 * reach one page past the cap, so Next keeps working page by page.
 */
export const COUNT_CAP = 1000;
/** Fragments (letters inside a word) are looked for only from this length on: shorter ones have no trigram. */
const FRAGMENT_MIN = 3;
type SearchAnswer = { products: ProductDto[]; page: number; pages: number; total: number; totalCapped: boolean };
type SubcategoryAnswer = { products: ProductDto[]; totalCount: number; page: number; pages: number };

export class CatalogService {
  /**
   * Pages as cached: ranked ids and counts, never rows (read fresh by id, so stock is always
   * current). Keyed by the catalogue version (migration 003, narrowed in 007): a change to what a
   * list matches or how it sorts (names, prices, visibility, ratings, stock crossing zero) moves it
   * in every process at once; a checkout's stock change does not.
   */
  private readonly searches = new VersionedCache<RankedPage>(5000, 300_000, 4 * 2 ** 20);
  private readonly subcategories = new VersionedCache<RankedPage>(2000, 300_000, 2 * 2 ** 20);
  private readonly reviews = new VersionedCache<ReviewJson[]>(2000, 300_000, 4 * 2 ** 20);
  private readonly words = new KeywordWords();
  private readonly catalogRows: CatalogRows;
  private readonly vocabulary: SearchVocabulary;
  /** Null: every search ranked as usual (tests compare the two). */
  private readonly broadWords: BroadWords | null;
  /** Null: every search ranked by PostgreSQL (tests compare the two). */
  private readonly index: SearchIndex | null;

  constructor(
    private readonly db: Db,
    opts: { broadWords?: boolean; searchIndex?: boolean } = {},
  ) {
    this.catalogRows = new CatalogRows(db);
    this.vocabulary = new SearchVocabulary(db);
    this.broadWords = opts.broadWords === false ? null : new BroadWords(db, this.vocabulary);
    this.index = opts.searchIndex === false ? null : new SearchIndex(db);
  }

  /** Whether searches are ranked in memory (the index is built). */
  get searchInMemory(): boolean {
    return this.index?.built ?? false;
  }

  /** Builds the in-memory search index now rather than at the first search (a server's start). */
  async warmSearch(): Promise<void> {
    await this.index?.build();
  }

  /**
   * One product with its reviews: the row read fresh (stock changes with every checkout), the
   * reviews cached by catalogue version (a review moves it). Customers and delivery see active
   * products of listed vendors (role vendor, and active); a vendor also sees its own hidden ones; an
   * admin sees all. Anything else is 404. With an area, a product of a shop that does not deliver
   * there is hidden too (migration 012).
   */
  async detail(user: AuthUser, id: string, knownVersion?: bigint | null, query: ProductDetailQuery = {}): Promise<ProductDetailDto> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.productNotFound);
    const version = knownVersion ?? (await catalogVersion(this.db));
    const [[row], reviews] = await Promise.all([
      this.catalogRows.byIds([id], version, false, query.area),
      this.reviews.get(version, id.toLowerCase(), () => this.loadReviews(id)),
    ]);
    if (!row || !(row.visible || ownedBy(user, row.vendor_id))) throw notFound(CODE.productNotFound);
    return { ...toProductDto(row), reviews };
  }

  /** A product's newest 200 reviews. */
  private async loadReviews(id: string): Promise<ReviewJson[]> {
    const rows = await this.db
      .selectFrom('reviews')
      .select([
        'id',
        'name',
        'rating',
        'comment',
        sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
      ])
      .where('product_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(200)
      .execute();
    return rows.map((r) => ({ _id: r.id, name: r.name, rating: r.rating, comment: r.comment, createdAt: r.created_at }));
  }

  /** Visible products of every subcategory with that name (any category, ignoring case). */
  async bySubcategory(subcategory: string, query: SubcategoryProductsQuery, knownVersion?: bigint | null): Promise<SubcategoryAnswer> {
    const name = subcategory.trim().toLowerCase();
    const version = knownVersion ?? (await catalogVersion(this.db));
    const key = JSON.stringify([
      name,
      query.page,
      query.limit,
      query.minPrice ?? null,
      query.maxPrice ?? null,
      !!query.inStock,
      query.sort ?? null,
      query.area === undefined ? null : areaKey(query.area),
    ]);
    const r = await this.subcategories.get(version, key, async () => {
      const conditions = [
        visible,
        ...servedBy(await this.excludedVendors(query.area, version)),
        sql<boolean>`p.subcategory_id IN (SELECT s.id FROM subcategories s WHERE lower(s.name) = ${name})`,
        ...priceRange(paise(query.minPrice), paise(query.maxPrice)),
      ];
      if (query.inStock) conditions.push(sql<boolean>`p.count_in_stock > 0`);
      return rankedPage(this.db, conditions, query.sort, query.page, query.limit, null);
    });
    return { products: await this.rows(r.ids, version, query.area), totalCount: r.total, page: query.page, pages: r.pages };
  }

  /**
   * Products whose matched fields (name, Tamil name, description) hold every word of the keyword
   * at a word's start and the keyword as typed, or whose Tamil name sounds like its words typed in
   * English letters ("thakkali", search-query.ts). A word that begins no word of the catalogue may
   * also match through the words within its allowed typos ("tomatos", "kathirikai": search-typos.ts,
   * search-vocabulary.ts). When none does, products holding it anywhere (a fragment such as "amba" of
   * Samba, three letters or more). Without a chosen sort, exact word matches in the names come first,
   * then the others (prefixes, the description), then typo matches, each by name; fragments only when
   * nothing else matches.
   * Ranked ids are cached, rows read fresh.
   */
  async search(query: ProductSearchQuery, knownVersion?: bigint | null): Promise<SearchAnswer> {
    const kw = normalKeyword(query.keyword ?? '');
    const version = knownVersion ?? (await catalogVersion(this.db));
    const key = JSON.stringify([
      kw,
      query.minPrice ?? null,
      query.maxPrice ?? null,
      query.sort ?? null,
      query.pageNumber,
      query.pageSize,
      query.area === undefined ? null : areaKey(query.area),
    ]);
    const r = await this.searches.get(version, key, async () => {
      const excluded = await this.excludedVendors(query.area, version);
      const base = [visible, ...servedBy(excluded), ...priceRange(paise(query.minPrice), paise(query.maxPrice))];
      // a scanned or typed barcode (the product's or a pack's) finds its products before any word does
      if (mayBeBarcode(kw)) {
        const byCode = await rankedPage(this.db, [...base, barcodeMatch(kw)], query.sort, query.pageNumber, query.pageSize, COUNT_CAP);
        if (byCode.total > 0) return byCode;
      }
      const fromIndex = await this.indexedSearch(query, kw, version, excluded);
      if (fromIndex) return fromIndex;
      const find = (match?: RawBuilder<boolean>, exact?: RawBuilder<boolean>, plain?: RawBuilder<boolean>) =>
        rankedPage(
          this.db,
          match ? [...base, match] : base,
          query.sort,
          query.pageNumber,
          query.pageSize,
          COUNT_CAP,
          !!match,
          exact,
          plain,
        );
      if (!kw) return find();
      const words = await this.words.terms(this.db, kw);
      let byWords: RankedPage | null = null;
      if (words) {
        await this.vocabulary.current(version);
        const typos = (despiteKey: boolean) => this.typoQuery(words, despiteKey);
        const byTypos = (match: RawBuilder<boolean>, despiteKey: boolean) =>
          find(match, exactWords(this.typoQuery(words, despiteKey, true) ?? words), wordsMatch(words, kw));
        const some = typos(false);
        const broad =
          some || !words.single || query.minPrice !== undefined || query.maxPrice !== undefined
            ? null
            : await this.broadWords?.page({
                version,
                word: words.words[0],
                base,
                match: wordsMatch(words, kw),
                exact: exactWords(words),
                sort: query.sort,
                pageNo: query.pageNumber,
                size: query.pageSize,
                cap: COUNT_CAP,
                excludedVendors: excluded,
              });
        byWords = broad ?? (some ? await byTypos(typoWordsMatch(some), false) : await find(wordsMatch(words, kw), exactWords(words)));
        // some word matched only through its phonetic key, and no product holds them all: its typos may
        // ("murungai kerai"), though not the words as typed in another order ("rice ponni" is not "ponni rice")
        const every = !some && byWords.total === 0 ? typos(true) : null;
        if (every)
          byWords = await byTypos(sql<boolean>`(${typoWordsMatch(every)} AND NOT ${typoWordsMatch(words.sounds ?? words.tsquery)})`, true);
      }
      if (byWords && (byWords.total > 0 || kw.length < FRAGMENT_MIN)) return byWords;
      return find(containsKeyword(kw));
    });
    return {
      products: await this.rows(r.ids, version, query.area),
      page: query.pageNumber,
      pages: r.pages,
      total: r.total,
      totalCapped: r.capped,
    };
  }

  /**
   * The search's ranked page from the in-memory index (search-index/): the page the PostgreSQL path
   * below ranks, step for step (the same conditions, parsed from the same tsquery text). Null while
   * the index is being built, and for a keyword with letters other than English and Tamil ones (its
   * lower case is the database's): PostgreSQL ranks those.
   */
  private async indexedSearch(query: ProductSearchQuery, kw: string, version: bigint, excluded: string[]): Promise<RankedPage | null> {
    // a keyword of English and Tamil letters only: its lower case is the same here and in the database
    if (!this.index || oneByte(kw) === null) return null;
    const words = kw ? await this.words.terms(this.db, kw) : null;
    if (words) await this.vocabulary.current(version);
    if (!(await this.index.at(version))) return null;
    // no await from here on: the index answers at this version
    const index = this.index;
    const page = (q: Pick<IndexQuery, 'match' | 'not' | 'exact' | 'plain'>) =>
      index.page({
        ...q,
        excluded,
        minPaise: paise(query.minPrice),
        maxPaise: paise(query.maxPrice),
        sort: query.sort,
        pageNo: query.pageNumber,
        size: query.pageSize,
        cap: COUNT_CAP,
      });
    const fragment: Condition = { groups: null, text: { needle: kw.toLowerCase() } };
    if (!kw) return page({ match: { groups: null } });
    if (!words) return page({ match: fragment });
    // wordsMatch (search-query.ts)
    const asTyped = parseTsquery(words.sounds ?? words.tsquery);
    const match: Condition = words.single
      ? { groups: asTyped }
      : {
          groups: asTyped,
          text: { needle: kw.toLowerCase(), ...(words.anyKey && words.sounds ? { orAny: parseTsquery(words.anyKey) } : {}) },
        };
    const exact = parseTsquery(words.exact);
    const some = this.typoQuery(words, false);
    // among typo matches, whole words one or two letters off rank first (typoExactTsquery)
    const typoExact = (despiteKey: boolean) => parseTsquery(this.typoQuery(words, despiteKey, true) ?? words.exact);
    let r = some ? page({ match: { groups: parseTsquery(some) }, exact: typoExact(false), plain: match }) : page({ match, exact });
    const every = !some && r.total === 0 ? this.typoQuery(words, true) : null;
    if (every) r = page({ match: { groups: parseTsquery(every) }, not: asTyped, exact: typoExact(true), plain: match });
    return r.total > 0 || kw.length < FRAGMENT_MIN ? r : page({ match: fragment });
  }

  /**
   * The keyword's words as typed or through their typos (search-vocabulary.ts), tsquery input; null when none has a typo
   * alternative. `whole`: only the whole-word ones, what ranks first among typo matches (typoExactTsquery).
   */
  private typoQuery(words: KeywordTerms, despiteKey: boolean, whole = false): string | null {
    const alternatives = words.words.map((w) => this.vocabulary.alternatives(w, despiteKey));
    if (!whole) return typoTsquery(words, alternatives);
    return alternatives.some(Boolean) ? typoExactTsquery(words, alternatives) : null;
  }

  /** The shops that chose delivery areas without this one (none without an area, or when every shop delivers there). */
  private async excludedVendors(area: string | undefined, version: bigint): Promise<string[]> {
    return area === undefined ? [] : this.catalogRows.excludedVendors(area, version);
  }

  /** The visible products of a page, read fresh by id, in the page's order. */
  private async rows(ids: string[], version: bigint, area?: string): Promise<ProductDto[]> {
    return (await this.catalogRows.byIds(ids, version, true, area)).map(toProductDto);
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
      const product = await productQuery(trx, { visibleOnly: true }).where('p.id', '=', productId).executeTakeFirst();
      if (!product) throw notFound(CODE.productNotFound);
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
        ...(inserted.created ? note(CODE.reviewAdded) : note(CODE.reviewUpdated)),
        rating: Number(stats.rating),
        numReviews: stats.num_reviews,
      };
    });
  }
}
