import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { SubcategoryProductsQuery } from '../../../core/schemas/product';
import { wordSoundKey } from '../../../core/transliterate';
import type { Database } from '../../db/types';
import type { Alternatives } from './search-vocabulary';
import type { NearPrefix } from './search-typos';
import { ownerListed } from '../catalog/product-dto';

/**
 * The ranking half of catalogue reads: which product ids a page shows, and how many match. Rows are
 * read by id afterwards (fresh), so the ranked ids can be cached while stock changes.
 *
 * A page in a sort order is found in at most two statements, whatever the number of matches:
 * 1. a sample: the first cap+1 matches in whatever order the database finds them (the word index, a
 *    price range), counted, with the page's rows among them in the sort order. Up to the cap that is
 *    every match, so the sample's page is the page.
 * 2. past the cap only: the sample's (offset+size)-th key bounds the answer (the true rows at or
 *    before the page's end sort no later than the sample's, a subset), so the second statement reads
 *    only the matches on the near side of that key. With a word matching 4,000 products the old
 *    name-ordered walk read 40,000 rows before the first match ("Thangam ..." sorts late); the
 *    bounded read takes ~240 (measured).
 */

export type Sort = SubcategoryProductsQuery['sort'];

/** Selling price per unit: shop price minus the per-unit discount (capped at the price), paise. */
export const sellingPrice = sql<number>`(p.shop_price_paise - LEAST(p.discount_paise, p.shop_price_paise))`;

interface Order {
  /** Sort keys, most significant first: each an expression and its direction. */
  keys: Array<[RawBuilder<unknown>, 'asc' | 'desc']>;
  /** The SQL types of the leading keys a bound holds (the first key's: it is compared in its direction). */
  casts: RawBuilder<unknown>[];
  /**
   * The matches at or before a bound, when the first key alone does not narrow them: the bound's
   * values of the leading keys (as text, one per cast) to conditions, any of which may hold (each
   * read on its own, so each can use its index).
   */
  near?: (bound: string[]) => RawBuilder<boolean>[];
}

const name = sql`lower(p.name)`;
const ORDERS: Record<NonNullable<Sort> | 'name', Order> = {
  name: {
    keys: [
      [name, 'asc'],
      [sql`p.id`, 'asc'],
    ],
    casts: [sql`text`],
  },
  lowToHigh: {
    keys: [
      [sellingPrice, 'asc'],
      [sql`p.name`, 'asc'],
      [sql`p.id`, 'asc'],
    ],
    casts: [sql`integer`],
  },
  highToLow: {
    keys: [
      [sellingPrice, 'desc'],
      [sql`p.name`, 'asc'],
      [sql`p.id`, 'asc'],
    ],
    casts: [sql`integer`],
  },
  newest: {
    keys: [
      [sql`p.created_at`, 'desc'],
      [sql`p.id`, 'asc'],
    ],
    casts: [sql`timestamptz`],
  },
  rating: {
    keys: [
      [sql`p.rating`, 'desc'],
      [sql`p.num_reviews`, 'desc'],
      [sql`p.name`, 'asc'],
      [sql`p.id`, 'asc'],
    ],
    casts: [sql`numeric`],
  },
};

/**
 * Search without a chosen sort: exact word matches first (`exact` holds), then the others (prefix
 * matches), each by name; with typo alternatives (`plain`: the match without them), the prefix
 * matches before the typo matches. A bound is the rank and the name: at or before (0, n) are the
 * exact matches named up to n, at or before (1, n) every exact match and the plain ones named up to
 * n, at or before (2, n) every exact and plain match and the others named up to n. Written so, each
 * as reads of their own, the word index finds the exact ones and the name index the names up to n (a
 * row comparison with the rank in it, or an OR of the two, could only be checked row by row: a phrase
 * in every description took 75-150 ms that way).
 */
const byRelevance = (exact: RawBuilder<boolean>, plain?: RawBuilder<boolean>): Order => {
  const rank = plain
    ? sql<number>`(CASE WHEN ${exact} THEN 0 WHEN ${plain} THEN 1 ELSE 2 END)`
    : sql<number>`(CASE WHEN ${exact} THEN 0 ELSE 1 END)`;
  const upTo = (n: string) => sql<boolean>`${name} <= ${n}`;
  return {
    keys: [[rank, 'asc'], ...ORDERS.name.keys],
    casts: [sql`integer`, sql`text`],
    near: ([r, lowerName]) => {
      if (r === '0') return [sql<boolean>`(${exact} AND ${upTo(lowerName)})`];
      if (!plain) return [exact, upTo(lowerName)];
      return r === '1' ? [exact, sql<boolean>`(${plain} AND ${upTo(lowerName)})`] : [exact, plain, upTo(lowerName)];
    },
  };
};

const dir = (d: 'asc' | 'desc') => sql.raw(d === 'asc' ? 'ASC' : 'DESC');

/** What customers may see: active products of listed vendors. */
export const visible = sql<boolean>`(p.is_active AND ${ownerListed})`;

/** Selling price within [minPaise, maxPaise] (either end optional). */
export function priceRange(minPaise?: number, maxPaise?: number): RawBuilder<boolean>[] {
  const out: RawBuilder<boolean>[] = [];
  if (minPaise !== undefined) out.push(sql<boolean>`${sellingPrice} >= ${minPaise}`);
  if (maxPaise !== undefined) out.push(sql<boolean>`${sellingPrice} <= ${maxPaise}`);
  return out;
}

/** Escapes LIKE wildcards (backslash is PostgreSQL's default LIKE escape). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The keyword as matched: trimmed, runs of white space as one space. */
export const normalKeyword = (keyword: string) => keyword.trim().replace(/\s+/g, ' ');

/** The keyword as a substring of the matched fields (search_text is lower-cased by the database). */
export const containsKeyword = (keyword: string) => sql<boolean>`p.search_text LIKE ('%' || lower(${escapeLike(keyword)}) || '%')`;

/**
 * Every word of the keyword begins a word of the matched fields (search_words @@ 'w1':* & 'w2':*),
 * and the keyword as typed is in them: "ponni ri" finds "Ponni Rice", "zeta 100%" needs the "%".
 * The index finds the candidates; the substring check keeps order and punctuation. A keyword that is
 * one word exactly as the database splits it needs no substring check (a word starting with it holds
 * it), and leaving it out keeps the planner's estimate of the matches right.
 *
 * Words in Latin letters may also be Tamil typed in English ("thakkali", "paruppu dal"): each such
 * word matches either as typed or by its phonetic key at the start of a word of the Tamil name's key
 * (weight B, migration 009). A product found that way through at least one word's key needs no
 * substring check: people put Tamil and English words in any order. Those words take one index
 * condition (each word as typed or by its key, a superset of the plain one) and the rest as a filter
 * on its candidates: an OR of two index conditions misled the planner into reading every product
 * for a phrase in every description ("tamil nadu", 4 -> 150 ms).
 */
export const wordsMatch = (words: KeywordTerms, keyword: string) => {
  if (words.sounds === null || words.anyKey === null)
    return words.single
      ? sql<boolean>`p.search_words @@ ${words.tsquery}::tsquery`
      : sql<boolean>`(p.search_words @@ ${words.tsquery}::tsquery AND ${containsKeyword(keyword)})`;
  if (words.single) return sql<boolean>`p.search_words @@ ${words.sounds}::tsquery`;
  // the filter in function form (what @@ and LIKE call) so the planner cannot take it to an index too: it did,
  // and with a word in most Tamil names ("kiram", grams) read both long entries and the trigram index (54 -> 15 ms)
  const pattern = sql`('%' || lower(${escapeLike(keyword)}) || '%')`;
  return sql<boolean>`(p.search_words @@ ${words.sounds}::tsquery AND (textlike(p.search_text, ${pattern}) OR ts_match_vq(p.search_words, ${words.anyKey}::tsquery)))`;
};

/** Every word of the keyword is a whole word of the names (or its key one of the Tamil name's key; migration 009). */
export const exactWords = (words: KeywordTerms | string) =>
  sql<boolean>`p.name_words @@ ${typeof words === 'string' ? words : words.exact}::tsquery`;

export interface KeywordTerms {
  /** The words, lower-cased, as the database splits them. */
  words: string[];
  /** The words as prefix terms joined with &, tsquery input. */
  tsquery: string;
  /** One word, the keyword itself lower-cased. */
  single: boolean;
  /** The words as whole words of the names (name_words: or their keys of the Tamil key, B), joined with &. */
  exact: string;
  /** Each word as a prefix, or its phonetic key as a prefix of a Tamil key word, joined with &; null when no word has a key. */
  sounds: string | null;
  /** Some word's key as a prefix of a Tamil key word (joined with |); null when no word has a key (not Latin letters). */
  anyKey: string | null;
}

/** A lexeme as a prefix term of tsquery input (quotes and backslashes doubled). */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const prefixTerm = (lexeme: string) => `${quoted(lexeme)}:*`;

/** The tsquery inputs of a keyword's words (as the database splits them). */
export function keywordTerms(words: string[], keyword: string): KeywordTerms {
  const keys = words.map(wordSoundKey);
  const either = (w: string, i: number, whole: boolean) => {
    const own = whole ? quoted(w) : prefixTerm(w);
    const key = keys[i];
    return key === null ? own : `(${own} | ${quoted(key)}:${whole ? '' : '*'}B)`;
  };
  const anyKey = keys.filter((k): k is string => k !== null).map((k) => `${quoted(k)}:*B`);
  const single = words.length === 1 && words[0] === keyword.toLowerCase();
  return {
    words,
    tsquery: words.map(prefixTerm).join(' & '),
    single,
    exact: words.map((w, i) => either(w, i, true)).join(' & '),
    sounds: anyKey.length ? words.map((w, i) => either(w, i, false)).join(' & ') : null,
    anyKey: anyKey.length ? anyKey.join(' | ') : null,
  };
}

/**
 * The keyword's words each as typed (a prefix, or its key a prefix of a Tamil key word) or as one of
 * its typo alternatives (search-vocabulary.ts: beginnings of words, or of Tamil key words, weight B),
 * joined with &; null when no word has alternatives. Matched on its own (no substring check: the
 * keyword as typed is not in a product found through a typo).
 */
export function typoTsquery(terms: KeywordTerms, alternatives: ReadonlyArray<Alternatives | null>): string | null {
  if (!alternatives.some(Boolean)) return null;
  return terms.words
    .map((w, i) => {
      const key = wordSoundKey(w);
      const alt = alternatives[i];
      const own = [prefixTerm(w), ...(key === null ? [] : [`${quoted(key)}:*B`])];
      const term = (a: NearPrefix, weight = '') =>
        `${quoted(a.prefix)}${a.whole ? '' : ':*'}${weight ? (a.whole ? ':' : '') + weight : ''}`;
      const more = alt ? [...alt.words.map((a) => term(a)), ...alt.keys.map((a) => term(a, 'B'))] : [];
      return `(${[...own, ...more].join(' | ')})`;
    })
    .join(' & ');
}

/**
 * The whole-word half of typoTsquery: each word whole as typed (or its key), or one of its typo
 * alternatives that is a whole word. Among typo matches these rank first, so "aresi" lists the rice
 * (அரிசி, a whole word one letter off) before "Arai Keerai" (a word that merely begins alike).
 */
export function typoExactTsquery(terms: KeywordTerms, alternatives: ReadonlyArray<Alternatives | null>): string {
  return terms.words
    .map((w, i) => {
      const key = wordSoundKey(w);
      const alt = alternatives[i];
      const whole = (list: NearPrefix[] | undefined, weight: string) =>
        (list ?? []).filter((a) => a.whole || a.isWord).map((a) => `${quoted(a.prefix)}${weight}`);
      const terms = [quoted(w), ...(key === null ? [] : [`${quoted(key)}:B`]), ...whole(alt?.words, ''), ...whole(alt?.keys, ':B')];
      return `(${terms.join(' | ')})`;
    })
    .join(' & ');
}

/** Every word of the keyword as typed or as a typo alternative (typoTsquery) begins a word of the matched fields. */
export const typoWordsMatch = (tsquery: string) => sql<boolean>`p.search_words @@ ${tsquery}::tsquery`;

/**
 * The keyword's words as the database splits the matched fields ('simple' parser: Tamil words whole,
 * "மி.லி" as two, "5kg" as one), joined as prefix terms; null when it has no word ("%"). Plain
 * keywords are split here (plainWords), others asked of the database so the two sides split alike;
 * remembered per keyword (it depends on nothing else).
 */
export class KeywordWords {
  private readonly memo = new Map<string, KeywordTerms | null>();
  constructor(private readonly max = 5000) {}

  async terms(db: Kysely<Database>, keyword: string): Promise<KeywordTerms | null> {
    const hit = this.memo.get(keyword);
    if (hit !== undefined) return hit;
    const words = plainWords(keyword) ?? (await databaseWords(db, keyword));
    const q = words.length ? keywordTerms(words, keyword) : null;
    if (this.memo.size >= this.max) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(keyword, q);
    return q;
  }
}

async function databaseWords(db: Kysely<Database>, keyword: string): Promise<string[]> {
  const { rows } = await sql<{
    words: string[];
  }>`SELECT array(SELECT lexeme FROM unnest(to_tsvector('simple', ${keyword}))) AS words`.execute(db);
  return rows[0]?.words ?? [];
}

/** ASCII letters and digits, and letters of scripts without case (Tamil) with their signs. */
const PLAIN = /^(?:[a-z0-9 ]|(?=\p{L})[^\p{Lu}\p{Ll}\p{Lt}]|\p{M})+$/u;

/**
 * The words of a keyword made only of space-separated runs of ASCII letters and digits or of
 * caseless letters with their signs, which the 'simple' parser takes whole (as words, numbers or
 * number-words) and lower-cases as JavaScript does; null for anything else (punctuation, cased
 * non-ASCII letters, other characters), which the database splits. Saves a round trip per new
 * keyword; a test holds it to the database's own split.
 */
export function plainWords(keyword: string): string[] | null {
  const lower = keyword.toLowerCase();
  if (!PLAIN.test(lower)) return null;
  return [...new Set(lower.split(' ').filter(Boolean))];
}

export interface RankedPage {
  ids: string[];
  /** Matches counted: exact up to the cap, else the cap. */
  total: number;
  pages: number;
  capped: boolean;
}

/**
 * The ids of one page of products meeting every condition (p is products), in the sort order, and
 * the number of matches. `cap` stops the count (null: count them all). `clustered`: the matches may
 * bunch together in the sort order (words: "Thangam ..." names all sort late), so past the cap the
 * page is collected from the bounded matches; without it (price ranges only) an ordered index walk
 * finds the page at once, while the sample may have come from that index in the other direction and
 * bound nothing (measured: 18,000 rows collected for a price range sorted low to high).
 */
export async function rankedPage(
  db: Kysely<Database>,
  conditions: RawBuilder<boolean>[],
  sort: Sort,
  pageNo: number,
  size: number,
  cap: number | null,
  clustered = true,
  exact?: RawBuilder<boolean>,
  plain?: RawBuilder<boolean>,
): Promise<RankedPage> {
  const offset = (pageNo - 1) * size;
  const limit = cap === null ? null : Math.max(cap, offset + size);
  const order = exact && !sort ? byRelevance(exact, plain) : ORDERS[sort ?? 'name'];
  const where = sql.join(conditions, sql` AND `);
  const keyCols = sql.join(order.keys.map(([k], i) => sql`${k} AS ${sql.ref(`k${i}`)}`));
  const sampleOrder = sql.join(order.keys.map(([, d], i) => sql`${sql.ref(`k${i}`)} ${dir(d)}`));
  const boundCols = sql.join(order.casts.map((_, i) => sql`${sql.ref(`m.k${i}`)}::text AS ${sql.ref(`b${i}`)}`));
  const { rows } = await sql<{ n: number; id: string } & Record<`b${number}`, string>>`
    WITH m AS MATERIALIZED (
      SELECT p.id, ${keyCols} FROM products p WHERE ${where}
      ${limit === null ? sql`` : sql`LIMIT ${limit + 1}`}
    )
    SELECT (SELECT count(*) FROM m)::int AS n, m.id, ${boundCols} FROM m ORDER BY ${sampleOrder} LIMIT ${offset + size}`.execute(db);
  const n = rows.length ? Number(rows[0].n) : 0;
  const pages = Math.ceil(n / size);
  if (limit === null || n <= limit) return { ids: rows.slice(offset).map((r) => r.id), total: n, pages, capped: false };

  const last = rows[rows.length - 1];
  const [first, firstDir] = order.keys[0];
  const bound = sql`${last.b0}::${order.casts[0]}`;
  const nears = order.near
    ? order.near(order.casts.map((_, i) => last[`b${i}`]))
    : [firstDir === 'asc' ? sql<boolean>`${first} <= ${bound}` : sql<boolean>`${first} >= ${bound}`];
  const near = sql<boolean>`(${sql.join(nears, sql` OR `)})`;
  // Clustered: every match on the near side of the bound, then sorted (an ordered index walk from
  // the start would pass every non-matching row before the first match when the matches sort late).
  const fullOrder = sql.join(order.keys.map(([k, d]) => sql`${k} ${dir(d)}`));
  const reads = sql.join(
    nears.map((c) => sql`SELECT p.id, ${keyCols} FROM products p WHERE ${where} AND ${c}`),
    sql` UNION `,
  );
  const page = clustered
    ? await sql<{ id: string }>`
        WITH c AS MATERIALIZED (${reads})
        SELECT c.id FROM c ORDER BY ${sampleOrder} LIMIT ${size} OFFSET ${offset}`.execute(db)
    : await sql<{
        id: string;
      }>`SELECT p.id FROM products p WHERE ${where} AND ${near} ORDER BY ${fullOrder} LIMIT ${size} OFFSET ${offset}`.execute(db);
  return { ids: page.rows.map((r) => r.id), total: limit, pages, capped: true };
}

/** The orders an index follows (server/db migrations: name, both prices, newest); rating has none. */
const WALKABLE: ReadonlySet<NonNullable<Sort> | 'name'> = new Set(['name', 'lowToHigh', 'highToLow', 'newest'] as const);
export const walkable = (order: NonNullable<Sort> | 'name') => WALKABLE.has(order);

/**
 * The first page-end (offset + size) matches in an order an index follows, found by walking that index
 * over the rows meeting `base` (visibility, the area: cheap per row) and testing each walked row for
 * `match` (the word conditions, which need no index here), `maxRows` rows at most. A broad word's page
 * then reads a few dozen rows where ranking every match would read thousands. The walked rows are a
 * subquery with its own LIMIT, so the planner can neither push the word conditions down to the word
 * index nor sort: it walks the order's index. Null when the walk did not find the page (the matches
 * are sparser than thought, or sort late): the caller ranks them as usual.
 */
export async function walkedPage(
  db: Kysely<Database>,
  base: RawBuilder<boolean>[],
  match: RawBuilder<boolean>[],
  orderName: NonNullable<Sort> | 'name',
  pageNo: number,
  size: number,
  maxRows: number,
): Promise<string[] | null> {
  const order = ORDERS[orderName];
  const end = pageNo * size;
  const keyCols = sql.join(order.keys.map(([k], i) => sql`${k} AS ${sql.ref(`k${i}`)}`));
  const walkOrder = sql.join(order.keys.map(([k, d]) => sql`${k} ${dir(d)}`));
  const keptOrder = sql.join(order.keys.map(([, d], i) => sql`${sql.ref(`p.k${i}`)} ${dir(d)}`));
  const { rows } = await sql<{ id: string }>`
    SELECT p.id FROM (
      SELECT p.id, p.search_words, p.name_words, p.search_text, ${keyCols} FROM products p
      WHERE ${sql.join(base, sql` AND `)} ORDER BY ${walkOrder} LIMIT ${maxRows}
    ) p
    WHERE ${sql.join(match, sql` AND `)} ORDER BY ${keptOrder} LIMIT ${end}`.execute(db);
  return rows.length < end ? null : rows.slice(end - size).map((r) => r.id);
}
