import type { CounterProductDto } from '../../core/schemas/counter-catalog';
import { tamilSearchKey, wordSoundKey } from '../../core/transliterate';

/**
 * A product list made searchable once, so a keystroke scans prepared strings instead of lower-casing
 * every name again: 20,000 products of a shop stay within a frame on a slow phone. Each product's
 * entry holds its English and Tamil name lower-cased, its Tamil name's phonetic key (core/transliterate.ts,
 * the rule the server's search uses, so "arisi" finds அரிசி) and its codes (barcode and pack barcodes).
 * The entries are built in slices between other work; a search before the end scans the rest as they are.
 */
interface Entry {
  product: CounterProductDto;
  /** English name, a space, Tamil name; lower-case. */
  text: string;
  /** English name lower-case (an exact name comes first). */
  name: string;
  /** The Tamil name's phonetic keys, each after a space (" arisi pachai"); '' for the rest not yet built. */
  sound: string;
  /** Barcode and pack barcodes, lower-case. */
  codes: string[];
}

export interface ProductIndex {
  readonly products: CounterProductDto[];
  /** Entries built so far, in the list's order. */
  readonly entries: Entry[];
  /** True once every product has its entry. */
  done: boolean;
  /** Once done: every entry's text, sound and codes joined (one native indexOf scan finds a word's entries), and the exact names and codes. */
  whole?: Whole;
}

interface Whole {
  text: Joined;
  sound: Joined;
  codes: Joined;
  exact: Map<string, number[]>;
}

/** Strings of every entry joined by a newline, with where each entry's part starts. */
interface Joined {
  all: string;
  starts: Int32Array;
}

/** How long one slice of building may run before it yields (ms): well under a long task. */
const SLICE_MS = 8;
/** Tamil names repeat across a shop's sizes and brands: their keys are worked out once. */
const soundKeys = new Map<string, string>();
const indexes = new WeakMap<CounterProductDto[], ProductIndex>();

/** The keys of a Tamil name, word by word (the same keys as tamilSearchKey of the whole name), each after a space. */
function soundOf(tamil: string): string {
  let out = '';
  for (const word of tamil.split(/\s+/)) {
    if (!word) continue;
    let key = soundKeys.get(word);
    if (key === undefined) {
      key = tamilSearchKey(word)
        .split(' ')
        .filter(Boolean)
        .map((w) => ` ${w}`)
        .join('');
      if (soundKeys.size > 50_000) soundKeys.clear();
      soundKeys.set(word, key);
    }
    out += key;
  }
  return out;
}

function joined(entries: Entry[], part: (e: Entry) => string): Joined {
  const starts = new Int32Array(entries.length);
  const parts: string[] = [];
  let at = 0;
  entries.forEach((e, i) => {
    const text = part(e);
    starts[i] = at;
    parts.push(text);
    at += text.length + 1;
  });
  return { all: parts.join('\n'), starts };
}

function wholeOf(entries: Entry[]): Whole {
  const exact = new Map<string, number[]>();
  const note = (k: string, i: number) => {
    const at = exact.get(k);
    if (!at) exact.set(k, [i]);
    else if (at.at(-1) !== i) at.push(i);
  };
  entries.forEach((e, i) => {
    note(e.name, i);
    for (const c of e.codes) note(c, i);
  });
  return {
    text: joined(entries, (e) => e.text),
    sound: joined(entries, (e) => e.sound),
    codes: joined(entries, (e) => (e.codes.length ? ` ${e.codes.join(' ')}` : '')),
    exact,
  };
}

/** The entry a position of a joined string falls in. */
function entryAt(j: Joined, pos: number): number {
  let lo = 0;
  let hi = j.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (j.starts[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The first `cap` entries whose part holds `needle`, in the list's order, into `into`; answers the last
 * entry taken when it stopped at the cap (entries after it were not looked at), else Infinity.
 */
function hits(j: Joined, needle: string, into: number[], cap: number): number {
  let taken = 0;
  for (let pos = j.all.indexOf(needle); pos !== -1; pos = j.all.indexOf(needle, pos + 1)) {
    const i = entryAt(j, pos);
    into.push(i);
    if (++taken >= cap) return i;
    // the rest of this entry cannot add it again
    if (i + 1 < j.starts.length) pos = Math.max(pos, j.starts[i + 1] - 1);
    else break;
  }
  return Infinity;
}

function codesOf(p: CounterProductDto): string[] {
  const codes = p.barcode ? [p.barcode.toLowerCase()] : [];
  for (const pack of p.packs ?? []) if (pack.barcode) codes.push(pack.barcode.toLowerCase());
  return codes;
}

/** A product's entry: `withSound` false leaves out the phonetic key (the costly part) for a search before the index is built. */
function entryOf(product: CounterProductDto, withSound: boolean): Entry {
  const name = product.name.toLowerCase();
  return {
    product,
    text: `${name} ${product.Tamil.toLowerCase()}`,
    name,
    sound: withSound ? soundOf(product.Tamil) : '',
    codes: codesOf(product),
  };
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

function buildSlice(index: ProductIndex, until: number): void {
  const { products, entries } = index;
  while (entries.length < products.length) {
    entries.push(entryOf(products[entries.length], true));
    if ((entries.length & 63) === 0 && now() > until) return;
  }
  index.done = true;
  index.whole = wholeOf(entries);
}

function schedule(index: ProductIndex): void {
  const step = () => {
    buildSlice(index, now() + SLICE_MS);
    if (!index.done) setTimeout(step, 0);
  };
  setTimeout(step, 0);
}

/** The index of a product list (the same array gives the same index), its building started in the background. */
export function productIndex(products: CounterProductDto[]): ProductIndex {
  let index = indexes.get(products);
  if (!index) {
    index = { products, entries: [], done: products.length === 0 };
    indexes.set(products, index);
    if (!index.done) schedule(index);
  }
  return index;
}

/** Builds the rest of a list's index now (tests, and a caller that needs it whole at once). */
export function completeIndex(products: CounterProductDto[]): ProductIndex {
  const index = productIndex(products);
  buildSlice(index, Infinity);
  return index;
}

function matches(e: Entry, q: string, words: string[], sounds: Array<string | null>): boolean {
  if (e.codes.some((c) => c.startsWith(q))) return true;
  return words.every((w, i) => e.text.includes(w) || (sounds[i] !== null && e.sound.includes(` ${sounds[i]}`)));
}

/**
 * Up to `limit` products matching what was typed: an exact code (barcode or pack barcode) or English
 * name first, then in the list's order those whose names (English or Tamil) hold every word, or whose
 * Tamil name sounds like it typed in English letters, or whose codes start with it.
 */
export function searchIndex(index: ProductIndex, query: string, limit: number): CounterProductDto[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const words = q.split(/\s+/);
  const sounds = words.map(wordSoundKey);
  const { products, entries, whole } = index;
  if (whole) return searchWhole(entries, whole, q, words, sounds, limit);
  const exact: CounterProductDto[] = [];
  const named: CounterProductDto[] = [];
  for (let i = 0; i < products.length; i++) {
    const e = entries[i] ?? entryOf(products[i], false);
    if (e.name === q || e.codes.includes(q)) {
      exact.push(e.product);
      if (exact.length >= limit) break;
    } else if (named.length < limit && matches(e, q, words, sounds)) named.push(e.product);
  }
  return [...exact, ...named].slice(0, limit);
}

/**
 * The search over a whole index: the exact name or code looked up; the rest from native scans of the
 * joined strings for the longest word (text, or its sound) and the code prefix, in the list's order, a
 * few at a time so a common word stops at the first matches.
 */
function searchWhole(
  entries: Entry[],
  whole: Whole,
  q: string,
  words: string[],
  sounds: Array<string | null>,
  limit: number,
): CounterProductDto[] {
  const exactAt = whole.exact.get(q) ?? [];
  const exact = exactAt.slice(0, limit).map((i) => entries[i].product);
  const skip = new Set(exactAt);
  let driver = 0;
  words.forEach((w, i) => {
    if (w.length > words[driver].length) driver = i;
  });
  for (let cap = 4 * limit; ; cap *= 8) {
    const found: number[] = [];
    // entries up to `upTo` were seen by every scan; past it a scan stopped early
    let upTo = hits(whole.text, words[driver], found, cap);
    if (sounds[driver] !== null) upTo = Math.min(upTo, hits(whole.sound, ` ${sounds[driver]}`, found, cap));
    upTo = Math.min(upTo, hits(whole.codes, ` ${q}`, found, cap));
    const named: CounterProductDto[] = [];
    let last = -1;
    for (const i of found.sort((a, b) => a - b)) {
      if (named.length >= limit || i > upTo) break;
      if (i !== last && !skip.has(i) && matches(entries[i], q, words, sounds)) named.push(entries[i].product);
      last = i;
    }
    if (named.length >= limit || upTo === Infinity) return [...exact, ...named].slice(0, limit);
  }
}
