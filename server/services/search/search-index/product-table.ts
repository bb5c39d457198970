import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/types';
import { sellingPrice } from '../search-query';
import { Postings } from './postings';
import { Texts } from './texts';

/** What the copy reads of a product: what a search matches, filters and sorts by. */
export interface ProductFields {
  id: string;
  vendor_id: string;
  is_active: boolean;
  price: number;
  /** created_at in microseconds since 1970 (exact in a double). */
  created: number;
  /** rating x 100 (numeric(3,2)). */
  rating: number;
  reviews: number;
  name: string;
  /** The matched fields lower-cased (migration 007): keywords of several words and fragments are looked for in it. */
  search_text: string;
  /** The lexemes of search_words, each after its flags digit (postings.ts), joined with U+001F. */
  words: string;
}

const SEPARATOR = '\u001f';

/** The columns of ProductFields, from products p. */
export const productFields = sql<ProductFields>`
  p.id, p.vendor_id, p.is_active, ${sellingPrice} AS price,
  (extract(epoch FROM p.created_at) * 1000000)::float8 AS created,
  (p.rating * 100)::int AS rating, p.num_reviews AS reviews, p.name, p.search_text,
  array_to_string(array(
    SELECT ((CASE WHEN w.weights && ARRAY['A', 'B'] THEN 1 ELSE 0 END) + (CASE WHEN 'B' = ANY(w.weights) THEN 2 ELSE 0 END))::text || w.lexeme
    FROM unnest(p.search_words) w), ${SEPARATOR}) AS words`;

const ALIVE = 1;
const ACTIVE = 2;
/** A sort order over the products held: each one's place in it, and the product at each place. */
export interface Order {
  place: Int32Array;
  at: Int32Array;
}

/** A 32-bit FNV-1a hash: tells a changed name (which moves the name orders) from an unchanged one. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** A uuid as four 32-bit numbers (their order is the database's order of uuids). */
function idWords(id: string, into: Uint32Array, at: number): void {
  const hex = id.replace(/-/g, '');
  for (let k = 0; k < 4; k++) into[at + k] = parseInt(hex.slice(k * 8, k * 8 + 8), 16);
}

function grown<T extends Int32Array | Uint32Array | Uint8Array | Float64Array>(a: T, cap: number): T {
  const b = new (a.constructor as new (n: number) => T)(cap);
  b.set(a);
  return b;
}

/**
 * The products as the search needs them, one ordinal each (never reused: a deleted product's stays
 * dead), in typed arrays: a few dozen bytes a product besides its postings and its text. Ids are held
 * as numbers; the products read by a build come in id order, so an id is found by binary search among
 * them, and in a map among those added later.
 */
export class ProductTable {
  n = 0;
  private cap: number;

  /** Each id as four numbers. */
  private idw: Uint32Array;
  /** Ordinals below this one are in id order. */
  private ordered = 0;
  private readonly later = new Map<string, number>();
  private readonly probe = new Uint32Array(4);
  readonly vendors: string[] = [];
  private readonly vendorOrds = new Map<string, number>();
  vendor: Int32Array;
  private state: Uint8Array;
  price: Int32Array;
  created: Float64Array;
  rating: Int32Array;
  reviews: Int32Array;
  private nameHash: Int32Array;
  readonly texts = new Texts();
  /** Position in lower(name), id order (the name order's index, migration 003). */
  nameRank: Int32Array;
  /** Position in name, id order (the tie-break of the price and rating orders). */
  nameRank2: Int32Array;
  readonly postings = new Postings();
  /** The sort orders computed since the last change (rank.ts). */
  private readonly orders = new Map<string, Order>();

  /** `room`: products to make room for before the arrays grow (a build starts from the count). */
  constructor(room = 1024) {
    this.cap = Math.max(room, 1024);
    this.idw = new Uint32Array(this.cap * 4);
    this.vendor = new Int32Array(this.cap);
    this.state = new Uint8Array(this.cap);
    this.price = new Int32Array(this.cap);
    this.created = new Float64Array(this.cap);
    this.rating = new Int32Array(this.cap);
    this.reviews = new Int32Array(this.cap);
    this.nameHash = new Int32Array(this.cap);
    this.nameRank = new Int32Array(this.cap);
    this.nameRank2 = new Int32Array(this.cap);
  }

  /** The bits of a product set, in words of 32 (the size of every bit set over the products). */
  get words(): number {
    return (this.cap + 31) >>> 5;
  }

  isVisible(o: number, unlisted: Uint8Array): boolean {
    return (this.state[o] & (ALIVE | ACTIVE)) === (ALIVE | ACTIVE) && !unlisted[this.vendor[o]];
  }

  vendorOrd(id: string): number | undefined {
    return this.vendorOrds.get(id);
  }

  /** Whether writing this product moves the name orders (a new product, or a changed name): they must be read again. */
  renames(r: ProductFields): boolean {
    const o = this.ord(r.id);
    return o === undefined || this.nameHash[o] !== hash(r.name);
  }

  /** Writes a product read from the database. Postings of a product already held must have been purged first. */
  put(r: ProductFields): void {
    let o = this.ord(r.id);
    const added = o === undefined;
    if (o === undefined) {
      o = this.n++;
      if (o >= this.cap) this.grow();
      idWords(r.id, this.idw, o * 4);
      if (o === this.ordered && (o === 0 || this.compareIds(o - 1, o) < 0)) this.ordered++;
      else this.later.set(r.id, o);
      this.nameRank[o] = this.nameRank2[o] = 0x7fffffff;
    }
    let v = this.vendorOrds.get(r.vendor_id);
    if (v === undefined) {
      v = this.vendors.push(r.vendor_id) - 1;
      this.vendorOrds.set(r.vendor_id, v);
    }
    // the sort orders hold every product alive by price, creation and rating (and by name: setNameOrders)
    if (added || this.price[o] !== r.price || this.created[o] !== r.created || this.rating[o] !== r.rating || this.reviews[o] !== r.reviews)
      this.orders.clear();
    this.vendor[o] = v;
    this.texts.set(o, r.search_text);
    this.state[o] = ALIVE | (r.is_active ? ACTIVE : 0);
    this.price[o] = r.price;
    this.created[o] = r.created;
    this.rating[o] = r.rating;
    this.reviews[o] = r.reviews;
    this.nameHash[o] = hash(r.name);
    if (r.words) for (const w of r.words.split(SEPARATOR)) this.postings.add(w.slice(1), o, w.charCodeAt(0) - 48);
  }

  /** The ordinal of a product held (alive or dead). */
  ord(id: string): number | undefined {
    const later = this.later.get(id);
    if (later !== undefined) return later;
    idWords(id, this.probe, 0);
    let lo = 0;
    let hi = this.ordered;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.compareProbe(mid);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return undefined;
  }

  /** The id of a product, as text. */
  id(o: number): string {
    let hex = '';
    for (let k = 0; k < 4; k++) hex += this.idw[o * 4 + k].toString(16).padStart(8, '0');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** The order of two products' ids (the database's order of uuids). */
  compareIds(a: number, b: number): number {
    const w = this.idw;
    for (let k = 0; k < 4; k++) if (w[a * 4 + k] !== w[b * 4 + k]) return w[a * 4 + k] < w[b * 4 + k] ? -1 : 1;
    return 0;
  }

  /** Product o's id against the probe's: below 0 when it sorts first. */
  private compareProbe(o: number): number {
    const w = this.idw;
    for (let k = 0; k < 4; k++) if (w[o * 4 + k] !== this.probe[k]) return w[o * 4 + k] < this.probe[k] ? -1 : 1;
    return 0;
  }

  /**
   * A sort order of the products alive, by `compare`, computed once per change of the products
   * (several orders, each a few bytes a product).
   */
  order(key: string, compare: (a: number, b: number) => number): Order {
    let order = this.orders.get(key);
    if (!order) {
      const alive: number[] = [];
      for (let o = 0; o < this.n; o++) if (this.state[o] & ALIVE) alive.push(o);
      alive.sort(compare);
      const place = new Int32Array(this.cap);
      alive.forEach((o, i) => (place[o] = i));
      order = { place, at: Int32Array.from(alive) };
      this.orders.set(key, order);
    }
    return order;
  }

  /** Gives back the spare room of the postings (after a build). */
  trim(): void {
    this.postings.trim();
  }

  kill(o: number): void {
    this.orders.clear();
    this.state[o] = 0;
    this.texts.drop(o);
  }

  /**
   * Sets the name orders: each product's positions in them, listed in id order (readNameOrders).
   * Every product of the database is held, alive, and no dead one is in the database: the same snapshot.
   */
  setNameOrders([lower, plain]: [number[], number[]]): void {
    this.orders.clear();
    const later = [...this.later.values()].filter((o) => this.state[o] & ALIVE).sort((a, b) => this.compareIds(a, b));
    let i = 0;
    let j = 0;
    let o = 0;
    for (let k = 0; k < lower.length; k++) {
      while (i < this.ordered && !(this.state[i] & ALIVE)) i++;
      if (i < this.ordered && (j >= later.length || this.compareIds(i, later[j]) < 0)) o = i++;
      else if (j < later.length) o = later[j++];
      else break;
      this.nameRank[o] = lower[k];
      this.nameRank2[o] = plain[k];
    }
  }

  private grow(): void {
    this.cap *= 2;
    this.idw = grown(this.idw, this.cap * 4);
    this.vendor = grown(this.vendor, this.cap);
    this.state = grown(this.state, this.cap);
    this.price = grown(this.price, this.cap);
    this.created = grown(this.created, this.cap);
    this.rating = grown(this.rating, this.cap);
    this.reviews = grown(this.reviews, this.cap);
    this.nameHash = grown(this.nameHash, this.cap);
    this.nameRank = grown(this.nameRank, this.cap);
    this.nameRank2 = grown(this.nameRank2, this.cap);
  }
}

/** Each product's position in lower(name), id order and in name, id order, the products in id order. */
export async function readNameOrders(db: Kysely<Database>): Promise<[number[], number[]]> {
  const { rows } = await sql<{ lower: number[] | null; plain: number[] | null }>`
    SELECT array_agg(l ORDER BY id) AS lower, array_agg(n ORDER BY id) AS plain
    FROM (SELECT id, (row_number() OVER (ORDER BY lower(name), id))::int AS l, (row_number() OVER (ORDER BY name, id))::int AS n FROM products) x`.execute(
    db,
  );
  return [rows[0]?.lower ?? [], rows[0]?.plain ?? []];
}
