/**
 * The wide search mix: thousands of different searches built from the catalogue's own words, the
 * way an evening of customers types them. Single words, two-word phrases, prefixes as people type
 * them ("pon", "ponni ri"), Tamil words and phrases, Tamil words typed in English letters with the
 * spellings people use ("thakkali", "takkali", "paruppu dal"), words with a typo or two ("gingely",
 * "kathirikai": a letter missed, doubled, replaced or two swapped), a few fragments from inside a word,
 * price ranges, the default order and both price sorts, pages 1 to 3. The same catalogue and seed
 * make the same mix, so runs compare.
 */
import { tamilToLatin } from '../../core/transliterate';
import type { SearchQuery } from './search-mix';
import { searchPath } from './search-mix';

/** A product's names as the catalogue holds them. */
export interface CatalogueName {
  name: string;
  tamil: string;
}

/** Small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (s: string) => s.split(/\s+/).filter((w) => /\p{L}/u.test(w));

/** Share of each kind in the mix (sums to 1). */
const KINDS = [
  ['word', 0.22],
  ['phrase', 0.16],
  ['prefix', 0.18],
  ['typo', 0.06],
  ['tamil', 0.14],
  ['tamil in English letters', 0.1],
  ['fragment', 0.04],
  ['price only', 0.1],
] as const;
export type WideKind = (typeof KINDS)[number][0];

const RANGES: Array<[number | undefined, number | undefined]> = [
  [20, 100],
  [50, 200],
  [100, 300],
  [200, 600],
  [undefined, 80],
  [undefined, 150],
  [300, undefined],
  [500, undefined],
  [35, 45],
];

/**
 * A Tamil word's plain transliteration as people type it: long vowels written short, "th" as "t",
 * doubled consonants single, a final "u" dropped, "ai" as "ei", each now and then ("thakkaali" →
 * "thakkali", "takali", ...).
 */
function spelled(latin: string, rand: () => number): string {
  let w = latin;
  if (rand() < 0.6) w = w.replace(/aa/g, 'a').replace(/ee/g, 'i').replace(/oo/g, 'u');
  if (rand() < 0.3) w = w.replace(/th/g, 't');
  if (rand() < 0.25) w = w.replace(/([kgcstdpbmnlr])\1/g, '$1');
  if (rand() < 0.2 && w.length > 4) w = w.replace(/u$/, '');
  if (rand() < 0.3) w = w.replace(/ai/g, 'ei');
  if (rand() < 0.2) w = w.replace(/zh/g, 'l');
  return w;
}

/**
 * A word with the typos people make: one in a word of 5 to 8 letters, two in a longer one, never on
 * the first letter (what search forgives, server/services/search/search-typos.ts): a letter missed, doubled,
 * replaced by its neighbour on the keyboard row, or two neighbours swapped.
 */
function misspelt(word: string, rand: () => number): string {
  let w = word;
  for (let n = w.length >= 9 ? 2 : 1; n > 0; n--) {
    const i = 1 + Math.floor(rand() * (w.length - 2));
    const kind = Math.floor(rand() * 4);
    if (kind === 0) w = w.slice(0, i) + w.slice(i + 1);
    else if (kind === 1) w = w.slice(0, i) + w[i] + w.slice(i);
    else if (kind === 2) w = w.slice(0, i) + (KEYBOARD[w[i]] ?? w[i]) + w.slice(i + 1);
    else w = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  }
  return w;
}
const ROW = 'qwertyuiopasdfghjklzxcvbnm';
const KEYBOARD: Record<string, string> = Object.fromEntries([...ROW].map((c, i) => [c, ROW[(i + 1) % ROW.length]]));

export interface WideQuery extends SearchQuery {
  kind: WideKind;
}

/**
 * At least `size` distinct searches (distinct request paths) from the catalogue names, ordered as
 * they will be sent. Keywords are lower-cased half of the time, as phones type them.
 */
export function wideMix(names: readonly CatalogueName[], size = 2400, seed = 2026): WideQuery[] {
  if (!names.length) throw new Error('The wide search mix needs catalogue names');
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const casing = (s: string) => (rand() < 0.5 ? s.toLowerCase() : s);
  const kindOf = (): WideKind => {
    let x = rand();
    for (const [k, share] of KINDS) if ((x -= share) < 0) return k;
    return 'word';
  };
  const keyword = (kind: WideKind): string | undefined => {
    const p = pick(names);
    const en = words(p.name);
    const ta = words(p.tamil);
    switch (kind) {
      case 'word':
        return casing(pick(en));
      case 'phrase': {
        if (en.length < 2) return casing(en[0]);
        const i = Math.floor(rand() * (en.length - 1));
        return casing(`${en[i]} ${en[i + 1]}`);
      }
      case 'prefix': {
        // a word being typed, alone or after the word before it
        const i = Math.floor(rand() * en.length);
        const w = en[i];
        const cut = w.slice(0, Math.max(2, Math.min(w.length, 2 + Math.floor(rand() * (w.length - 1)))));
        return (i > 0 && rand() < 0.4 ? `${en[i - 1]} ${cut}` : cut).toLowerCase();
      }
      case 'tamil': {
        if (!ta.length) return casing(pick(en));
        if (ta.length >= 2 && rand() < 0.35) {
          const i = Math.floor(rand() * (ta.length - 1));
          return `${ta[i]} ${ta[i + 1]}`;
        }
        return pick(ta);
      }
      case 'tamil in English letters': {
        if (!ta.length) return casing(pick(en));
        const typed = spelled(tamilToLatin(pick(ta)), rand);
        // now and then with an English word of the name after it ("paruppu dal")
        return rand() < 0.25 ? `${typed} ${pick(en).toLowerCase()}` : casing(typed);
      }
      case 'typo': {
        // an English word of the name or its Tamil word typed in English letters, misspelt
        const long = en.filter((w) => w.length >= 5 && /^[a-z]+$/i.test(w));
        const latin = ta.length ? tamilToLatin(pick(ta)) : '';
        const word = rand() < 0.3 && latin.length >= 5 ? latin : long.length ? pick(long).toLowerCase() : '';
        if (!word) return casing(pick(en));
        return misspelt(word, rand);
      }
      case 'fragment': {
        // letters from inside a word ("amba" of Samba): no word starts with them
        const long = en.filter((w) => w.length >= 6);
        if (!long.length) return casing(pick(en));
        const w = pick(long);
        const from = 1 + Math.floor(rand() * (w.length - 4));
        return w.slice(from, from + 3 + Math.floor(rand() * Math.min(3, w.length - from - 3))).toLowerCase();
      }
      case 'price only':
        return undefined;
    }
  };
  const out: WideQuery[] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < size && tries < size * 50; tries++) {
    const kind = kindOf();
    const q: WideQuery = { kind, keyword: keyword(kind), pageNumber: 1 };
    const roll = rand();
    if (kind === 'price only' || roll < 0.3) [q.minPrice, q.maxPrice] = pick(RANGES);
    const s = rand();
    q.sort = s < 0.5 ? undefined : s < 0.75 ? 'lowToHigh' : 'highToLow';
    const pg = rand();
    q.pageNumber = pg < 0.7 ? 1 : pg < 0.9 ? 2 : 3;
    const path = searchPath(q);
    if (seen.has(path)) continue;
    seen.add(path);
    out.push(q);
  }
  if (out.length < size) throw new Error(`The catalogue gave only ${out.length} distinct searches (wanted ${size})`);
  return out;
}

/** How many searches of each kind a mix holds, for the report. */
export function mixShares(mix: readonly WideQuery[]): Record<string, number> {
  const n: Record<string, number> = {};
  for (const q of mix) n[q.kind] = (n[q.kind] ?? 0) + 1;
  n['with a price range'] = mix.filter((q) => q.minPrice !== undefined || q.maxPrice !== undefined).length;
  n['sorted by price'] = mix.filter((q) => q.sort).length;
  n['page 2 or 3'] = mix.filter((q) => q.pageNumber > 1).length;
  return n;
}
