import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineTax } from '../../core/gst';
import { idSchema } from '../../core/schemas/common';
import { splitByVendor } from '../../core/order-rules';
import type { Db } from '../../server/db';
import { seedYear, type YearReport } from '../../server/db/seed-year';
import { YEAR_SHOPS } from '../../server/db/seed-year-accounts';
import { createTestApp, login, tokenRequests, type TestContext } from './helpers';

// a week across the financial year's end (31 March), so invoice and credit note series start again on 1 April
const OPTS = { seed: 7, days: 7, scale: 0.01, end: '2026-04-03' } as const;
const DAY = '2026-04-01';

let a: TestContext;
let b: TestContext;
let report: YearReport;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp();
  report = await seedYear(a.handle.db, OPTS);
  await seedYear(b.handle.db, OPTS);
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const { call } = tokenRequests(() => a.app);
const rows = async <T>(db: Db, q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows;
const yearShop = sql`(SELECT id FROM users WHERE phone IN (${sql.join(YEAR_SHOPS.map((s) => s.phone))}))`;

/** What the year wrote, down to every row's figures: equal on two databases when the data is the same. */
const fingerprint = async (db: Db) =>
  rows(
    db,
    sql<Record<string, string>>`
      SELECT
        (SELECT md5(string_agg(o.id::text || o.status || o.payment_status || coalesce(o.payment_method, '') || o.items_paise || ':' || o.discount_paise
          || ':' || o.delivery_discount_paise || o.created_at::text || coalesce(o.voided_at::text, ''), ',' ORDER BY o.id))
          FROM orders o WHERE o.vendor_id IN ${yearShop}) AS orders,
        (SELECT md5(string_agg(l.id::text || l.product_id::text || l.quantity || ':' || l.line_total_paise || ':' || l.delivery_discount_paise || ':'
          || l.taxable_paise || ':' || l.cgst_paise, ',' ORDER BY l.id))
          FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.vendor_id IN ${yearShop}) AS lines,
        (SELECT md5(string_agg(i.number || i.order_id::text || i.status, ',' ORDER BY i.number)) FROM invoices i WHERE i.vendor_id IN ${yearShop}) AS invoices,
        (SELECT md5(string_agg(m.product_id::text || m.kind || m.quantity || ':' || m.balance || m.at::text, ',' ORDER BY m.product_id, m.id))
          FROM stock_movements m JOIN products p ON p.id = m.product_id WHERE p.vendor_id IN ${yearShop}) AS ledger,
        (SELECT count(*) || ':' || coalesce(sum(amount_paise), 0) FROM credit_notes WHERE vendor_id IN ${yearShop}) AS returns,
        (SELECT count(*) || ':' || coalesce(sum(amount_paise), 0) FROM customer_payments WHERE vendor_id IN ${yearShop}) AS khata,
        (SELECT count(*) || ':' || coalesce(sum(total_paise), 0) FROM purchases WHERE vendor_id IN ${yearShop}) AS purchases`,
  );

describe('a year of data (seedYear), at a tiny scale', () => {
  it('makes the same data from the same seed, and reports rows, steps and size', async () => {
    expect(await fingerprint(b.handle.db)).toEqual(await fingerprint(a.handle.db));
    expect(report.from).toBe('2026-03-28');
    expect(report.rows.orders).toBeGreaterThan(3 * 7 * 4 - 1);
    expect(report.rows.stock_movements).toBeGreaterThan(report.rows.order_lines);
    expect(report.steps.map((s) => s.step)).toEqual(expect.arrayContaining(['orders', 'ledger']));
    const [shop] = await rows(a.handle.db, sql<{ n: string }>`SELECT count(*) AS n FROM products WHERE vendor_id IN ${yearShop}`);
    expect(Number(shop.n)).toBe(3 * 200);
    // every id is one the app takes (zod uuid: a version and the RFC variant)
    const ids = await rows(
      a.handle.db,
      sql<{ id: string }>`
        SELECT id::text AS id FROM orders WHERE vendor_id IN ${yearShop}
        UNION ALL SELECT l.id::text FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.vendor_id IN ${yearShop}
        UNION ALL SELECT id::text FROM products WHERE vendor_id IN ${yearShop}
        UNION ALL SELECT id::text FROM shop_customers WHERE vendor_id IN ${yearShop}
        UNION ALL SELECT customer_id::text FROM orders WHERE vendor_id IN ${yearShop} AND customer_id IS NOT NULL
        UNION ALL SELECT id::text FROM purchases WHERE vendor_id IN ${yearShop}
        UNION ALL SELECT id::text FROM ${yearShop} AS v`,
    );
    expect(ids.filter((r) => !idSchema.safeParse(r.id).success)).toEqual([]);
    // every line carries its order's shop and time, as the lines' trigger (off for the load) writes them
    const [copies] = await rows(
      a.handle.db,
      sql<{ lines: string; wrong: string }>`
        SELECT count(*) AS lines,
          count(*) FILTER (WHERE l.order_vendor_id IS DISTINCT FROM o.vendor_id OR l.order_created_at IS DISTINCT FROM o.created_at) AS wrong
        FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.vendor_id IN ${yearShop}`,
    );
    expect([Number(copies.lines) > 0, Number(copies.wrong)]).toEqual([true, 0]);
    // the shops sign in with the demo password
    for (const s of YEAR_SHOPS) expect(await login(a.app, s.phone)).toBeTruthy();
  });

  it('keeps every product at its ledger last balance, each balance the running sum of its movements', async () => {
    const bad = await rows(
      a.handle.db,
      sql<{ n: string }>`
        SELECT count(*) AS n FROM products p WHERE p.vendor_id IN ${yearShop}
          AND p.count_in_stock IS DISTINCT FROM (SELECT m.balance FROM stock_movements m WHERE m.product_id = p.id ORDER BY m.id DESC LIMIT 1)`,
    );
    expect(Number(bad[0].n)).toBe(0);
    const drift = await rows(
      a.handle.db,
      sql<{ n: string }>`
        SELECT count(*) AS n FROM (
          SELECT m.balance, sum(m.quantity) OVER (PARTITION BY m.product_id ORDER BY m.id) AS running, m.at,
            lag(m.at) OVER (PARTITION BY m.product_id ORDER BY m.id) AS before
          FROM stock_movements m JOIN products p ON p.id = m.product_id WHERE p.vendor_id IN ${yearShop}) x
        WHERE x.balance <> x.running OR x.at < x.before`,
    );
    expect(Number(drift[0].n)).toBe(0);
    const kinds = await rows(
      a.handle.db,
      sql<{
        kind: string;
      }>`SELECT DISTINCT m.kind FROM stock_movements m JOIN products p ON p.id = m.product_id WHERE p.vendor_id IN ${yearShop}`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['opening', 'purchase', 'sale', 'order']));
  });

  it('prices, discounts and taxes every order as checkout and the counter do', async () => {
    const lines = await rows(
      a.handle.db,
      sql<Record<string, string>>`
        SELECT o.id AS order_id, o.is_shop, o.items_paise, o.discount_paise, o.delivery_discount_paise, l.product_id, l.quantity,
          l.unit_price_paise, l.unit_discount_paise, l.line_total_paise, l.delivery_discount_paise AS line_dd, l.gst_rate,
          l.taxable_paise, l.cgst_paise, l.sgst_paise
        FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.vendor_id IN ${yearShop} ORDER BY o.id, l.position`,
    );
    const byOrder = new Map<string, typeof lines>();
    for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
    expect(byOrder.size).toBeGreaterThan(50);
    for (const [id, ls] of byOrder) {
      const priced = ls.map((l) => ({
        productId: l.product_id,
        vendorId: 'v',
        quantity: Number(l.quantity),
        unitPricePaise: Number(l.unit_price_paise),
        unitDiscountPaise: Number(l.unit_discount_paise),
      }));
      const [plan] = splitByVendor(priced, !ls[0].is_shop);
      expect({
        id,
        items: Number(ls[0].items_paise),
        discount: Number(ls[0].discount_paise),
        dd: Number(ls[0].delivery_discount_paise),
      }).toEqual({
        id,
        items: plan.itemsPaise,
        discount: plan.discountPaise,
        dd: plan.deliveryDiscountPaise,
      });
      ls.forEach((l, i) => {
        expect([Number(l.line_total_paise), Number(l.line_dd)]).toEqual([plan.lineTotalsPaise[i], plan.lineDeliveryDiscountsPaise[i]]);
        const tax = lineTax(Number(l.line_total_paise) - Number(l.line_dd), Number(l.gst_rate));
        expect([Number(l.taxable_paise), Number(l.cgst_paise), Number(l.sgst_paise)]).toEqual([
          tax.taxablePaise,
          tax.cgstPaise,
          tax.sgstPaise,
        ]);
      });
    }
  });

  it('numbers invoices and credit notes from 1 in each shop series per financial year, with the counters at the last', async () => {
    const series = await rows(
      a.handle.db,
      sql<{ vendor_id: string; fy: string; n: string; last: number; counter: number }>`
        SELECT i.vendor_id, i.fy, count(*) AS n, max(i.seq) AS last, c.last_seq AS counter
        FROM invoices i JOIN invoice_counters c ON c.vendor_id = i.vendor_id AND c.fy = i.fy
        WHERE i.vendor_id IN ${yearShop} GROUP BY i.vendor_id, i.fy, c.last_seq`,
    );
    expect(series.map((s) => s.fy).sort()).toEqual(['2025-26', '2025-26', '2025-26', '2026-27', '2026-27', '2026-27']);
    for (const s of series) expect([Number(s.n), Number(s.last)]).toEqual([Number(s.counter), Number(s.counter)]);
    const mismatched = await rows(
      a.handle.db,
      sql<{ n: string }>`
        SELECT count(*) AS n FROM orders o LEFT JOIN invoices i ON i.order_id = o.id
        WHERE o.vendor_id IN ${yearShop} AND ((o.status = 'Delivered') <> (i.order_id IS NOT NULL) OR (o.voided_at IS NOT NULL) <> (i.status = 'cancelled'))`,
    );
    expect(Number(mismatched[0].n)).toBe(0);
    // a return refunds its line's charged amount and puts its quantity back in stock under the note's number
    const [notes] = await rows(
      a.handle.db,
      sql<{ notes: string; wrong: string; moves: string }>`
        SELECT count(*) AS notes,
          count(*) FILTER (WHERE c.amount_paise <> l.line_total_paise - l.delivery_discount_paise OR cl.quantity <> l.quantity
            OR c.created_at <= o.created_at OR o.status <> 'Delivered' OR o.voided_at IS NOT NULL) AS wrong,
          (SELECT count(*) FROM stock_movements m WHERE m.kind = 'return' AND m.ref IN (SELECT number FROM credit_notes)) AS moves
        FROM credit_notes c JOIN credit_note_lines cl ON cl.credit_note_id = c.id JOIN order_lines l ON l.id = cl.order_line_id
        JOIN orders o ON o.id = c.order_id WHERE c.vendor_id IN ${yearShop}`,
    );
    expect([Number(notes.wrong), Number(notes.moves)]).toEqual([0, Number(notes.notes)]);
  });

  it('answers GSTR-1, the day summary and a product ledger consistently with the generated rows', async () => {
    const shop = YEAR_SHOPS[0];
    const token = await login(a.app, shop.phone);
    const [taxes] = await rows(
      a.handle.db,
      sql<{ taxable: string; cgst: string; invoices: string; counter: string; delivery: string }>`
        SELECT coalesce(sum(l.taxable_paise), 0) AS taxable, coalesce(sum(l.cgst_paise), 0) AS cgst, count(DISTINCT o.id) AS invoices,
          count(DISTINCT o.id) FILTER (WHERE o.is_shop) AS counter, count(DISTINCT o.id) FILTER (WHERE NOT o.is_shop) AS delivery
        FROM invoices i JOIN orders o ON o.id = i.order_id JOIN order_lines l ON l.order_id = o.id
        JOIN users u ON u.id = o.vendor_id
        WHERE u.phone = ${shop.phone} AND i.status = 'issued' AND (i.issued_at AT TIME ZONE 'UTC' + interval '330 minutes')::date = ${DAY}::date`,
    );
    expect(Number(taxes.invoices)).toBeGreaterThan(0);
    const gstr1 = await call('GET', `/api/Orders/gstr1/report?startDate=${DAY}&endDate=${DAY}`, token);
    expect(gstr1.statusCode, gstr1.body).toBe(200);
    const totals = gstr1.json().totals as { taxable: number; cgst: number; sgst: number; invoices: number };
    expect(totals.invoices).toBe(Number(taxes.invoices));
    expect(Math.round(totals.cgst * 100)).toBe(Number(taxes.cgst));
    expect(Math.round(totals.taxable * 100)).toBe(Number(taxes.taxable));

    const summary = await call('GET', `/api/reports/vendor/summary?from=${DAY}&to=${DAY}`, token);
    expect(summary.statusCode, summary.body).toBe(200);
    const s = summary.json().totals as { counter: { count: number }; delivery: { count: number } };
    expect(s.counter.count).toBe(Number(taxes.counter));

    const [busiest] = await rows(
      a.handle.db,
      sql<{ id: string; stock: string; n: string }>`
        SELECT p.id, p.count_in_stock AS stock, count(*) AS n FROM products p JOIN stock_movements m ON m.product_id = p.id
        JOIN users u ON u.id = p.vendor_id WHERE u.phone = ${shop.phone}
        GROUP BY p.id, p.count_in_stock ORDER BY count(*) DESC, p.id LIMIT 1`,
    );
    // the whole ledger, a page at a time back from the newest
    const moves: Array<{ kind: string; quantity: number; balance: number }> = [];
    let before: number | null = null;
    do {
      const ledger = await call('GET', `/api/stock/ledger?productId=${busiest.id}${before ? `&before=${before}` : ''}`, token);
      expect(ledger.statusCode, ledger.body).toBe(200);
      const page = ledger.json() as { movements: typeof moves; older: number | null };
      moves.unshift(...page.movements);
      before = page.older;
    } while (before !== null);
    expect(moves).toHaveLength(Number(busiest.n));
    expect(moves[0].kind).toBe('opening');
    expect(moves.at(-1)!.balance).toBe(Number(busiest.stock));
    expect(moves.reduce((sum, m) => sum + m.quantity, 0)).toBe(Number(busiest.stock));

    // the khata: a credit customer's ledger closes at their credit sales less their payments
    const [regular] = await rows(
      a.handle.db,
      sql<{ id: string; sales: string; paid: string; n: string }>`
        SELECT o.shop_customer_id AS id, sum(o.items_paise - o.delivery_discount_paise) AS sales, count(*) AS n,
          (SELECT coalesce(sum(amount_paise), 0) FROM customer_payments cp WHERE cp.customer_id = o.shop_customer_id) AS paid
        FROM orders o JOIN users u ON u.id = o.vendor_id
        WHERE u.phone = ${shop.phone} AND o.payment_method = 'credit'
        GROUP BY o.shop_customer_id ORDER BY count(*) DESC, o.shop_customer_id LIMIT 1`,
    );
    const khata = await call('GET', `/api/customers/${regular.id}/ledger`, token);
    expect(khata.statusCode, khata.body).toBe(200);
    const ledgerOf = khata.json() as { entries: unknown[]; closingBalance: number };
    expect(ledgerOf.entries.length).toBeGreaterThanOrEqual(Number(regular.n));
    expect(Math.round(ledgerOf.closingBalance * 100)).toBe(Number(regular.sales) - Number(regular.paid));
  });

  it("writes each shop's line names, as the lines' trigger keeps them, so Vendor Orders finds the lines by name", async () => {
    const [r] = await rows(
      a.handle.db,
      sql<{ missing: string; names: string }>`
        SELECT (SELECT count(*) FROM (SELECT DISTINCT o.vendor_id, l.name FROM order_lines l JOIN orders o ON o.id = l.order_id
                  EXCEPT SELECT vendor_id, name FROM order_line_names) x) AS missing,
               (SELECT count(*) FROM order_line_names n JOIN ${yearShop} s ON s.id = n.vendor_id) AS names`,
    );
    expect(Number(r.missing)).toBe(0);
    expect(Number(r.names)).toBeGreaterThan(0);
  });
});
