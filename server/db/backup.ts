import { sql } from 'kysely';
import type { Db } from '.';

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

/** Binary columns (uploaded images) travel in the JSON file as `{ "$base64": "..." }`. */
const fromRow = (v: unknown) => (v instanceof Uint8Array ? { $base64: Buffer.from(v).toString('base64') } : v);
const isBase64 = (v: unknown): v is { $base64: string } =>
  !!v && typeof v === 'object' && typeof (v as { $base64?: unknown }).$base64 === 'string';

export interface Backup {
  format: 'namma-kadai-backup';
  version: 1;
  createdAt: string;
  tables: Record<string, Record<string, unknown>[]>;
}

/** A logical backup of every table, the same on PGlite and PostgreSQL, read in one snapshot. */
export async function exportAll(db: Db): Promise<Backup> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const tables: Backup['tables'] = {};
      for (const t of BACKUP_TABLES) {
        const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(t)}`.execute(trx);
        tables[t] = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fromRow(v)])));
      }
      return { format: 'namma-kadai-backup', version: 1, createdAt: new Date().toISOString(), tables };
    });
}

const toParam = (v: unknown) =>
  isBase64(v) ? Buffer.from(v.$base64, 'base64') : v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;

/** Replaces every table's rows with the backup's, in one transaction (all or nothing). */
export async function importAll(db: Db, backup: Backup): Promise<Record<string, number>> {
  if (backup?.format !== 'namma-kadai-backup' || backup.version !== 1) throw new Error('Not a backup file of this app');
  const counts: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    await sql`TRUNCATE ${sql.join(BACKUP_TABLES.map((t) => sql.table(t)))} CASCADE`.execute(trx);
    for (const t of BACKUP_TABLES) {
      const rows = backup.tables[t] ?? [];
      counts[t] = rows.length;
      // the products just inserted wrote their opening balances through the ledger's trigger: the
      // backup's own ledger replaces them, line for line
      if (t === 'stock_movements') await sql`DELETE FROM stock_movements`.execute(trx);
      // so did their batches (an opening batch) and the lines' batch links: the backup's own replace them
      if (t === 'product_batches' || t === 'order_line_batches') await sql`DELETE FROM ${sql.table(t)}`.execute(trx);
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, toParam(v)])));
        await trx
          .insertInto(t as never)
          .values(chunk as never)
          .execute();
      }
    }
    await sql`SELECT setval(pg_get_serial_sequence('orders', 'order_number'), COALESCE((SELECT max(order_number) FROM orders), 0) + 1, false)`.execute(
      trx,
    );
    await sql`SELECT setval(pg_get_serial_sequence('stock_movements', 'id'), COALESCE((SELECT max(id) FROM stock_movements), 0) + 1, false)`.execute(
      trx,
    );
    // restored orders are history, not news: the orders trigger queued pushes for them; none is sent
    await sql`DELETE FROM push_outbox`.execute(trx);
  });
  return counts;
}
