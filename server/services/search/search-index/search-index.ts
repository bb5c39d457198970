import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/types';
import type { RankedPage } from '../search-query';
import { type ProductFields, productFields, ProductTable, readNameOrders } from './product-table';
import { type IndexQuery, prepareOrders, rank, Scratch } from './rank';

const NIL = '00000000-0000-0000-0000-000000000000';
/** Rows read a statement while building. */
const CHUNK = 2000;

/**
 * The catalogue's search in this process's memory: what a search matches (the words of search_words
 * with where they stand), filters (visible, owner, price) and sorts by (the name orders as the
 * database sorts them, prices, creation, ratings). It ranks the same pages as search-query.ts's
 * rankedPage, without PostgreSQL: a cold search then costs PostgreSQL only the page's rows by id.
 *
 * The database stays the one source of truth. The copy is built from it in one snapshot when the
 * process first searches (searches go to PostgreSQL until it is ready), and brought up to date before
 * a search whenever the catalogue version has moved (every change it holds moves it in the writing
 * transaction): one snapshot reads the products stamped since the last read (migration 027), the
 * removed ones and the unlisted sellers. So every API process answers from the products as of the
 * version the request read: they agree as soon as the edit commits.
 */
export class SearchIndex {
  private table: ProductTable | null = null;
  private building?: Promise<void>;
  private pending?: Promise<void>;
  /** The catalogue version the copy is at least as new as. */
  private synced = -1n;
  private horizon = '0';
  private unlisted: Uint8Array = new Uint8Array(0);
  /** Per list of shops left out (an area's): the products its customers see; emptied on every update. */
  private readonly visible = new Map<string, Uint32Array>();
  private readonly scratch = new Scratch();

  constructor(private readonly db: Kysely<Database>) {}

  /** Starts building the copy if it is not built or being built; resolves when it is. */
  build(): Promise<void> {
    this.building ??= this.load().catch((err) => {
      this.building = undefined;
      throw err;
    });
    return this.building;
  }

  /**
   * True when the copy answers at catalogue version `version` (read before calling), brought up to
   * it first; false while it is still being built (the caller searches in PostgreSQL).
   */
  async at(version: bigint): Promise<boolean> {
    if (!this.table) {
      this.build().catch((err) => console.error('search index: build failed', err));
      return false;
    }
    while (version > this.synced) {
      this.pending ??= this.update()
        .then(async (truncated) => {
          if (!truncated) return;
          // the products were truncated (a restore): read them all again
          this.table = null;
          this.building = undefined;
          await this.build();
        })
        .finally(() => (this.pending = undefined));
      await this.pending;
    }
    return true;
  }

  /** The ranked page of a search (see rank.ts); call after at() answered true, with no await between. */
  page(q: IndexQuery): RankedPage {
    const t = this.table!;
    const key = q.excluded.join(',');
    let v = this.visible.get(key);
    if (!v) {
      const left = new Uint8Array(t.vendors.length + 1);
      for (const id of q.excluded) {
        const o = t.vendorOrd(id);
        if (o !== undefined) left[o] = 1;
      }
      v = new Uint32Array(t.words);
      for (let o = 0; o < t.n; o++) if (t.isVisible(o, this.unlisted) && !left[t.vendor[o]]) v[o >>> 5] |= 1 << (o & 31);
      if (this.visible.size >= 32) this.visible.clear();
      this.visible.set(key, v);
    }
    return rank(t, q, v, this.scratch);
  }

  get built(): boolean {
    return this.table !== null;
  }

  private snapshot<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().setIsolationLevel('repeatable read').execute(work);
  }

  private async load(): Promise<void> {
    await this.snapshot(async (trx) => {
      const head = await this.head(trx);
      // room for every product and posting from the start: nothing grows twice (a build at 500,000 products
      // otherwise churns through as much memory again as it keeps)
      const { rows: sizes } = await sql<{ word: string | null; n: number }>`
        SELECT NULL AS word, count(*)::int AS n FROM products
        UNION ALL SELECT word, sum(products)::int FROM search_vocabulary WHERE products > 0 GROUP BY word`.execute(trx);
      const table = new ProductTable(Math.ceil((sizes.find((r) => r.word === null)?.n ?? 0) * 1.05));
      for (const r of sizes) if (r.word !== null) table.postings.reserve(r.word, r.n);
      let last = NIL;
      for (;;) {
        const { rows } = await sql<ProductFields>`
          SELECT ${productFields} FROM products p WHERE p.id > ${last}::uuid ORDER BY p.id LIMIT ${CHUNK}`.execute(trx);
        for (const r of rows) table.put(r);
        if (rows.length < CHUNK) break;
        last = rows[rows.length - 1].id;
      }
      table.setNameOrders(await readNameOrders(trx));
      table.trim();
      prepareOrders(table);
      this.unlisted = unlistedOf(table, await this.unlistedIds(trx));
      this.table = table;
      this.visible.clear();
      this.horizon = head.horizon;
      this.synced = head.version;
    });
  }

  /**
   * The products changed since the last read, the removed ones and the unlisted sellers, in one
   * snapshot; true when the products were truncated instead (nothing read).
   */
  private async update(): Promise<boolean> {
    const t = this.table!;
    return this.snapshot(async (trx) => {
      const head = await this.head(trx);
      const { rows: removed } = await sql<{ id: string }>`
        SELECT id FROM products_removed WHERE removed_xid >= ${this.horizon}::xid8`.execute(trx);
      if (removed.some((r) => r.id === NIL)) return true;
      const { rows } = await sql<ProductFields>`
        SELECT ${productFields} FROM products p WHERE p.search_xid >= ${this.horizon}::xid8`.execute(trx);
      const orders = rows.some((r) => t.renames(r)) ? await readNameOrders(trx) : null;
      const unlisted = await this.unlistedIds(trx);
      // no await from here on: a search never sees the copy half brought up to date
      const gone = removed.map((r) => t.ord(r.id)).filter((o) => o !== undefined);
      const changed = [...gone, ...rows.map((r) => t.ord(r.id)).filter((o) => o !== undefined)];
      if (changed.length) {
        const purge = new Uint32Array(t.words);
        for (const o of changed) purge[o >>> 5] |= 1 << (o & 31);
        t.postings.purge(purge);
      }
      for (const o of gone) t.kill(o);
      for (const r of rows) t.put(r);
      if (orders) t.setNameOrders(orders);
      this.unlisted = unlistedOf(t, unlisted);
      this.visible.clear();
      this.horizon = head.horizon;
      if (head.version > this.synced) this.synced = head.version;
      return false;
    });
  }

  private async head(trx: Transaction<Database>): Promise<{ horizon: string; version: bigint }> {
    const { rows } = await sql<{ horizon: string; version: string }>`
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon,
             (SELECT version FROM catalog_version WHERE id = 1)::text AS version`.execute(trx);
    return { horizon: rows[0].horizon, version: BigInt(rows[0].version ?? 0) };
  }

  /** The product owners who are not listed (not vendors, or not active). */
  private async unlistedIds(trx: Transaction<Database>): Promise<string[]> {
    const { rows } = await sql<{ user_id: string }>`SELECT user_id FROM unlisted_sellers`.execute(trx);
    return rows.map((r) => r.user_id);
  }
}

/** Per vendor ordinal: 1 when the owner is not listed. */
function unlistedOf(t: ProductTable, ids: string[]): Uint8Array {
  const out = new Uint8Array(t.vendors.length + 1);
  for (const id of ids) {
    const o = t.vendorOrd(id);
    if (o !== undefined) out[o] = 1;
  }
  return out;
}
