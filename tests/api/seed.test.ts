import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineDiscountPaise, lineTotalPaise } from '../../core/cart';
import { deliveryDiscountPaise } from '../../core/delivery-discount';
import { lineTax } from '../../core/gst';
import { openDatabase } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed';
import { generateProducts } from '../../server/db/seed-generate';
import { createTestApp, DEMO, login, type TestContext } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
const TAMIL = /[\u0B80-\u0BFF]/;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const db = () => ctx.handle.db;
const count = async (table: 'products' | 'orders' | 'users') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo seed', () => {
  it('has the demo accounts, all signing in with the demo password', async () => {
    const users = await db().selectFrom('users').select(['phone', 'role', 'name', 'shop_name', 'vendor_active', 'upi_id']).execute();
    const byPhone = new Map(users.map((u) => [u.phone, u]));
    expect(byPhone.get(DEMO.admin)).toMatchObject({ role: 'admin', name: 'Admin Kumar' });
    expect(byPhone.get(DEMO.vendor)).toMatchObject({ role: 'vendor', name: 'Murugan Stores', shop_name: 'Murugan Stores' });
    expect(byPhone.get(DEMO.customer)).toMatchObject({ role: 'user', name: 'Lakshmi Priya' });
    expect(byPhone.get(DEMO.delivery)).toMatchObject({ role: 'delivery', name: 'Selvam Delivery' });
    expect(byPhone.get(DEMO.vendor2)).toMatchObject({ role: 'vendor', name: 'Meenakshi Traders', shop_name: 'Meenakshi Traders' });
    expect(byPhone.get('9876500006')).toMatchObject({ role: 'vendor', vendor_active: true });
    expect(users.filter((u) => u.role === 'admin')).toHaveLength(1);
    // every demo shop has a UPI ID, so its first UPI sale at the counter shows the QR code
    for (const v of users.filter((u) => u.role === 'vendor')) expect(v.upi_id, v.phone).toMatch(/^[\w.-]+@[a-z]+$/);
    expect(byPhone.get(DEMO.vendor)?.upi_id).toBe('murugan.stores@okaxis');
    for (const u of users) expect(await login(ctx.app, u.phone), u.phone).toBeTruthy();
  });

  it('has at least 8 areas, including the Chennai and Madurai localities', async () => {
    const areas = (await db().selectFrom('areas').select('name').execute()).map((a) => a.name);
    expect(areas.length).toBeGreaterThanOrEqual(8);
    const chennai = ['Mylapore', 'T. Nagar', 'Adyar', 'Velachery', 'Anna Nagar', 'Tambaram'];
    const madurai = ['Madurai - Anna Nagar', 'Madurai - K. K. Nagar'];
    expect(areas).toEqual(expect.arrayContaining([...chennai, ...madurai]));
  });

  it('gives every account addresses in known areas', async () => {
    const areas = new Set((await db().selectFrom('areas').select('name').execute()).map((a) => a.name));
    const users = await db().selectFrom('users').select(['phone', 'addresses']).execute();
    for (const u of users) {
      expect(u.addresses.length, u.phone).toBeGreaterThan(0);
      for (const a of u.addresses) {
        expect(areas.has(a.area), `${u.phone} ${a.area}`).toBe(true);
        expect(a.pincode).toMatch(/^\d{6}$/);
        expect(a.address && a.city).toBeTruthy();
      }
    }
  });

  it('has each demo shop deliver within its own city, and every order ship to an area its shop delivers to', async () => {
    const vendors = await db().selectFrom('users').select(['id', 'phone', 'addresses']).where('role', '=', 'vendor').execute();
    const served = await db().selectFrom('vendor_areas').select(['vendor_id', 'area']).execute();
    const madurai = (area: string) => area.startsWith('Madurai');
    for (const v of vendors) {
      const mine = served.filter((s) => s.vendor_id === v.id).map((s) => s.area);
      expect(mine.length, v.phone).toBeGreaterThan(0);
      const home = v.addresses[0].area;
      expect(
        mine.every((a) => madurai(a) === madurai(home)),
        `${v.phone} in ${home} delivers to ${mine.join(', ')}`,
      ).toBe(true);
    }
    const stray = await db()
      .selectFrom('orders as o')
      .select(['o.id', 'o.area'])
      .where('o.is_shop', '=', false)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('vendor_areas as va')
              .select('va.area')
              .whereRef('va.vendor_id', '=', 'o.vendor_id')
              .whereRef('va.area', '=', 'o.area'),
          ),
        ),
      )
      .execute();
    expect(stray).toEqual([]);
  });
  it('has at least 6 categories, each with 3 to 5 subcategories in order', async () => {
    const cats = await db().selectFrom('categories').select(['id', 'name']).execute();
    expect(cats.length).toBeGreaterThanOrEqual(6);
    const subs = await db().selectFrom('subcategories').select(['category_id', 'name', 'position']).orderBy('position').execute();
    for (const c of cats) {
      const mine = subs.filter((s) => s.category_id === c.id);
      expect(mine.length, c.name).toBeGreaterThanOrEqual(3);
      expect(mine.length, c.name).toBeLessThanOrEqual(5);
      expect(mine.map((s) => s.position)).toEqual(mine.map((_, i) => i));
    }
    // subcategory names are unique across categories (the listing route takes a subcategory name)
    expect(new Set(subs.map((s) => s.name.toLowerCase())).size).toBe(subs.length);
  });

  it('has GST records at 0, 5, 12, 18 and 28% with HSN codes and CGST = SGST = rate / 2, IGST = rate', async () => {
    const gsts = await db().selectFrom('gsts').selectAll().execute();
    expect(new Set(gsts.map((g) => Number(g.rate)))).toEqual(new Set([0, 5, 12, 18, 28]));
    for (const g of gsts) {
      expect(g.hsn_code, g.name).toMatch(/^\d{4,8}$/);
      expect(Number(g.cgst)).toBe(Number(g.rate) / 2);
      expect(Number(g.sgst)).toBe(Number(g.rate) / 2);
      expect(Number(g.igst)).toBe(Number(g.rate));
      expect(g.is_active).toBe(true);
      expect(g.name).toContain(`${Number(g.rate)}%`);
    }
    expect(gsts.find((g) => g.name === 'GST 5% - Rice (branded)')?.hsn_code).toBe('1006');
    expect(gsts.find((g) => g.name === 'GST 28% - Aerated drinks')?.hsn_code).toBe('2202');
  });

  it('has at least 60 complete products over at least 3 vendors', async () => {
    const products = await db().selectFrom('products').selectAll().execute();
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(new Set(products.map((p) => p.vendor_id)).size).toBeGreaterThanOrEqual(3);
    const subs = new Map(
      (await db().selectFrom('subcategories').select(['id', 'category_id']).execute()).map((s) => [s.id, s.category_id]),
    );
    const gstIds = new Set((await db().selectFrom('gsts').select('id').execute()).map((g) => g.id));
    for (const p of products) {
      expect(p.name.trim(), p.id).not.toBe('');
      expect(p.tamil, p.name).toMatch(TAMIL);
      expect(p.description.length, p.name).toBeGreaterThan(10);
      expect(p.price_paise, p.name).toBeGreaterThanOrEqual(p.shop_price_paise);
      expect(p.shop_price_paise, p.name).toBeGreaterThan(0);
      expect(p.discount_paise, p.name).toBeLessThan(p.shop_price_paise);
      expect(Number(p.count_in_stock)).toBeGreaterThanOrEqual(0);
      expect(subs.get(p.subcategory_id), p.name).toBe(p.category_id);
      expect(p.gst_id && gstIds.has(p.gst_id), p.name).toBe(true);
      expect(p.images.length, p.name).toBeGreaterThan(0);
      for (const img of p.images) expect(img, p.name).toMatch(/^\/api\/uploads\/[0-9a-f]{64}\.png$/);
    }
    // every product has a picture of its own (the same goods of two shops look alike), drawn at seed time and stored as an upload
    const kinds = new Set(products.map((p) => `${p.name}|${p.subcategory_id}`)).size;
    expect(new Set(products.map((p) => p.images[0])).size).toBeGreaterThanOrEqual(Math.ceil(kinds * 0.95));
    const uploads = await db().selectFrom('uploads').select(['sha256', 'bytes', 'uploader_id', 'used_at']).execute();
    const byHash = new Map(uploads.map((u) => [u.sha256, u]));
    for (const p of products) {
      const u = byHash.get(p.images[0].slice('/api/uploads/'.length, -'.png'.length));
      expect(u, p.name).toBeDefined();
      expect(Buffer.from(u!.bytes).subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(products.filter((q) => q.images[0] === p.images[0]).map((q) => q.vendor_id)).toContain(u!.uploader_id);
      expect(u!.used_at).toBeTruthy();
    }
    const picture = await ctx.app.inject({ method: 'GET', url: products[0].images[0] });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    // a subcategory long enough for Load More and paging, with loose vegetables sold by the kg, some sold out, some low
    const bySub = new Map<string, typeof products>();
    for (const p of products) bySub.set(p.subcategory_id, [...(bySub.get(p.subcategory_id) ?? []), p]);
    const long = [...bySub.values()].find((list) => list.length >= 25);
    expect(long, 'a subcategory with 25 or more products').toBeDefined();
    expect(long!.filter((p) => p.unit === 'kg').length).toBeGreaterThanOrEqual(20);
    expect(long!.filter((p) => Number(p.count_in_stock) === 0).length).toBeGreaterThanOrEqual(2);
    expect(long!.filter((p) => Number(p.count_in_stock) > 0 && Number(p.count_in_stock) <= p.reorder_level).length).toBeGreaterThanOrEqual(
      2,
    );
    // some on sale, some low on stock, one sold out (for the Low Stock view)
    expect(products.filter((p) => p.discount_paise > 0).length).toBeGreaterThanOrEqual(5);
    expect(products.filter((p) => Number(p.count_in_stock) <= p.reorder_level).length).toBeGreaterThanOrEqual(3);
    expect(products.some((p) => Number(p.count_in_stock) === 0)).toBe(true);
    // loose goods by weight and volume: rice, dal and oil, priced per kg or litre, stock with decimals
    const loose = products.filter((p) => p.unit !== 'pcs');
    expect(new Set(loose.map((p) => p.unit))).toEqual(new Set(['kg', 'l']));
    expect(loose.map((p) => p.name)).toEqual(expect.arrayContaining(['Ponni Rice (loose)', 'Toor Dal (loose)', 'Groundnut Oil (loose)']));
    expect(loose.some((p) => !Number.isInteger(Number(p.count_in_stock)))).toBe(true);
    // the well-known ones
    const names = new Map(products.map((p) => [p.name, p.tamil]));
    expect(names.get('Ponni Rice 5kg')).toContain('பொன்னி அரிசி');
    expect(names.get('Mysore Pak 250g')).toContain('மைசூர் பாக்');
  });

  it('has pending orders in several areas and a few delivered ones, with consistent GST snapshots', async () => {
    const orders = await db().selectFrom('orders').selectAll().orderBy('order_number').execute();
    expect(orders.length).toBeGreaterThanOrEqual(8);
    const pending = orders.filter((o) => o.status === 'Pending');
    expect(new Set(pending.map((o) => o.area)).size).toBeGreaterThanOrEqual(4);
    expect(orders.filter((o) => o.status === 'Delivered').length).toBeGreaterThanOrEqual(2);
    expect(new Set(orders.filter((o) => !o.is_shop).map((o) => o.customer_id)).size).toBeGreaterThanOrEqual(3);
    // a few walk-in sales, paid in cash, by UPI and by card (the day's close has something to show), and
    // the regulars' sales on credit, each to a shop customer with the buyer on its bill
    expect(new Set(orders.filter((o) => o.is_shop).map((o) => o.payment_method))).toEqual(new Set(['cash', 'upi', 'card', 'credit']));
    const credit = orders.filter((o) => o.payment_method === 'credit');
    expect(credit.every((o) => o.shop_customer_id && o.buyer?.name && o.status === 'Delivered')).toBe(true);
    // Selvi's payment covers her opening balance and her oldest sale, so that one is Paid
    expect(credit.filter((o) => o.payment_status === 'Paid')).toHaveLength(1);

    const products = new Map((await db().selectFrom('products').selectAll().execute()).map((p) => [p.id, p]));
    const gsts = new Map((await db().selectFrom('gsts').selectAll().execute()).map((g) => [g.id, g]));
    const lines = await db().selectFrom('order_lines').selectAll().execute();
    // orders from the last ten days; the regulars' credit sales go back six weeks (Dues shows them by age)
    const tenDaysAgo = Date.now() - 10 * 86_400_000 - 60_000;
    const sixWeeksAgo = Date.now() - 42 * 86_400_000;
    // invoices as the server gives them: delivered orders and counter sales numbered, pending ones not yet
    const invoices = await db().selectFrom('invoices').selectAll().orderBy('issued_at').execute();
    expect(invoices).toHaveLength(orders.filter((o) => o.status === 'Delivered').length);
    let previous = 0;
    for (const o of orders) {
      let deliveryShares = 0;
      const created = new Date(o.created_at).getTime();
      expect(created).toBeGreaterThan(o.payment_method === 'credit' ? sixWeeksAgo : tenDaysAgo);
      expect(created).toBeLessThanOrEqual(Date.now());
      expect(created).toBeGreaterThanOrEqual(previous); // order numbers follow the dates
      previous = created;
      expect(o.area).toBe(o.shipping_address.area);
      if (o.status === 'Delivered') expect(o.delivered_at).toBeTruthy();
      else expect(o.delivered_at).toBeNull();

      const mine = lines.filter((l) => l.order_id === o.id);
      expect(mine.length).toBeGreaterThan(0);
      let items = 0;
      let discount = 0;
      for (const l of mine) {
        const p = products.get(l.product_id!)!;
        const g = gsts.get(p.gst_id!)!;
        expect(p.vendor_id).toBe(o.vendor_id);
        expect(l.name).toBe(p.name);
        expect(l.unit_price_paise).toBe(p.shop_price_paise);
        expect(l.unit_discount_paise).toBe(p.discount_paise);
        expect(l.unit).toBe(p.unit);
        expect(l.line_total_paise).toBe(lineTotalPaise(l.unit_price_paise, l.unit_discount_paise, Number(l.quantity)));
        expect(Number(l.gst_rate)).toBe(Number(g.rate));
        expect(l.hsn_code).toBe(g.hsn_code);
        // GST on what the line was charged: its total less its share of the delivery discount
        const tax = lineTax(l.line_total_paise - l.delivery_discount_paise, Number(l.gst_rate));
        expect({ taxablePaise: l.taxable_paise, cgstPaise: l.cgst_paise, sgstPaise: l.sgst_paise, igstPaise: l.igst_paise }).toEqual(tax);
        items += l.line_total_paise;
        discount += lineDiscountPaise(l.unit_price_paise, l.unit_discount_paise, Number(l.quantity));
        deliveryShares += l.delivery_discount_paise;
      }
      expect(o.items_paise).toBe(items);
      expect(o.discount_paise).toBe(discount);
      expect(deliveryShares).toBe(o.delivery_discount_paise);
      if (o.is_shop) {
        expect(o.delivery_discount_paise).toBe(0);
      } else {
        // the slab's discount plus the round-off that makes the total a whole rupee
        expect((o.items_paise - o.delivery_discount_paise) % 100).toBe(0);
        expect(o.delivery_discount_paise - deliveryDiscountPaise(items)).toBeGreaterThanOrEqual(0);
        expect(o.delivery_discount_paise - deliveryDiscountPaise(items)).toBeLessThan(100);
      }
      // a delivered order or counter sale has its invoice, dated at its delivery (a counter sale: its sale)
      const inv = invoices.find((i) => i.order_id === o.id);
      if (o.status === 'Delivered') {
        expect(inv?.number).toMatch(/^(MS|MT|KO)\/\d{2}\/\d{6}$/);
        expect(new Date(inv!.issued_at).getTime()).toBe(new Date(o.delivered_at!).getTime());
        expect(inv!.status).toBe('issued');
      } else {
        expect(o.payment_status).toBe('Pending');
        expect(inv).toBeUndefined();
      }
    }
    // each vendor's numbers run 1, 2, 3 ... in the order of their dates
    const lastSeq = new Map<string, number>();
    for (const inv of invoices) {
      const seq = (lastSeq.get(inv.series) ?? 0) + 1;
      expect(inv.seq, inv.number).toBe(seq);
      lastSeq.set(inv.series, seq);
    }
    expect(new Set(invoices.map((i) => i.vendor_id)).size).toBeGreaterThanOrEqual(3);
    const counters = await db().selectFrom('invoice_counters').selectAll().execute();
    for (const c of counters) expect(c.last_seq).toBe(invoices.filter((i) => i.vendor_id === c.vendor_id && i.fy === c.fy).length);
    // the demo vendor has more than one page (10) of orders in Vendor Orders
    const vendor = await db().selectFrom('users').select('id').where('phone', '=', DEMO.vendor).executeTakeFirstOrThrow();
    expect(orders.filter((o) => o.vendor_id === vendor.id).length).toBeGreaterThan(10);
    // the demo customer has orders of their own
    const customer = await db().selectFrom('users').select('id').where('phone', '=', DEMO.customer).executeTakeFirstOrThrow();
    expect(orders.filter((o) => o.customer_id === customer.id).length).toBeGreaterThanOrEqual(2);
  });

  it('has 3 or 4 announcements posted at different times', async () => {
    const rows = await db().selectFrom('announcements').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(4);
    expect(new Set(rows.map((r) => new Date(r.created_at).getTime())).size).toBe(rows.length);
    for (const r of rows) expect(r.information.length).toBeGreaterThan(10);
  });

  it('is not seeded twice', async () => {
    const before = await count('users');
    expect(await seedIfEmpty(db())).toBe(false);
    expect(await count('users')).toBe(before);
  });
});

describe('generated products', () => {
  it('adds N products spread over the subcategories, vendors and GST records', async () => {
    const before = await count('products');
    expect(await generateProducts(db(), 1_234, { seed: 42, batchSize: 1_000 })).toBe(1_234);
    expect(await count('products')).toBe(before + 1_234);

    const made = await db().selectFrom('products').selectAll().where('description', 'like', '% by %. Packed in Tamil Nadu%').execute();
    expect(made.length).toBe(1_234);
    const subs = await db().selectFrom('subcategories').select(['id', 'category_id']).execute();
    expect(new Set(made.map((p) => p.subcategory_id)).size).toBe(subs.length);
    expect(new Set(made.map((p) => p.vendor_id)).size).toBeGreaterThanOrEqual(3);
    const catOf = new Map(subs.map((s) => [s.id, s.category_id]));
    for (const p of made) {
      expect(p.name).toMatch(/^\S+ .+ \S+/);
      expect(p.tamil).toMatch(TAMIL);
      expect(p.price_paise).toBeGreaterThanOrEqual(p.shop_price_paise);
      expect(p.discount_paise).toBeLessThan(p.shop_price_paise);
      expect(p.price_paise % 100).toBe(0);
      expect(catOf.get(p.subcategory_id)).toBe(p.category_id);
      expect(p.gst_id).toBeTruthy();
      expect(fs.existsSync(path.join(root, 'public', p.images[0]))).toBe(true);
    }
    // a subcategory's products take the GST record its demo products use
    const drinks = await db().selectFrom('subcategories').select('id').where('name', '=', 'Soft Drinks').executeTakeFirstOrThrow();
    const drinksGst = await db().selectFrom('gsts').select('id').where('name', '=', 'GST 28% - Aerated drinks').executeTakeFirstOrThrow();
    const madeDrinks = made.filter((p) => p.subcategory_id === drinks.id);
    expect(madeDrinks.length).toBeGreaterThan(0);
    expect(madeDrinks.every((p) => p.gst_id === drinksGst.id)).toBe(true);
    expect(made.some((p) => Number(p.count_in_stock) <= p.reorder_level)).toBe(true);
  });

  it('rebuilds the search indexes around a big load, exactly as they were', async () => {
    const indexes = () =>
      sql<{
        indexname: string;
        indexdef: string;
      }>`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'products' ORDER BY indexname`
        .execute(db())
        .then((r) => r.rows);
    const before = await indexes();
    expect(before.map((i) => i.indexname)).toContain('products_search_trgm');
    expect(await generateProducts(db(), 300, { seed: 7, rebuildIndexesFrom: 100, batchSize: 128 })).toBe(300);
    expect(await indexes()).toEqual(before);
    // and search through the trigram index still finds generated Tamil names
    const hit = await db()
      .selectFrom('products')
      .select('id')
      .where(sql<boolean>`lower(name || ' ' || tamil || ' ' || description) LIKE ${'%அரிசி%'}`)
      .limit(1)
      .execute();
    expect(hit).toHaveLength(1);
  });

  it('leaves after a bulk load what row-by-row inserts leave: rows, search fields, vocabulary, stock ledger, catalogue version', async () => {
    // two copies of the run's seeded template (the same demo rows, ids included), the same catalogue in each:
    // inserted row by row with every trigger, and as a bulk load in several batches
    const rowByRow = await createTestApp();
    const bulk = await createTestApp();
    try {
      const state = async (d: typeof rowByRow.handle.db) => {
        const q = async <T>(query: RawBuilder<T>) => (await query.execute(d)).rows;
        return {
          // in the order they were inserted (their opening movements' order), without what differs by design (ids, clock, the writing transaction)
          products: await q(sql`
            SELECT to_jsonb(p) - 'id' - 'created_at' - 'updated_at' - 'search_xid' AS row, p.updated_at = p.created_at AS same_times
            FROM products p JOIN stock_movements m ON m.product_id = p.id AND m.kind = 'opening' ORDER BY m.id`),
          ledger: await q(sql<{ in_order: boolean | null }>`
            SELECT m.id, p.name, p.price_paise, m.kind, m.quantity, m.balance, m.ref, m.reason, m.note, m.by_user,
              m.at >= lag(m.at) OVER (ORDER BY m.id) AS in_order
            FROM stock_movements m JOIN products p ON p.id = m.product_id ORDER BY m.id`),
          vocabulary: await q(sql<{ by_load: boolean }>`
            SELECT kind, word, products, changed_xid = (SELECT max(changed_xid::text::bigint) FROM search_vocabulary)::text::xid8 AS by_load
            FROM search_vocabulary ORDER BY kind, word`),
          version: await q(sql`SELECT version FROM catalog_version`),
          unlisted: await q(sql`SELECT user_id FROM unlisted_sellers ORDER BY user_id`),
          triggers: await q(
            sql<{
              tgname: string;
              tgenabled: string;
            }>`SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'products'::regclass ORDER BY tgname`,
          ),
          indexes: await q(
            sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('products', 'stock_movements') ORDER BY indexname`,
          ),
        };
      };
      expect(await state(bulk.handle.db)).toEqual(await state(rowByRow.handle.db));
      expect(await generateProducts(rowByRow.handle.db, 300, { seed: 11, rebuildIndexesFrom: Infinity, batchSize: 128 })).toBe(300);
      expect(await generateProducts(bulk.handle.db, 300, { seed: 11, rebuildIndexesFrom: 100, batchSize: 128 })).toBe(300);
      const after = await state(rowByRow.handle.db);
      expect(after.products.length).toBeGreaterThanOrEqual(300);
      expect(after.ledger.slice(1).every((m) => m.in_order)).toBe(true);
      expect(after.vocabulary.filter((v) => v.by_load).length).toBeGreaterThan(50);
      expect(after.triggers.every((t) => t.tgenabled === 'O')).toBe(true);
      expect(await state(bulk.handle.db)).toEqual(after);
    } finally {
      await rowByRow.close();
      await bulk.close();
    }
  });

  it('makes the same catalogue for the same seed on another database, whose demo rows have other ids', async () => {
    const copy = await createTestApp();
    const other = await openDatabase({});
    try {
      await migrateToLatest(other.db);
      expect(await seedIfEmpty(other.db)).toBe(true);
      const catalogue = async (d: typeof other.db) => {
        expect(await generateProducts(d, 400, { seed: 5 })).toBe(400);
        const { rows } = await sql<{ row: string }>`
          SELECT concat_ws('|', p.name, p.tamil, p.description, p.price_paise, p.shop_price_paise, p.discount_paise, p.count_in_stock,
            p.reorder_level, c.name, s.name, u.phone, g.name, p.images::text) AS row
          FROM products p JOIN stock_movements m ON m.product_id = p.id AND m.kind = 'opening'
          JOIN categories c ON c.id = p.category_id JOIN subcategories s ON s.id = p.subcategory_id
          JOIN users u ON u.id = p.vendor_id LEFT JOIN gsts g ON g.id = p.gst_id
          WHERE p.description LIKE '% by %. Packed in Tamil Nadu%' ORDER BY m.id`.execute(d);
        return rows.map((r) => r.row);
      };
      const ids = async (d: typeof other.db) => (await d.selectFrom('categories').select('id').orderBy('name').execute()).map((c) => c.id);
      expect(await ids(other.db)).not.toEqual(await ids(copy.handle.db));
      const mine = await catalogue(copy.handle.db);
      expect(mine).toHaveLength(400);
      expect(await catalogue(other.db)).toEqual(mine);
    } finally {
      await copy.close();
      await other.close();
    }
  });

  it('adds nothing for 0 and explains what is missing on an empty database', async () => {
    expect(await generateProducts(db(), 0)).toBe(0);
    const empty = await openDatabase({});
    try {
      await migrateToLatest(empty.db);
      await expect(generateProducts(empty.db, 10)).rejects.toThrow(/seed the demo data first/);
    } finally {
      await empty.close();
    }
  });
});

describe('npm run db:seed and db:migrate', () => {
  const run = promisify(execFile);
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-cli-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('migrates, seeds an empty database once, and adds generated products', async () => {
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '' };
    const migrated = await run(tsx, ['server/db/migrate-cli.ts'], { cwd: root, env });
    expect(migrated.stdout).toMatch(/Migrated .*pglite/);
    const first = await run(tsx, ['server/db/seed-cli.ts', '--products', '150', '--seed', '3'], { cwd: root, env });
    expect(first.stdout).toMatch(/Seeded the demo data/);
    expect(first.stdout).toMatch(/Added 150 generated products/);
    const second = await run(tsx, ['server/db/seed-cli.ts'], { cwd: root, env });
    expect(second.stdout).toMatch(/already has data/);
    await expect(run(tsx, ['server/db/seed-cli.ts', '--products', 'many'], { cwd: root, env })).rejects.toMatchObject({ code: 2 });

    const h = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    try {
      const demo = (
        await h.db.selectFrom('products').select('id').where('description', 'not like', '% by %. Packed in Tamil Nadu%').execute()
      ).length;
      const all = Number(
        (
          await h.db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(all).toBe(demo + 150);
      expect((await h.db.selectFrom('users').select('id').where('phone', '=', DEMO.admin).execute()).length).toBe(1);
    } finally {
      await h.close();
    }
  }, 240_000);
});
