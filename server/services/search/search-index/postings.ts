import { lowerBound } from '../search-typos';

/**
 * The word index of the in-memory search: for every lexeme of the products' search_words (migration
 * 009) the products holding it, each with where it holds it. Flags per posting: NAMES when the lexeme
 * is in name_words (weights A or B of search_words: the names and the Tamil key), KEY when it is a
 * word of the Tamil key (weight B). A posting without flags is a description word. A posting is one
 * 32-bit number: the product's ordinal shifted left by 2, and the flags.
 */
export const NAMES = 1;
export const KEY = 2;

interface Posting {
  list: Uint32Array;
  n: number;
}

export class Postings {
  private readonly lists = new Map<string, Posting>();
  private sorted: string[] = [];
  private dirty = false;

  /** Makes room for `n` postings of a lexeme at once (a build knows how many from the vocabulary: no list grows twice). */
  reserve(lexeme: string, n: number): void {
    if (!this.lists.has(lexeme) && n > 0) {
      this.lists.set(lexeme, { list: new Uint32Array(n), n: 0 });
      this.dirty = true;
    }
  }

  /** Records that product `ord` holds `lexeme` with these flags. */
  add(lexeme: string, ord: number, flags: number): void {
    let p = this.lists.get(lexeme);
    if (!p) {
      p = { list: new Uint32Array(4), n: 0 };
      this.lists.set(lexeme, p);
      this.dirty = true;
    }
    if (p.n === p.list.length) {
      const list = new Uint32Array(p.n * 2);
      list.set(p.list);
      p.list = list;
    }
    p.list[p.n++] = ((ord << 2) | flags) >>> 0;
  }

  /** Gives back the spare room of the lists more than an eighth empty (after a build); drops the empty ones. */
  trim(): void {
    for (const [lexeme, p] of this.lists) {
      if (p.n === 0) {
        this.lists.delete(lexeme);
        this.dirty = true;
      } else if (p.list.length - p.n > p.list.length / 8) p.list = p.list.slice(0, p.n);
    }
  }

  /** Takes out every posting of the products whose bit is set (one pass over all lists). */
  purge(products: Uint32Array): void {
    for (const [lexeme, p] of this.lists) {
      let k = 0;
      for (let j = 0; j < p.n; j++) {
        const e = p.list[j];
        const o = e >>> 2;
        if (products[o >>> 5] & (1 << (o & 31))) continue;
        p.list[k++] = e;
      }
      p.n = k;
      if (k === 0) {
        this.lists.delete(lexeme);
        this.dirty = true;
      }
    }
  }

  /**
   * Sets in `into` the bit of every product holding the lexeme (`prefix`: a lexeme beginning with it)
   * with every flag of `need` (0: anywhere).
   */
  mark(into: Uint32Array, lexeme: string, prefix: boolean, need: number): void {
    if (!prefix) {
      const p = this.lists.get(lexeme);
      if (p) markList(into, p, need);
      return;
    }
    const list = this.words();
    for (let i = lowerBound(list, lexeme); i < list.length && list[i].startsWith(lexeme); i++)
      markList(into, this.lists.get(list[i])!, need);
  }

  private words(): string[] {
    if (this.dirty) {
      this.sorted = [...this.lists.keys()].sort();
      this.dirty = false;
    }
    return this.sorted;
  }
}

function markList(into: Uint32Array, p: Posting, need: number): void {
  const { list, n } = p;
  for (let j = 0; j < n; j++) {
    const e = list[j];
    if ((e & need) !== need) continue;
    const o = e >>> 2;
    into[o >>> 5] |= 1 << (o & 31);
  }
}
