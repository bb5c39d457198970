import type { CounterCatalogResponse, CounterProductDto } from '../../../core/schemas/counter-catalog';
import { readCachePrefixFast } from '../../offline/cache-read';

/**
 * The counter's catalogue on this device: the shop's products saved page by page as they arrive
 * (GET /api/products/counter-catalog, keyset paging by id), so a till sells from what it has while the rest
 * comes, and from all of it offline. Each page is a saved entry of its own (`till-catalog:0001`, ...); the
 * entry `till-catalog` is written last, with the number of pages: a complete copy.
 */
export const TILL_CATALOG = 'till-catalog';
/** The first page is small: the till has products to sell within a round trip or two on a slow link. */
export const FIRST_PAGE = 500;
/** Then larger pages: fewer round trips (400 ms each on slow 4G), each page's JSON still parsed within a frame or two. */
export const PAGE = 2000;

export const pageName = (n: number) => `${TILL_CATALOG}:${String(n).padStart(4, '0')}`;

interface SavedPage {
  products: CounterProductDto[];
  next: string | null;
}
interface SavedWhole {
  pages: number;
}

export interface SavedCatalog {
  products: CounterProductDto[];
  /** When the newest saved part was saved (ms). */
  savedAt: number;
  /** Every page of the last whole saving is there. */
  complete: boolean;
}

/**
 * The catalogue saved for this user (one read of its entries), or null when none. After an interrupted
 * saving, the pages saved so far with those of the saving before; a product in two pages is listed once.
 */
export async function readTillCatalog(userId: string): Promise<SavedCatalog | null> {
  const rows = await readCachePrefixFast<SavedPage | SavedWhole>(userId, TILL_CATALOG);
  const whole = rows.find((r) => r.name === TILL_CATALOG);
  const pages = (whole?.value as SavedWhole | undefined)?.pages;
  const parts = rows
    .filter((r) => r.name.startsWith(`${TILL_CATALOG}:`) && (pages === undefined || Number(r.name.slice(TILL_CATALOG.length + 1)) <= pages))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  if (parts.length === 0) return null;
  const byId = new Map<string, CounterProductDto>();
  for (const part of parts) for (const p of (part.value as SavedPage).products ?? []) byId.set(p._id, p);
  return {
    products: [...byId.values()],
    savedAt: Math.max(...parts.map((p) => p.savedAt), whole?.savedAt ?? 0),
    complete: pages !== undefined && parts.length >= pages,
  };
}

export interface SyncOptions {
  /** One page of the catalogue after `after` (none: the first). */
  fetchPage: (after: string | undefined, limit: number) => Promise<CounterCatalogResponse>;
  /** Saves an entry of this user's cache. */
  save: (name: string, value: unknown) => Promise<void>;
  /** After each page: the products so far, and whether that was the last page. */
  onPage?: (products: CounterProductDto[], done: boolean) => void;
  /** False once the screen no longer wants it: stop between pages. */
  live?: () => boolean;
}

/**
 * Loads the whole catalogue page after page, saving each page as it comes (the next page is asked for
 * while the one before is written), then the entry that marks the copy complete. Answers every product,
 * or null when stopped; a failed page throws (the pages saved so far stay).
 */
export async function syncTillCatalog(o: SyncOptions): Promise<CounterProductDto[] | null> {
  const all: CounterProductDto[] = [];
  let after: string | undefined;
  let n = 0;
  let writing: Promise<void> = Promise.resolve();
  try {
    for (;;) {
      const page = await o.fetchPage(after, n === 0 ? FIRST_PAGE : PAGE);
      if (o.live && !o.live()) return null;
      n++;
      for (const p of page.products) all.push(p);
      const name = pageName(n);
      const value: SavedPage = { products: page.products, next: page.next };
      writing = writing.then(() => o.save(name, value));
      o.onPage?.(all, page.next === null);
      if (!page.next) break;
      after = page.next;
    }
  } finally {
    // stopped or failed: the pages already in hand are still saved
    await writing;
  }
  await o.save(TILL_CATALOG, { pages: n } satisfies SavedWhole);
  return all;
}
