import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/types';
import type { RankedPage, Sort } from './search-query';
import { walkable, walkedPage } from './search-query';
import { VersionedCache } from './search-cache';
import type { SearchVocabulary } from './search-vocabulary';

/** The most rows a walk reads before giving up (each a row of the order's index and its table row). */
const WALK_MAX_ROWS = 1000;
/** Rows walked per match expected: the matches are not spread evenly over the order. */
const WALK_SLACK = 4;
/**
 * The least share of the catalogue a word needs for a walk in name order: words that begin names (a
 * brand: "Thangam ...") bunch together there, so a rarer one is seldom found near the start (measured
 * on the bench's wide mix: below a tenth, three walks in four fell short; in price order, one in five).
 */
const NAME_WALK_MIN_SHARE = 0.1;

/**
 * Broad words: a one-word search the vocabulary proves has more matches than the count cap, answered
 * without ranking them. Counting 1,001 matches and then reading those before the page's end is most of
 * PostgreSQL's time in a cold search (a word in every description, "packed", matches all 50,000
 * generated products). The proof: the vocabulary (kept exact by triggers, migration 023, and brought up
 * to the catalogue version before a search) counts the products holding the word the query word begins,
 * hidden ones included; minus every product a customer of that area might not see (the inactive ones,
 * and all products of unlisted sellers and of shops that do not deliver there), what remains is more
 * than the cap. The answer is then the one rankedPage gives past the cap ("1000+", pages to one past
 * it), and the page is found by walking the order's index (walkedPage) over as many rows as the
 * word's share of the catalogue suggests. A price range, several words, a typo, the rating order or a
 * walk that falls short go the usual way.
 */
export class BroadWords {
  /** Per catalogue version and the shops left out (an area's): the products that may be hidden, and the catalogue's size (the planner's estimate). */
  private readonly hidden = new VersionedCache<{ hidden: number; estimate: number }>(200, 300_000, 2 ** 16);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly vocabulary: SearchVocabulary,
  ) {}

  /**
   * The page of a one-word search past the count cap, or null when the word is not proved broad or
   * the walk falls short. `word`: the keyword as the database splits it; `match` its conditions
   * (wordsMatch), `exact` its whole-word condition (the default order ranks those first).
   */
  async page(opts: {
    version: bigint;
    word: string;
    base: RawBuilder<boolean>[];
    match: RawBuilder<boolean>;
    exact: RawBuilder<boolean>;
    sort: Sort;
    pageNo: number;
    size: number;
    cap: number;
    excludedVendors: string[];
  }): Promise<RankedPage | null> {
    const order = opts.sort ?? 'name';
    if (!walkable(order)) return null;
    const end = opts.pageNo * opts.size;
    const limit = Math.max(opts.cap, end);
    const atLeast = this.vocabulary.matchesAtLeast(opts.word);
    if (atLeast <= limit) return null;
    const { hidden, estimate } = await this.hidden.get(opts.version, opts.excludedVendors.join(','), () =>
      this.hiddenProducts(opts.excludedVendors),
    );
    const sure = atLeast - hidden;
    if (sure <= limit) return null;
    const share = sure / Math.max(estimate, atLeast);
    const rows = Math.ceil((WALK_SLACK * end) / share);
    if (rows > WALK_MAX_ROWS || (order === 'name' && share < NAME_WALK_MIN_SHARE)) return null;
    // the default order: whole-word matches first, so the page is the first `end` of them by name
    const match = opts.sort ? [opts.match] : [opts.match, opts.exact];
    const ids = await walkedPage(this.db, opts.base, match, order, opts.pageNo, opts.size, rows);
    if (!ids) return null;
    return { ids, total: limit, pages: Math.ceil((limit + 1) / opts.size), capped: true };
  }

  /**
   * Products a customer might not see: the inactive ones (a partial index, migration 026) and every
   * product of the unlisted sellers and of these shops (the vendor index), counted twice when both; and
   * the planner's estimate of the catalogue's size (-1 before its first ANALYZE).
   */
  private async hiddenProducts(excludedVendors: string[]): Promise<{ hidden: number; estimate: number }> {
    const { rows } = await sql<{ hidden: number; estimate: number }>`
      SELECT (SELECT count(*) FROM products WHERE NOT is_active)::int
           + (SELECT count(*) FROM products
              WHERE vendor_id = ANY(ARRAY(SELECT user_id FROM unlisted_sellers) || ${excludedVendors}::uuid[]))::int AS hidden,
             (SELECT reltuples FROM pg_class WHERE oid = 'products'::regclass)::float8 AS estimate`.execute(this.db);
    return { hidden: Number(rows[0].hidden), estimate: Number(rows[0].estimate) };
  }
}
