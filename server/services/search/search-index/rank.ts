import type { RankedPage, Sort } from '../search-query';
import type { Order, ProductTable } from './product-table';
import { needle } from './texts';
import { type Groups, matchBits } from './tsquery';

/**
 * A condition of search-query.ts: a tsquery on search_words (null: every product), and the keyword
 * as typed in the search text (`needle`, lower-cased), unless the product matches `orAny` (words
 * found through their phonetic key need not be in the text as typed).
 */
export interface Condition {
  groups: Groups | null;
  text?: { needle: string; orAny?: Groups };
}

/** A search as the in-memory index answers it: the conditions of rankedPage (search-query.ts), parsed. */
export interface IndexQuery {
  /** The products visible to customers that meet this condition ... */
  match: Condition;
  /** ... and do not match this tsquery. */
  not?: Groups;
  /** Whole-word matches in the names (name_words): ranked first in the default order. */
  exact?: Groups;
  /** Then these. */
  plain?: Condition;
  /** Vendors whose products are left out (the shops not delivering to the customer's area): `visible` leaves them out. */
  excluded: string[];
  minPaise?: number;
  maxPaise?: number;
  sort: Sort;
  pageNo: number;
  size: number;
  cap: number;
}

type Compare = (a: number, b: number) => number;

const SORTS: Sort[] = [undefined, 'lowToHigh', 'highToLow', 'newest', 'rating'];

/** Computes every sort order now (after a build), so no search waits for one. */
export function prepareOrders(t: ProductTable): void {
  for (const sort of SORTS) t.order(sort ?? 'name', comparator(t, sort, null));
}

function comparator(t: ProductTable, sort: Sort, cls: Uint8Array | null): Compare {
  const { nameRank, nameRank2, price, created, rating, reviews } = t;
  switch (sort) {
    case 'lowToHigh':
      return (a, b) => price[a] - price[b] || nameRank2[a] - nameRank2[b];
    case 'highToLow':
      return (a, b) => price[b] - price[a] || nameRank2[a] - nameRank2[b];
    case 'newest':
      return (a, b) => created[b] - created[a] || t.compareIds(a, b);
    case 'rating':
      return (a, b) => rating[b] - rating[a] || reviews[b] - reviews[a] || nameRank2[a] - nameRank2[b];
    default:
      return cls ? (a, b) => cls[a] - cls[b] || nameRank[a] - nameRank[b] : (a, b) => nameRank[a] - nameRank[b];
  }
}

const has = (bits: Uint32Array, o: number) => (bits[o >>> 5] & (1 << (o & 31))) !== 0;

/** Keeps the first m candidates that hold the keyword as typed (or match its orAny); answers how many. */
function inText(t: ProductTable, text: NonNullable<Condition['text']>, cands: Int32Array, m: number, s: Scratch): number {
  const n = needle(text.needle);
  const seen = t.texts.seen();
  if (text.orAny) matchBits(t.postings, text.orAny, false, s.other, s.work);
  let k = 0;
  for (let j = 0; j < m; j++) {
    const o = cands[j];
    if ((text.orAny && has(s.other, o)) || t.texts.holds(o, n, seen)) cands[k++] = o;
  }
  return k;
}

/** Keeps the first m of `list` that meet a condition (its tsquery and its text); answers how many. */
function meets(t: ProductTable, c: Condition, list: Int32Array, m: number, s: Scratch): number {
  let k = 0;
  if (c.groups) {
    matchBits(t.postings, c.groups, false, s.match, s.work);
    for (let j = 0; j < m; j++) if (has(s.match, list[j])) list[k++] = list[j];
  } else k = m;
  return c.text ? inText(t, c.text, list, k, s) : k;
}

/** Scratch space of one table's size, reused by every search (they run one at a time: no await inside). */
export class Scratch {
  match = new Uint32Array(0);
  other = new Uint32Array(0);
  work = new Uint32Array(0);
  cands = new Int32Array(0);
  cls = new Uint8Array(0);
  private plainList = new Int32Array(0);
  /** Bits by place in an order (three classes of places for the default order); all clear between searches. */
  private places = new Uint32Array(0);

  /**
   * The first k of m candidates in an order (each product's place in it, and the product at each place):
   * their places marked in a bit set, read from its start until k are found. Without a sort chosen and
   * with classes (exact, plain, the rest), the places of class c come after those of class c - 1.
   */
  firstInOrder(cands: Int32Array, m: number, k: number, order: Order, cls: Uint8Array | null): number[] {
    const n = order.at.length;
    const words = ((cls ? 3 : 1) * n + 31) >>> 5;
    if (this.places.length < words) this.places = new Uint32Array(words);
    const bits = this.places;
    for (let j = 0; j < m; j++) {
      const o = cands[j];
      const p = order.place[o] + (cls ? cls[o] * n : 0);
      bits[p >>> 5] |= 1 << (p & 31);
    }
    const out: number[] = [];
    for (let w = 0; w < words && out.length < k; w++) {
      let x = bits[w];
      while (x && out.length < k) {
        const bit = 31 - Math.clz32(x & -x);
        x &= x - 1;
        out.push(order.at[((w << 5) | bit) % n]);
      }
    }
    for (let j = 0; j < m; j++) {
      const o = cands[j];
      const p = order.place[o] + (cls ? cls[o] * n : 0);
      bits[p >>> 5] = 0;
    }
    return out;
  }

  /** A second candidate list of at least m entries. */
  plain(m: number): Int32Array {
    if (this.plainList.length < m) this.plainList = new Int32Array(Math.max(m, 1024));
    return this.plainList;
  }

  fit(t: ProductTable): void {
    if (this.match.length !== t.words) {
      this.match = new Uint32Array(t.words);
      this.other = new Uint32Array(t.words);
      this.work = new Uint32Array(t.words);
      this.cands = new Int32Array(t.words * 32);
      this.cls = new Uint8Array(t.words * 32);
    }
  }
}

/**
 * The page rankedPage (search-query.ts) answers for the same conditions, from memory: the ids of the
 * page in the sort order and the count as rankedPage gives it (exact up to the cap, or as deep as the
 * page reaches; past it the cap, with pages to one past it). `visible`: the products the customer sees
 * (listed, active, and of shops delivering to the area).
 */
export function rank(t: ProductTable, q: IndexQuery, visible: Uint32Array, s: Scratch): RankedPage {
  s.fit(t);
  const { match, other, work } = s;
  if (q.match.groups) matchBits(t.postings, q.match.groups, false, match, work);
  else match.fill(0xffffffff);
  if (q.not) {
    matchBits(t.postings, q.not, false, other, work);
    for (let w = 0; w < match.length; w++) match[w] &= ~other[w];
  }
  for (let w = 0; w < match.length; w++) match[w] &= visible[w];
  const offset = (q.pageNo - 1) * q.size;
  const end = offset + q.size;
  const limit = Math.max(q.cap, end);
  const anyPrice = q.minPaise !== undefined || q.maxPaise !== undefined;
  if (!anyPrice && !q.match.text && (q.sort || !q.exact)) {
    // every match is a set bit: counted at once, and a broad one's page found by walking the order
    let m = 0;
    for (let w = 0; w < match.length; w++) m += popcount(match[w]);
    // walking reads about end * n / m products, collecting m
    if (m > 4 * end && end * t.n < 2 * m * m) {
      const at = t.order(q.sort ?? 'name', comparator(t, q.sort, null)).at;
      const first: number[] = [];
      for (let i = 0; i < at.length && first.length < end; i++) if (has(match, at[i])) first.push(at[i]);
      return answer(t, first, offset, m, limit, q.size);
    }
  }
  const min = q.minPaise ?? -Infinity;
  const max = q.maxPaise ?? Infinity;
  const { cands } = s;
  const { price } = t;
  let m = 0;
  for (let w = 0; w < match.length; w++) {
    let x = match[w];
    while (x) {
      const bit = 31 - Math.clz32(x & -x);
      x &= x - 1;
      const o = (w << 5) | bit;
      if (anyPrice && (price[o] < min || price[o] > max)) continue;
      cands[m++] = o;
    }
  }
  if (q.match.text) m = inText(t, q.match.text, cands, m, s);
  let cls: Uint8Array | null = null;
  if (!q.sort && q.exact) {
    cls = s.cls;
    for (let j = 0; j < m; j++) cls[cands[j]] = 2;
    if (q.plain?.groups) {
      const plain = s.plain(m);
      plain.set(cands.subarray(0, m));
      const n = meets(t, q.plain, plain, m, s);
      for (let j = 0; j < n; j++) cls[plain[j]] = 1;
    }
    matchBits(t.postings, q.exact, true, other, work);
    for (let j = 0; j < m; j++) if (has(other, cands[j])) cls[cands[j]] = 0;
  }
  const first =
    m <= 4 * end || m <= 64
      ? Array.from(cands.subarray(0, m))
          .sort(comparator(t, q.sort, cls))
          .slice(0, end)
      : s.firstInOrder(cands, m, end, t.order(q.sort ?? 'name', comparator(t, q.sort, null)), cls);
  return answer(t, first, offset, m, limit, q.size);
}

/** The page of the first products in order, with the count as rankedPage gives it. */
function answer(t: ProductTable, first: number[], offset: number, m: number, limit: number, size: number): RankedPage {
  const ids = first.slice(offset).map((o) => t.id(o));
  if (m <= limit) return { ids, total: m, pages: Math.ceil(m / size), capped: false };
  return { ids, total: limit, pages: Math.ceil((limit + 1) / size), capped: true };
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
