import fs from 'node:fs';
import { Migrator, sql, type Migration } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { financialYear, fyTag } from '../../core/invoice';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DbHandle } from '../../server/db';
import { exportAll } from '../../server/db/backup';
import { migrateToLatest } from '../../server/db/migrate';
import { apiBuilders } from '../support/api-builders';
import { bearer, createTestApp, DEMO, login, newServerDatabase } from './helpers';

/**
 * Migration 008 on a copy of the demo data as a database before it held it: every order keeps its
 * number, totals and tax as recorded, gets an entry in the invoice table under its own number, and
 * the new fields take their safe defaults. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
/** The migrations before 008, by their file names in server/db/migrations: what the database had then. */
async function migrationsBefore008(): Promise<Record<string, Migration>> {
  const names = fs
    .readdirSync(new URL('../../server/db/migrations/', import.meta.url))
    .map((file) => file.replace(/\.ts$/, ''))
    .filter((name) => name < '008');
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, (await import(`../../server/db/migrations/${name}.ts`)) as Migration])),
  );
}
/** Columns and tables migration 008 adds (and later ones: 009 tamil_key and name_words, 010 upi_id and barcode, 011 language, 014 is_free, 015 the void columns, 017 the Tamil names, 020 the shop customer, buyer and place of supply, 027 search_xid, 028 the received times, 032 the sale's shift, 033 the scale label layout, 034 who confirmed a UPI payment by hand, 045 the e-way bill and e-invoice numbers and the ₹5 crore switch, 059 a line's copy of its order's shop and time): the copy leaves them out. */
const NEW_COLUMNS: Record<string, string[]> = {
  users: ['invoice_prefix', 'upi_id', 'language', 'pin_verifier', 'approval_limits', 'scale_barcode', 'turnover_above_5_crore'],
  sessions: ['device_id'],
  pending_registrations: ['language'],
  products: ['unit', 'tamil_key', 'name_words', 'barcode', 'is_free', 'sku', 'cost_price_paise', 'search_xid', 'tracks_batches'],
  orders: [
    'payment_method',
    'voided_at',
    'voided_by',
    'void_reason',
    'shop_customer_id',
    'buyer',
    'place_of_supply',
    'received_at',
    'delivered_received_at',
    'delivered_by',
    'cod_collected_paise',
    'shift_id',
    'payment_confirmed_by',
    'payment_confirmed_at',
    'eway_bill_no',
    'eway_bill_at',
    'irn',
    'irn_ack_no',
    'irn_ack_at',
    'signed_qr',
    'points_redeemed',
    'points_earned',
    'till_total_paise',
    'server_total_paise',
  ],
  order_lines: [
    'unit',
    'delivery_discount_paise',
    'name_ta',
    'cost_paise',
    'points_discount_paise',
    'price_list_name',
    'scheme_name',
    'scheme_discount_paise',
    'till_adjustment_paise',
    'pack_name',
    'pack_factor',
    'order_vendor_id',
    'order_created_at',
  ],
  categories: ['name_ta'],
  subcategories: ['name_ta'],
};
const NEW_TABLES = new Set([
  'products_removed',
  'product_packs',
  'invoice_counters',
  'invoices',
  'vendor_areas',
  'stock_movements',
  'product_batches',
  'order_line_batches',
  'suppliers',
  'purchases',
  'purchase_lines',
  'purchase_order_counters',
  'purchase_orders',
  'purchase_order_lines',
  'supplier_payments',
  'supplier_payment_allocations',
  'debit_notes',
  'debit_note_lines',
  'shop_customers',
  'customer_payments',
  'credit_note_counters',
  'credit_notes',
  'credit_note_lines',
  'push_keys',
  'push_subscriptions',
  'event_tickets',
  'push_outbox',
  'devices',
  'device_counters',
  'search_vocabulary',
  'area_list_versions',
  'shop_staff',
  'pin_failures',
  'shop_audit',
  'rider_handovers',
  'shifts',
  'shift_cash',
  'payment_settings',
  'upi_qrs',
  'upi_payments',
  'order_payments',
  'upi_statement_lines',
  'customer_displays',
  'credit_note_refunds',
  'expense_categories',
  'expenses',
  'tally_settings',
  'loyalty_settings',
  'loyalty_points',
  'price_lists',
  'price_list_rules',
  'schemes',
]);

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** An empty database: in-memory PGlite, or a new database on the TEST_DATABASE_URL server. */
async function emptyDatabase(): Promise<DbHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const h = await openDatabase({});
    cleanups.push(() => h.close());
    return h;
  }
  const { url, drop } = await newServerDatabase(serverUrl);
  const h = await openDatabase({ databaseUrl: url });
  cleanups.push(async () => {
    await h.close();
    await drop();
  });
  return h;
}

/** A backup value as a statement parameter: images come as `{ $base64 }` (server/db/backup.ts), JSON columns as objects. */
const toParam = (v: unknown) => {
  if (v !== null && typeof v === 'object' && typeof (v as { $base64?: unknown }).$base64 === 'string')
    return Buffer.from((v as { $base64: string }).$base64, 'base64');
  return v !== null && typeof v === 'object' && !(v instanceof Date) && !(v instanceof Uint8Array) ? JSON.stringify(v) : v;
};

describe('migration 008 on a copy of the demo data', () => {
  it('keeps every order, its number and its tax; gives each an invoice entry under its own number; new fields get safe defaults', async () => {
    // the demo data, copied into a database that has only migrations 001-007 (whole quantities then)
    const source = await createTestApp();
    cleanups.push(() => source.close());
    const demo = await exportAll(source.handle.db);
    const old = await emptyDatabase();
    const migrator = new Migrator({ db: old.db, provider: { getMigrations: migrationsBefore008 } });
    const step = await migrator.migrateTo('007-search-words');
    expect(step.error).toBeUndefined();

    const wholeOrders = new Set(
      demo.tables.orders
        .map((o) => o.id as string)
        .filter((id) => demo.tables.order_lines.filter((l) => l.order_id === id).every((l) => Number.isInteger(Number(l.quantity)))),
    );
    for (const [table, rows] of Object.entries(demo.tables)) {
      if (NEW_TABLES.has(table) || !rows.length) continue;
      const copy = rows
        .filter((r) =>
          table === 'orders' ? wholeOrders.has(r.id as string) : table === 'order_lines' ? wholeOrders.has(r.order_id as string) : true,
        )
        .map((r) => {
          const row: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(r)) if (!NEW_COLUMNS[table]?.includes(k)) row[k] = toParam(v);
          if (table === 'products') row.count_in_stock = Math.floor(Number(r.count_in_stock));
          if (table === 'order_lines') row.quantity = Number(r.quantity);
          return row;
        });
      await old.db
        .insertInto(table as never)
        .values(copy as never)
        .execute();
    }
    await sql`SELECT setval(pg_get_serial_sequence('orders', 'order_number'), (SELECT max(order_number) FROM orders) + 1, false)`.execute(
      old.db,
    );
    // two older orders either side of the financial year's turn (India time), one with the odd paisa in SGST as once recorded
    const vendorId = demo.tables.users.find((u) => u.phone === DEMO.vendor)!.id as string;
    const legacy = [
      { id: crypto.randomUUID(), at: '2026-03-31T18:00:00Z', fy: '2025-26' }, // 23:30 IST on 31 March
      { id: crypto.randomUUID(), at: '2026-03-31T20:00:00Z', fy: '2026-27' }, // 01:30 IST on 1 April
    ];
    for (const l of legacy) {
      await sql`INSERT INTO orders (id, vendor_id, status, items_paise, discount_paise, delivery_discount_paise, payment_status, is_shop, created_at)
        VALUES (${l.id}, ${vendorId}, 'Delivered', 10000, 0, 0, 'Paid', true, ${l.at})`.execute(old.db);
      await sql`INSERT INTO order_lines (id, order_id, name, quantity, unit_price_paise, line_total_paise, gst_rate, taxable_paise, cgst_paise, sgst_paise)
        VALUES (${crypto.randomUUID()}, ${l.id}, 'Old soap', 1, 10000, 10000, 18, 8475, 762, 763)`.execute(old.db);
    }

    const snapshot = async () => ({
      orders: (
        await sql<Record<string, unknown>>`SELECT id, order_number, customer_id, vendor_id, status, items_paise, discount_paise,
          delivery_discount_paise, payment_status, is_shop, created_at FROM orders ORDER BY id`.execute(old.db)
      ).rows,
      lines: (
        await sql<Record<string, unknown>>`SELECT id, order_id, quantity::float8 AS quantity, unit_price_paise, unit_discount_paise,
          line_total_paise, gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise FROM order_lines ORDER BY id`.execute(old.db)
      ).rows,
      stock: (await sql<Record<string, unknown>>`SELECT id, count_in_stock::float8 AS stock FROM products ORDER BY id`.execute(old.db))
        .rows,
      // the same triggers (a comparison with 0 now reads "(0)::numeric", the stock being numeric; migration 009
      // adds tamil_key and name_words to the search columns' trigger; migration 018 adds the stock ledger's own,
      // migration 023 the search vocabulary's, migration 027 those the search indexes read, migration 048 the batches')
      triggers: (
        await sql<{ tgname: string; def: string }>`SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger
          WHERE tgrelid = 'products'::regclass AND NOT tgisinternal ORDER BY tgname`.execute(old.db)
      ).rows
        .filter((t) => !/^products_(stock_ledger|vocabulary|search_stamp|removed_log|truncated_log|track_batches)/.test(t.tgname))
        .map((t) => ({ ...t, def: t.def.replace(/\(0\)::numeric/g, '0').replace(/, (tamil_key|name_words)\b/g, '') })),
    });
    const before = await snapshot();
    expect(before.orders.length).toBeGreaterThanOrEqual(10);

    await migrateToLatest(old.db);

    // what was recorded is unchanged: numbers, totals, quantities, tax, stock; the catalogue triggers are back as they were
    expect(await snapshot()).toEqual(before);
    const invoices = await old.db.selectFrom('invoices').selectAll().execute();
    expect(invoices).toHaveLength(before.orders.length);
    for (const o of before.orders) {
      const inv = invoices.find((i) => i.order_id === o.id)!;
      expect(inv).toMatchObject({
        vendor_id: o.vendor_id,
        series: '',
        seq: o.order_number,
        number: String(o.order_number),
        status: 'issued',
      });
      expect(inv.fy).toBe(financialYear(new Date(o.created_at as string)));
      expect(new Date(inv.issued_at).getTime()).toBe(new Date(o.created_at as string).getTime());
    }
    for (const l of legacy) expect(invoices.find((i) => i.order_id === l.id)!.fy).toBe(l.fy);
    // safe defaults
    const defaults = await sql<{ n: number }>`SELECT
        (SELECT count(*) FROM products WHERE unit <> 'pcs') + (SELECT count(*) FROM order_lines WHERE unit <> 'pcs' OR delivery_discount_paise <> 0)
        + (SELECT count(*) FROM orders WHERE payment_method IS NOT NULL) + (SELECT count(*) FROM users WHERE invoice_prefix IS NOT NULL)
        + (SELECT count(*) FROM invoice_counters) AS n`.execute(old.db);
    expect(Number(defaults.rows[0].n)).toBe(0);

    // the app on the migrated database: the old numbers are one series in GSTR-1, new sales start the vendor's own
    const app = await buildApp({
      db: old.db,
      config: { ...loadConfig({ ...process.env, DATABASE_URL: '' }), webDir: '/nonexistent', validateResponses: true },
    });
    await app.ready();
    cleanups.push(() => app.close());
    const token = await login(app, DEMO.vendor);
    const oldest = before.orders.filter((o) => o.vendor_id === vendorId && !legacy.some((l) => l.id === o.id));
    const day = (d: unknown) => new Date(new Date(d as string).getTime() + 330 * 60_000).toISOString().slice(0, 10);
    // the earliest sale time (the rows hold Dates, whose default sort would be by weekday name)
    const from = day(Math.min(...oldest.map((o) => new Date(o.created_at as string).getTime())));
    const to = day(Date.now());
    const report = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/Orders/gstr1/report?startDate=${from}&endDate=${to}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const g = await report();
    const numbers = oldest.map((o) => Number(o.order_number)).sort((a, b) => a - b);
    expect(g.docs).toEqual([
      { series: '', from: String(numbers[0]), to: String(numbers.at(-1)), count: numbers.length, cancelled: 0, netIssued: numbers.length },
    ]);
    const product = (
      await app.inject({ method: 'GET', url: '/api/products/products?keyword=Ponni Rice 5kg', headers: bearer(token) })
    ).json()[0];
    const sale = await apiBuilders(() => app).shopSale(token, [{ productId: product._id, quantity: 1 }]);
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().order.invoiceNumber).toBe(`MS/${fyTag(financialYear(new Date()))}/000001`);
    expect(sale.json().order.orderNumber).toBeGreaterThan(numbers.at(-1)!);
    expect((await report()).docs.map((d: { series: string }) => d.series)).toEqual(['', `MS/${fyTag(financialYear(new Date()))}/`]);
  });
});
