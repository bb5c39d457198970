import { type Kysely, sql } from 'kysely';

/**
 * A small in-process LRU of answers keyed by the catalogue version (migration 007): every product,
 * review, vendor-visibility or category change bumps the version in the writing transaction, so an
 * entry is never served once anything it shows may have changed, in this process or any other.
 * The version is read from the database on every request: by the auth guard, in the same query as
 * the session (so a cache hit costs one round trip), or here with catalogVersion().
 *
 * Entries hold promises, so concurrent misses for the same key share one database query. A failed
 * load is dropped at once and never served.
 */
export class VersionedCache<V> {
  private readonly map = new Map<string, { at: number; value: Promise<V> }>();
  private version = -1n;

  constructor(
    private readonly maxEntries = 500,
    private readonly ttlMs = 60_000,
  ) {}

  /** The cached answer for key at version, or load() it (once, however many callers ask at the same time). */
  get(version: bigint, key: string, load: () => Promise<V>): Promise<V> {
    if (version !== this.version) {
      // A new version makes every entry stale (an older one, read by a slow request, is not kept either).
      if (version < this.version) return load();
      this.map.clear();
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
    const entry = { at: now, value };
    this.map.delete(key);
    this.map.set(key, entry);
    while (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value!);
    value.catch(() => {
      if (this.map.get(key) === entry) this.map.delete(key);
    });
    return value;
  }

  get size(): number {
    return this.map.size;
  }
}

/** The current catalogue version (committed), read fresh. */
export async function catalogVersion(db: Kysely<any>): Promise<bigint> {
  const r = await sql<{ version: string }>`SELECT version FROM catalog_version WHERE id = 1`.execute(db);
  return BigInt(r.rows[0]?.version ?? 0);
}
