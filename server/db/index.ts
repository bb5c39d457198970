import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from './types';

export type Db = Kysely<Database>;

const INT8_OID = 20;

/**
 * The catalogue is read from memory, not from spinning disks: a random page costs about what a
 * sequential one does. With the default (4) the planner collected the first 1,001 matches of a
 * common word by scanning 10,000+ rows and testing each one's words, instead of reading the 1,001
 * rows the word index names (several times slower, measured on the search bench).
 */
export const RANDOM_PAGE_COST = 1.1;
/**
 * No JIT compilation: a back-office query over a year of rows (the reorder list, the dues) is estimated
 * above jit_above_cost and then spends 0.3 to 5 s compiling before a run of tens of milliseconds
 * (EXPLAIN ANALYZE on a year of three shops). The queries here are short; none gains from it.
 */
export const PLANNER_OPTIONS = `-c random_page_cost=${RANDOM_PAGE_COST} -c jit=off`;

/**
 * Statement texts PostgreSQL parses and plans once per connection (named prepared statements)
 * instead of on every run: the few fixed, hot ones (the session, rows by id), each registered once
 * by its service with preparedStatement(). Only fixed texts whose plan does not depend on the
 * values: a search's plan does, and stays unnamed.
 */
const PREPARED = new Map<string, string>();
export function preparedStatement(text: string): void {
  if (!PREPARED.has(text)) PREPARED.set(text, `nk_${PREPARED.size + 1}`);
}

/** Calls `onPayload` with each NOTIFY payload of `channel`; answers the function that stops listening. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/**
 * Each open database's LISTEN, found from its Kysely instance (the app is built from `db` alone):
 * a dedicated connection on PostgreSQL, PGlite's own listen in the embedded single-process case.
 */
const LISTENERS = new WeakMap<Db, Listen>();
export const databaseListener = (db: Db): Listen | undefined => LISTENERS.get(db);

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite: its data folder as a tarball, which `loadDataDir` opens again (a copy, without initdb). */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is given, otherwise embedded
 * PGlite under `dataDir` (in memory when `dataDir` is undefined — tests use that).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite: start from this data folder (a `dumpDataDir` tarball) instead of an empty one. */
  loadDataDir?: Blob;
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    // bigint (int8: order totals, counts) reads as a number, as PGlite reads it; values stay far below 2^53
    const types = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : pg.default.types.getTypeParser(oid, format)) as typeof pg.default.types.getTypeParser,
    };
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, types, options: PLANNER_OPTIONS });
    pool.on('error', () => {}); // a dropped idle connection must not crash the process
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((text: unknown, ...rest: unknown[]) => {
        const name = typeof text === 'string' ? PREPARED.get(text) : undefined;
        return name && Array.isArray(rest[0]) ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
      }) as typeof client.query;
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listener = postgresListener(() => new pg.default.Client({ connectionString: opts.databaseUrl, types }));
    LISTENERS.set(db, listener.listen);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await listener.close();
        await db.destroy();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  await pglite.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
  // PGlite runs each query on this thread, and the dialect hands its one connection from query to
  // query through promises: under load the queue never gave the event loop a turn to read new
  // requests, and some connections waited 30 s (soak). Each query first lets pending I/O run.
  const query = pglite.query.bind(pglite);
  pglite.query = (async (...args: Parameters<typeof query>) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return query(...args);
  }) as typeof pglite.query;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  LISTENERS.set(db, async (channel, onPayload) => {
    const stop = await pglite.listen(channel, onPayload);
    return async () => {
      if (!pglite.closed) await stop();
    };
  });
  return { db, kind: 'pglite', close: () => db.destroy(), dumpDataDir: () => pglite.dumpDataDir('none') };
}

interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', cb: (msg: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', cb: (...args: unknown[]) => void): unknown;
}

/**
 * LISTEN on one connection of its own (a pooled one would hand its notifications to whoever borrows
 * it next), opened on the first listen and opened again, after a second, when it drops.
 */
function postgresListener(newClient: () => ListenClient) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: ListenClient | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const c = newClient();
      c.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      const dropped = () => {
        if (client !== c) return;
        client = undefined;
        connecting = undefined;
        void c.end().catch(() => {});
        if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000);
      };
      c.on('error', dropped);
      c.on('end', dropped);
      try {
        await c.connect();
        client = c;
        for (const channel of handlers.keys()) await c.query(`LISTEN ${quote(channel)}`);
      } catch (err) {
        connecting = undefined;
        if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000);
        throw err;
      }
    })());

  const listen: Listen = async (channel, onPayload) => {
    let set = handlers.get(channel);
    const first = !set;
    if (!set) handlers.set(channel, (set = new Set()));
    set.add(onPayload);
    if (!client) await connect();
    else if (first) await client.query(`LISTEN ${quote(channel)}`);
    return async () => {
      set.delete(onPayload);
      if (set.size === 0) {
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
      }
    };
  };
  return {
    listen,
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
