/**
 * The limit for search: the very SQL the search service issues for each query of the mix, run
 * through the database driver with no HTTP, no validation and no JSON. The SQL is captured from
 * CatalogService itself (a Kysely log hook on a private connection), so it cannot drift from the
 * service; it is then replayed as raw statements.
 */
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { productSearchQuery } from '../../core/schemas/product';
import { PLANNER_OPTIONS, RANDOM_PAGE_COST } from '../../server/db';
import type { Database } from '../../server/db/types';
import { CatalogService } from '../../server/services/catalog/catalog.service';
import { percentiles } from './stats';
import type { SearchQuery } from './search-mix';
import { searchPath } from './search-mix';

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

export interface RawDriver {
  query(sql: string, params: readonly unknown[]): Promise<unknown>;
  /** How many statements may run at once (the server's pool size; 1 for PGlite). */
  parallel: number;
  close(): Promise<void>;
}

export async function openRawDriver(opts: { databaseUrl?: string; pgliteDir?: string; poolSize?: number }): Promise<RawDriver> {
  if (opts.databaseUrl) {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, options: PLANNER_OPTIONS });
    return { query: (s, p) => pool.query(s, p as unknown[]), parallel: opts.poolSize ?? 10, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: opts.pgliteDir, extensions: { pg_trgm } });
  await db.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`); // as the server's connections (server/db)
  return { query: (s, p) => db.query(s, p as unknown[]), parallel: 1, close: () => db.close() };
}

/**
 * Runs each query of the mix once through CatalogService (each query once: no answer comes from
 * the cache) and records the SQL it sent. On PostgreSQL `parallel` services capture side by side, each on its own
 * connection and log.
 */
export async function captureSearchSql(
  opts: { databaseUrl?: string; pgliteDir?: string; parallel?: number; service?: ConstructorParameters<typeof CatalogService>[1] },
  mix: SearchQuery[],
): Promise<Statement[][]> {
  const out: Statement[][] = new Array(mix.length);
  let next = 0;
  const worker = async () => {
    let current: Statement[] = [];
    const log = (e: { level: string; query: { sql: string; parameters: readonly unknown[] } }) => {
      if (e.level === 'query') current.push({ sql: e.query.sql, parameters: e.query.parameters });
    };
    let db: Kysely<Database>;
    if (opts.databaseUrl) {
      const pg = (await import('pg')).default;
      const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 1, options: PLANNER_OPTIONS });
      db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    } else {
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const pglite = await PGlite.create({ dataDir: opts.pgliteDir, extensions: { pg_trgm } });
      await pglite.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
      db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), log });
    }
    try {
      // One service per connection, as in the server: the names it completes rows with are loaded once
      // (they are cached by catalogue version), and every query of the mix is a different cache key.
      const svc = new CatalogService(db, opts.service);
      await svc.warmSearch(); // the in-memory index built, as in a server that has been up a while
      await svc.search(productSearchQuery.parse({ pageNumber: '1' }), 1n);
      while (next < mix.length) {
        const i = next++;
        current = [];
        // parsed exactly as the route parses the query string
        const qs = Object.fromEntries(new URL(searchPath(mix[i]), 'http://x').searchParams);
        await svc.search(productSearchQuery.parse(qs), 1n);
        out[i] = current;
      }
    } finally {
      await db.destroy();
    }
  };
  await Promise.all(Array.from({ length: opts.databaseUrl ? (opts.parallel ?? 1) : 1 }, worker));
  return out;
}

export interface RawResult {
  concurrency: number;
  durationS: number;
  rps: number;
  p50: number;
  p99: number;
}

/** Replays the captured statements: `concurrency` loops, each a search (its statements in order). */
export async function replayRaw(driver: RawDriver, mix: Statement[][], durationS: number, concurrency: number): Promise<RawResult> {
  const latencies: number[] = [];
  let i = 0;
  const end = performance.now() + durationS * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const stmts = mix[i++ % mix.length];
      const t = performance.now();
      for (const s of stmts) await driver.query(s.sql, s.parameters);
      latencies.push(performance.now() - t);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const secs = (performance.now() - t0) / 1000;
  const p = percentiles(latencies);
  return { concurrency, durationS: secs, rps: Math.round(latencies.length / secs), p50: p.p50, p99: p.p99 };
}
