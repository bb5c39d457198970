/**
 * Typo tolerance as Meilisearch has it by default: a query word of 5 to 8 letters may hold one typo,
 * a longer one two, a shorter one none. A typo is a letter inserted, deleted or replaced, or two
 * neighbours swapped (optimal string alignment distance); a typo on the first letter counts as two
 * (people rarely get it wrong, and it keeps the alternatives few). Query words are prefixes (the
 * search matches words as they are being typed), so a word matches when some beginning of it is
 * within the allowed typos: "tomatos" finds "tomato" and "tomatoes" through the prefix "tomato".
 */

/** Typos allowed in a query word of `length` letters. */
export const allowedTypos = (length: number): number => (length < 5 ? 0 : length < 9 ? 1 : 2);

/** A beginning of a vocabulary word within the allowed typos of a query word. */
export interface NearPrefix {
  prefix: string;
  /** A whole word shorter than the query ("tomato" for "tomatos"), to match as a whole word, not a beginning. */
  whole: boolean;
  typos: number;
  /** Products holding a word that starts with it (the most common first among equal typos). */
  products: number;
  /** The beginning is itself a word of the vocabulary ("arisi" for "aresi"): such a match ranks before a mere beginning. */
  isWord?: boolean;
}

/**
 * The distinct words of one kind with their product counts, kept sorted for prefix look-ups and for
 * walking them as a trie (neighbours share their beginnings, so the distance rows of a shared
 * beginning are computed once).
 */
export class WordList {
  private readonly counts = new Map<string, number>();
  private sorted: string[] = [];
  private dirty = false;

  /** Sets how many products hold a word (0 removes it). */
  set(word: string, products: number): void {
    if (products > 0) {
      if (!this.counts.has(word)) this.dirty = true;
      this.counts.set(word, products);
    } else if (this.counts.delete(word)) this.dirty = true;
  }

  get size(): number {
    return this.counts.size;
  }

  private list(): string[] {
    if (this.dirty) {
      this.sorted = [...this.counts.keys()].sort();
      this.dirty = false;
    }
    return this.sorted;
  }

  /** True when the word itself is in the list. */
  has(word: string): boolean {
    return this.counts.has(word);
  }

  /** True when some word starts with `prefix` (the word itself included). */
  hasPrefix(prefix: string): boolean {
    const list = this.list();
    const i = lowerBound(list, prefix);
    return i < list.length && list[i].startsWith(prefix);
  }

  /**
   * The shortest beginnings of words within `maxTypos` of `query`, at least as long as the query (a
   * beginning found stands for every word starting with it), and the shorter whole words within them
   * ("tomato" for "tomatos", but not "suga" for "sugra", which would find "sugandhi"); fewest typos
   * first, then the most common; at most `cap`.
   */
  near(query: string, maxTypos: number, cap: number): NearPrefix[] {
    if (maxTypos <= 0 || !query) return [];
    const list = this.list();
    const m = query.length;
    // rows[i][j]: typos between the first i letters of the current word and the first j of the query
    const rows: Int32Array[] = [Int32Array.from({ length: m + 1 }, (_, j) => j)];
    let prev = '';
    const found: Array<{ prefix: string; whole: boolean; typos: number }> = [];
    let i = 0;
    while (i < list.length) {
      const word = list[i];
      let depth = commonLength(word, prev, rows.length - 1);
      prev = word;
      let skipTo = i + 1;
      while (depth < word.length) {
        depth++;
        const row = (rows[depth] ??= new Int32Array(m + 1));
        const up = rows[depth - 1];
        const c = word.charCodeAt(depth - 1);
        row[0] = depth;
        let least = depth;
        for (let j = 1; j <= m; j++) {
          const q = query.charCodeAt(j - 1);
          let v = Math.min(up[j] + 1, row[j - 1] + 1, up[j - 1] + (c === q ? 0 : 1));
          if (depth > 1 && j > 1 && c === query.charCodeAt(j - 2) && word.charCodeAt(depth - 2) === q)
            v = Math.min(v, rows[depth - 2][j - 2] + 1);
          row[j] = v;
          if (v < least) least = v;
        }
        rows.length = depth + 1;
        // a typo on the first letter counts as two
        const extra = word.charCodeAt(0) === query.charCodeAt(0) ? 0 : 1;
        const prefix = word.slice(0, depth);
        if (least + extra > maxTypos) {
          skipTo = lowerBound(list, `${prefix}\uffff`); // nothing below this beginning can come closer
          break;
        }
        if (row[m] + extra > maxTypos) continue;
        if (depth >= m) {
          found.push({ prefix, whole: false, typos: row[m] + extra });
          skipTo = lowerBound(list, `${prefix}\uffff`);
          break;
        }
        if (depth === word.length) found.push({ prefix, whole: true, typos: row[m] + extra });
      }
      i = Math.max(skipTo, i + 1);
    }
    return found
      .map((f) => ({ ...f, products: this.productsUnder(f.prefix, list) }))
      .sort((a, b) => a.typos - b.typos || b.products - a.products || (a.prefix < b.prefix ? -1 : 1))
      .slice(0, cap);
  }

  /** The most products holding one word that starts with `prefix` (0 when none does). */
  mostUnder(prefix: string): number {
    return this.productsUnder(prefix, this.list());
  }

  private productsUnder(prefix: string, list: string[]): number {
    let n = 0;
    for (let i = lowerBound(list, prefix); i < list.length && list[i].startsWith(prefix); i++)
      n = Math.max(n, this.counts.get(list[i]) ?? 0);
    return n;
  }
}

/** Index of the first element not less than `key`. */
export function lowerBound(list: string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many leading letters a and b share, at most `max`. */
function commonLength(a: string, b: string, max: number): number {
  const n = Math.min(a.length, b.length, max);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Typos between `query` and the closest beginning of `word` (the rules above); Infinity past two. */
export function typos(query: string, word: string): number {
  const list = new WordList();
  list.set(word, 1);
  if (list.hasPrefix(query)) return 0;
  for (let n = 1; n <= 2; n++) if (list.near(query, n, 1).length) return n;
  return Infinity;
}
