import { type Kysely, sql } from 'kysely';
import { wordSoundKey } from '../../../core/transliterate';
import type { Database } from '../../db/types';
import { allowedTypos, type NearPrefix, WordList } from './search-typos';

/** Alternatives a query word may take at most (of its letters and of its phonetic key together). */
const MAX_ALTERNATIVES = 8;

/** A query word's typo alternatives: beginnings of words of the catalogue ('w'), of Tamil name keys ('k', weight B). */
export interface Alternatives {
  words: NearPrefix[];
  keys: NearPrefix[];
}

/**
 * The search vocabulary (migration 023) in this process's memory, for typo tolerance: which words the
 * catalogue holds, so a query word that begins none of them can be matched through the words within
 * its allowed typos (search-typos.ts) instead.
 *
 * The database stays the one source of truth: the table is kept by triggers in the writing
 * transaction, and this copy is brought up to date before a search whenever the catalogue version
 * has moved since the last time (every product change moves it, in the same transaction). So a
 * search answered at version v expands its words with a vocabulary at least as new as v, and the
 * ranked answers cached under v never come from an older vocabulary, in any process. Each update
 * reads only the rows changed since the last one (a small statement, once per version change).
 */
export class SearchVocabulary {
  private readonly lists = { w: new WordList(), k: new WordList() };
  /** The catalogue version the copy is at least as new as. */
  private synced = -1n;
  /** Transactions from this one on may have changed rows not read yet (xid8 as text). */
  private horizon = '0';
  private pending?: Promise<void>;

  constructor(private readonly db: Kysely<Database>) {}

  /** Brings the copy up to at least the catalogue version `version` (read before calling). */
  async current(version: bigint): Promise<void> {
    while (version > this.synced) {
      this.pending ??= this.update(version).finally(() => (this.pending = undefined));
      await this.pending;
    }
  }

  private async update(version: bigint): Promise<void> {
    // one statement, one snapshot: the rows changed since the last horizon and the next horizon
    const { rows } = await sql<{ horizon: string; kind: 'w' | 'k' | null; word: string | null; products: number | null }>`
      SELECT h.horizon::text AS horizon, v.kind, v.word, v.products
      FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS horizon) h
      LEFT JOIN search_vocabulary v ON v.changed_xid >= ${this.horizon}::xid8`.execute(this.db);
    for (const r of rows) if (r.kind && r.word !== null) this.lists[r.kind].set(r.word, Number(r.products));
    this.horizon = rows[0].horizon;
    if (version > this.synced) this.synced = version;
  }

  /**
   * The fewest products a query word (lower-cased, as the database splits it) matches as typed or by
   * its phonetic key (search-query.ts wordsMatch): the most common word it begins, or key its key
   * begins. Hidden products included: the caller takes them off.
   */
  matchesAtLeast(word: string): number {
    const key = wordSoundKey(word);
    return Math.max(this.lists.w.mostUnder(word), key === null ? 0 : this.lists.k.mostUnder(key));
  }

  /** How many distinct words and keys the copy holds. */
  get size(): number {
    return this.lists.w.size + this.lists.k.size;
  }

  /**
   * The typo alternatives of a query word (lower-cased, as the database splits it): none when it
   * begins a word of the vocabulary or its phonetic key begins a key (an exact or prefix match), or
   * holds a digit, else the beginnings of words within its allowed typos, and of keys within the key's.
   * `despiteKey`: even when only its phonetic key begins a key ("kerai", whose key "kera" begins
   * "kerala", for கீரை "keerai"); a word that begins a catalogue word is never corrected.
   */
  alternatives(word: string, despiteKey = false): Alternatives | null {
    if (/\d/.test(word)) return null; // a number or a size ("500g"): a typo there would be another product
    const key = wordSoundKey(word);
    if (this.lists.w.hasPrefix(word) || (!despiteKey && key !== null && this.lists.k.hasPrefix(key))) return null;
    const words = this.lists.w.near(word, allowedTypos(word.length), MAX_ALTERNATIVES);
    const keys = key === null ? [] : this.lists.k.near(key, allowedTypos(key.length), MAX_ALTERNATIVES);
    const all = [
      ...words.map((w) => ({ ...w, kind: 'w', isWord: this.lists.w.has(w.prefix) })),
      ...keys.map((k) => ({ ...k, kind: 'k', isWord: this.lists.k.has(k.prefix) })),
    ]
      .sort((a, b) => a.typos - b.typos || b.products - a.products)
      .slice(0, MAX_ALTERNATIVES);
    if (!all.length) return null;
    return { words: all.filter((a) => a.kind === 'w'), keys: all.filter((a) => a.kind === 'k') };
  }
}
