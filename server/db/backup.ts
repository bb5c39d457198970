import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Db } from '.';

/**
 * A logical backup, the same on PGlite and PostgreSQL. The file (version 2) is gzipped JSON lines:
 *   {"format":"namma-kadai-backup","version":2,"createdAt":"…"}
 *   {"table":"users"}            then one line per row of the table, for every table below in turn
 *   {"counts":{"users":5,…}}     the rows per table: a file cut short has no such line and is refused
 * Both ways stream (a table is read through a cursor, a restore inserts as it reads), so memory stays
 * bounded whatever the data's size. Version 1 files (one JSON object) still restore.
 */

/** Tables in an order that satisfies their foreign keys (parents first). */
export const BACKUP_TABLES = [
  'users',
  'shop_staff',
  'areas',
  'vendor_areas',
  'categories',
  'subcategories',
  'gsts',
  'products',
  // a product's packs (bag, carton, strip)
  'product_packs',
  // a product's batches (their quantities sum to its stock)
  'product_batches',
  'stock_movements',
  'suppliers',
  // purchase orders come before the bills that received them
  'purchase_order_counters',
  'purchase_orders',
  'purchase_order_lines',
  'purchases',
  'purchase_lines',
  // what is paid to suppliers, and the bills each payment settled
  'supplier_payments',
  'supplier_payment_allocations',
  // goods returned to suppliers: the debit notes and their lines
  'debit_notes',
  'debit_note_lines',
  'reviews',
  // a till's shifts come before the sales, payments and returns made in them
  'devices',
  'shifts',
  'shift_cash',
  // the shop's price lists come before the customers priced by them; its schemes
  'price_lists',
  'price_list_rules',
  'schemes',
  'shop_customers',
  'customer_payments',
  'pay_links',
  'orders',
  'order_lines',
  // which batches each line took
  'order_line_batches',
  // a split sale's parts
  'order_payments',
  // a shop's payment provider, the QRs made for its sales and the payments it reported
  'payment_settings',
  'upi_qrs',
  'upi_payments',
  // the settlement statements' lines that matched a sale
  'upi_statement_lines',
  'rider_handovers',
  'device_counters',
  'sessions',
  // customer displays paired with the shops' tills (their tokens kept hashed, like the sessions)
  'customer_displays',
  'pin_failures',
  'shop_audit',
  'invoice_counters',
  'invoices',
  'credit_note_counters',
  'credit_notes',
  'credit_note_lines',
  // a return of a split sale: its refund's parts
  'credit_note_refunds',
  // the shop's expenses and their categories
  'expense_categories',
  'expenses',
  // the shop's Tally ledger names
  'tally_settings',
  // the shop's loyalty settings and its customers' points (after the orders and credit notes they name)
  'loyalty_settings',
  'loyalty_points',
  'push_keys',
  'push_subscriptions',
  'announcements',
  'password_resets',
  'pending_registrations',
  'idempotency_keys',
  'login_failures',
  'uploads',
] as const;

type Row = Record<string, unknown>;
const FORMAT = 'namma-kadai-backup';

/** Rows read per cursor fetch, and for uploads (images of up to 5 MB each) far fewer. */
const FETCH_ROWS = 2000;
const FETCH_ROWS_OF: Partial<Record<string, number>> = { uploads: 8 };
/** Rows per insert on restore, fewer when their JSON passes this many characters (images). */
const INSERT_ROWS = 500;
const INSERT_CHARS = 16 * 1024 * 1024;
/** And fewer when their values pass this many parameters (a statement's parameters stay below 32,767). */
const INSERT_PARAMS = 30_000;

/** Binary columns (uploaded images) travel in the file as `{ "$base64": "..." }`. */
const fromRow = (v: unknown) => (v instanceof Uint8Array ? { $base64: Buffer.from(v).toString('base64') } : v);
const isBase64 = (v: unknown): v is { $base64: string } =>
  !!v && typeof v === 'object' && typeof (v as { $base64?: unknown }).$base64 === 'string';
const toBackupRow = (r: Row): Row => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fromRow(v)]));
const toParam = (v: unknown) =>
  isBase64(v) ? Buffer.from(v.$base64, 'base64') : v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
const toParamRow = (r: Row): Row => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, toParam(v)]));

export interface ReadOptions {
  /** Rows per cursor fetch (default 2000). */
  batchSize?: number;
  /** Called after every fetch with the rows it brought (tests count the fetches). */
  onFetch?: (table: string, rows: number) => void;
}

/**
 * Reads every table in one repeatable-read snapshot, each through a server-side cursor in batches,
 * handing each table's name and then its rows (binary columns as base64) to the visitor.
 */
async function readTables(
  db: Db,
  visit: { table(name: string): Promise<void> | void; rows(name: string, rows: Row[]): Promise<void> | void },
  opts: ReadOptions = {},
): Promise<Record<string, number>> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const counts: Record<string, number> = {};
      for (const t of BACKUP_TABLES) {
        const size = Math.min(opts.batchSize ?? FETCH_ROWS, FETCH_ROWS_OF[t] ?? Infinity);
        counts[t] = 0;
        await visit.table(t);
        await sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT * FROM ${sql.table(t)}`.execute(trx);
        for (;;) {
          const { rows } = await sql<Row>`FETCH ${sql.raw(String(size))} FROM backup_rows`.execute(trx);
          opts.onFetch?.(t, rows.length);
          counts[t] += rows.length;
          if (rows.length) await visit.rows(t, rows.map(toBackupRow));
          if (rows.length < size) break;
        }
        await sql`CLOSE backup_rows`.execute(trx);
      }
      return counts;
    });
}

/** A version 1 backup: every table's rows in one object (small databases, tests, files of earlier versions). */
export interface Backup {
  format: 'namma-kadai-backup';
  version: 1;
  createdAt: string;
  tables: Record<string, Row[]>;
}

/** Every table's rows in memory, read in one snapshot (for tests and small databases; files use writeBackup). */
export async function exportAll(db: Db, opts?: ReadOptions): Promise<Backup> {
  const tables: Backup['tables'] = {};
  await readTables(db, { table: (t) => void (tables[t] = []), rows: (t, rows) => void tables[t].push(...rows) }, opts);
  return { format: FORMAT, version: 1, createdAt: new Date().toISOString(), tables };
}

/** Writes the backup file (gzipped JSON lines, see above) to `<file>.tmp`, then renames it; answers the rows per table. */
export async function writeBackup(db: Db, file: string, opts?: ReadOptions): Promise<Record<string, number>> {
  const tmp = `${file}.tmp`;
  const gzip = createGzip();
  const done = pipeline(gzip, fs.createWriteStream(tmp));
  const write = async (text: string) => {
    // wait while the gzip stream is full (or the pipeline failed: `done` rejects then)
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), done]);
  };
  try {
    await write(`${JSON.stringify({ format: FORMAT, version: 2, createdAt: new Date().toISOString() })}\n`);
    const counts = await readTables(
      db,
      {
        table: (t) => write(`${JSON.stringify({ table: t })}\n`),
        rows: (_t, rows) => write(rows.map((r) => `${JSON.stringify(r)}\n`).join('')),
      },
      opts,
    );
    await write(`${JSON.stringify({ counts })}\n`);
    gzip.end();
    await done;
    fs.renameSync(tmp, file);
    return counts;
  } catch (e) {
    gzip.destroy();
    await done.catch(() => {});
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/** What a restore reads, in file order: a table's start, one of its rows (with its size in characters), the closing counts. */
type Item = { table: string } | { row: Row; chars: number } | { counts: Record<string, number> };

const notBackup = () => new Error('Not a backup file of this app');
const cutShort = () => new Error('The backup file is incomplete (cut short or damaged): nothing was restored');

/**
 * Replaces every table's rows with the items', in one transaction (all or nothing), checking at the end
 * that every table holds exactly the rows the file's counts say.
 */
async function restoreItems(db: Db, items: AsyncIterable<Item>): Promise<Record<string, number>> {
  const known = new Set<string>(BACKUP_TABLES);
  // the products inserted write their opening balances and batches through triggers, and so do the
  // lines their batch links: the backup's own rows replace them
  const replaced = ['order_line_batches', 'stock_movements', 'product_batches'];
  return db.transaction().execute(async (trx) => {
    await sql`TRUNCATE ${sql.join(BACKUP_TABLES.map((t) => sql.table(t)))} CASCADE`.execute(trx);
    const read: Record<string, number> = {};
    let table: string | undefined;
    let chunk: Row[] = [];
    let chars = 0;
    let counts: Record<string, number> | undefined;
    const flush = async () => {
      if (!table || !chunk.length) return;
      await trx
        .insertInto(table as never)
        .values(chunk.map(toParamRow) as never)
        .execute();
      chunk = [];
      chars = 0;
    };
    for await (const item of items) {
      if (counts) throw notBackup(); // nothing follows the counts
      if ('table' in item) {
        await flush();
        if (!known.has(item.table) || item.table in read) throw notBackup();
        table = item.table;
        read[table] = 0;
        if (replaced.includes(table)) await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
      } else if ('row' in item) {
        if (!table) throw notBackup();
        chunk.push(item.row);
        read[table]++;
        chars += item.chars;
        const params = chunk.length * Object.keys(item.row).length;
        if (chunk.length >= INSERT_ROWS || chars >= INSERT_CHARS || params >= INSERT_PARAMS) await flush();
      } else {
        await flush();
        counts = item.counts;
      }
    }
    if (!counts) throw cutShort();
    for (const t of BACKUP_TABLES) if ((counts[t] ?? 0) !== (read[t] ?? 0)) throw cutShort();
    // a file of an older version may lack a table: the trigger-written rows go all the same
    for (const t of replaced) if (!(t in read)) await sql`DELETE FROM ${sql.table(t)}`.execute(trx);
    await sql`SELECT setval(pg_get_serial_sequence('orders', 'order_number'), COALESCE((SELECT max(order_number) FROM orders), 0) + 1, false)`.execute(
      trx,
    );
    await sql`SELECT setval(pg_get_serial_sequence('stock_movements', 'id'), COALESCE((SELECT max(id) FROM stock_movements), 0) + 1, false)`.execute(
      trx,
    );
    // restored orders are history, not news: the orders trigger queued pushes for them; none is sent
    await sql`DELETE FROM push_outbox`.execute(trx);
    // Not in the backup and kept as the restore leaves them: area_list_versions and products_removed are
    // the running API processes' signals to drop their caches (the TRUNCATE above moved every area's
    // version and logged the nil product id); emptied, a version could start again at a number a process
    // still holds, and it would serve a stale list. rate_counters (rate limits in their minute windows)
    // stay too: a restore does not reset them.
    const restored: Record<string, number> = {};
    for (const t of BACKUP_TABLES) {
      const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(t)}`.execute(trx);
      restored[t] = Number(rows[0].n);
      if (restored[t] !== (counts[t] ?? 0))
        throw new Error(`Restore check failed: ${t} has ${restored[t]} rows, the backup ${counts[t] ?? 0}`);
    }
    return restored;
  });
}

async function* objectItems(backup: Backup): AsyncGenerator<Item> {
  for (const t of BACKUP_TABLES) {
    yield { table: t };
    for (const row of backup.tables[t] ?? []) yield { row, chars: 0 };
  }
  yield { counts: Object.fromEntries(BACKUP_TABLES.map((t) => [t, backup.tables[t]?.length ?? 0])) };
}

/** Replaces every table's rows with a version 1 backup's, in one transaction (all or nothing). */
export async function importAll(db: Db, backup: Backup): Promise<Record<string, number>> {
  if (backup?.format !== FORMAT || backup.version !== 1 || !backup.tables || typeof backup.tables !== 'object') throw notBackup();
  return restoreItems(db, objectItems(backup));
}

/** The file's lines, unzipped as they are read; a damaged or cut gzip stream throws. */
async function* fileLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const input = fs.createReadStream(file).on('error', (e) => gunzip.destroy(e));
  input.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const lines = (rest + decoder.write(chunk)).split('\n');
      rest = lines.pop()!;
      yield* lines;
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code?.startsWith('Z_')) throw cutShort();
    throw e;
  } finally {
    input.destroy();
  }
  rest += decoder.end();
  if (rest) yield rest;
}

async function* fileItems(file: string): AsyncGenerator<Item> {
  let header = false;
  for await (const line of fileLines(file)) {
    if (!line) continue;
    let value: Row;
    try {
      value = JSON.parse(line) as Row;
    } catch {
      throw header ? cutShort() : notBackup();
    }
    if (!header) {
      if (value?.format !== FORMAT || value.version !== 2) throw notBackup();
      header = true;
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length === 1 && typeof value.table === 'string') yield { table: value.table };
    else if (keys.length === 1 && value.counts && typeof value.counts === 'object')
      yield { counts: value.counts as Record<string, number> };
    else yield { row: value, chars: line.length };
  }
  if (!header) throw notBackup();
}

/**
 * Restores a backup file: version 2 (gzipped JSON lines) as a stream, version 1 (one JSON object,
 * small files of earlier versions) read whole. Answers the rows per table.
 */
export async function restoreBackup(db: Db, file: string): Promise<Record<string, number>> {
  const fd = fs.openSync(file, 'r');
  const magic = Buffer.alloc(2);
  fs.readSync(fd, magic, 0, 2, 0);
  fs.closeSync(fd);
  if (magic[0] === 0x1f && magic[1] === 0x8b) return restoreItems(db, fileItems(file));
  let backup: Backup;
  try {
    backup = JSON.parse(fs.readFileSync(file, 'utf8')) as Backup;
  } catch {
    throw notBackup();
  }
  return importAll(db, backup);
}
