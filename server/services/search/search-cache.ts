import { type Kysely, sql } from 'kysely';

/**
 * A small in-process LRU of answers keyed by the catalogue version (migrations 003, 006, 007): a
 * product change that can alter what a list holds or its order (anything but a stock change that
 * keeps the product in or out of stock), a review, a category, subcategory or GST change, a change of
 * a vendor's role, active flag or name moves the version in the writing transaction, so an entry is
 * never served once what it ranks may have changed, in this process or any other. The catalogue
 * caches only ranked ids and counts; rows are read fresh.
 * The version is read from the database on every request: by the auth guard, in the same query as
 * the session, or here with catalogVersion().
 *
 * Entries hold promises, so concurrent misses for the same key share one database query. A failed
 * load is dropped at once and never served.
 */
export class VersionedCache<V> {
  private readonly map = new Map<string, { at: number; value: Promise<V>; bytes: number }>();
  private version = -1n;
  private bytes = 0;

  /**
   * @param maxEntries how many answers at most
   * @param ttlMs how long an answer may be served at most
   * @param maxBytes how much the answers may weigh together, counted as the length of their JSON
   *   (measured once, when an answer arrives); the least recently used go first
   */
  constructor(
    private readonly maxEntries = 500,
    private readonly ttlMs = 60_000,
    private readonly maxBytes = 4 * 2 ** 20,
  ) {}

  /** The cached answer for key at version, or load() it (once, however many callers ask at the same time). */
  get(version: bigint, key: string, load: () => Promise<V>): Promise<V> {
    if (version !== this.version) {
      // A new version makes every entry stale (an older one, read by a slow request, is not kept either).
      if (version < this.version) return load();
      this.map.clear();
      this.bytes = 0;
      this.version = version;
    }
    const now = Date.now();
    const hit = this.map.get(key);
    if (hit && now - hit.at < this.ttlMs) {
      this.map.delete(key); // re-insert: most recently used last
      this.map.set(key, hit);
      return hit.value;
    }
    const value = load();
    const entry = { at: now, value, bytes: 0 };
    this.drop(key);
    this.map.set(key, entry);
    this.evict();
    value.then(
      (v) => {
        if (this.map.get(key) !== entry) return;
        entry.bytes = JSON.stringify(v)?.length ?? 0;
        this.bytes += entry.bytes;
        this.evict();
      },
      () => this.map.get(key) === entry && this.drop(key),
    );
    return value;
  }

  get size(): number {
    return this.map.size;
  }

  /** What the held answers weigh (JSON length). */
  get weight(): number {
    return this.bytes;
  }

  private drop(key: string) {
    const e = this.map.get(key);
    if (!e) return;
    this.bytes -= e.bytes;
    this.map.delete(key);
  }

  private evict() {
    while (this.map.size > this.maxEntries || (this.bytes > this.maxBytes && this.map.size > 1)) this.drop(this.map.keys().next().value!);
  }
}

/** The current catalogue version (committed), read fresh. */
export async function catalogVersion(db: Kysely<any>): Promise<bigint> {
  const r = await sql<{ version: string }>`SELECT version FROM catalog_version WHERE id = 1`.execute(db);
  return BigInt(r.rows[0]?.version ?? 0);
}
