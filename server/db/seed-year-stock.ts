import type { Db } from '.';
import type { SalesPlan } from './seed-year-sales';
import { fyText, fyYear, frac, gstOnTopHalf, hashOf, idOf, numberOf, seriesOf, run, uuidFrom } from './seed-year-sql';

/**
 * The year's returns, khata payments, purchases and stock ledger, set-based, after seed-year-sales.ts in the
 * same transaction (its temporary tables yr_orders and yr_lines).
 */
export interface StockPlan extends SalesPlan {
  /** Lines per purchase bill and suppliers per shop. */
  purchaseLines: number;
  suppliers: number;
}

/**
 * A return of about one sale in a hundred: the first line, all of it, back in stock, refunded the way the sale
 * was paid; its credit note (core/credit-note: the charged amount and the GST the line carried) numbered in the
 * shop's credit note series per financial year.
 */
export async function writeReturns(db: Db): Promise<void> {
  const at = 'o.returned_at';
  await run(
    db,
    `CREATE TEMP TABLE yr_returns ON COMMIT DROP AS
     SELECT ${uuidFrom("md5(o.h || ':return')")} AS id, o.id AS order_id, o.vendor_id, o.pay, ${at} AS at, l.id AS line_id,
       ${fyText(fyYear(at))} AS fy, ${seriesOf('sh.cn_head', fyYear(at))} AS series,
       row_number() OVER (PARTITION BY o.vendor_id, ${fyYear(at)} ORDER BY ${at}, o.id) AS seq
     FROM yr_orders o JOIN yr_shops sh ON sh.s = o.s JOIN yr_lines l ON l.order_id = o.id AND l.position = 0
     WHERE o.returned`,
  );
  await run(db, `ANALYZE yr_returns`);
  await run(
    db,
    `INSERT INTO credit_notes (id, vendor_id, order_id, shop_customer_id, fy, series, seq, number, refund_method, restock,
       amount_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, created_at, created_by)
     SELECT r.id, r.vendor_id, r.order_id, NULL, r.fy, r.series, r.seq, ${numberOf('r.series', 'r.seq')}, r.pay, true,
       l.total - l.dd, l.total - l.dd - 2 * l.half, l.half, l.half, 0, r.at, r.vendor_id
     FROM yr_returns r JOIN yr_lines l ON l.id = r.line_id ORDER BY r.vendor_id, r.at`,
  );
  await run(
    db,
    `INSERT INTO credit_note_lines (credit_note_id, position, order_line_id, product_id, name, name_ta, unit, quantity, unit_price_paise,
       amount_paise, gst_rate, hsn_code, taxable_paise, cgst_paise, sgst_paise, igst_paise)
     SELECT r.id, 1, l.id, l.product_id, l.name, l.name_ta, l.unit, l.qty, l.price - l.disc, l.total - l.dd, l.rate, l.hsn,
       l.total - l.dd - 2 * l.half, l.half, l.half, 0
     FROM yr_returns r JOIN yr_lines l ON l.id = r.line_id`,
  );
  await run(
    db,
    `INSERT INTO credit_note_counters (vendor_id, fy, last_seq) SELECT vendor_id, fy, max(seq) FROM yr_returns GROUP BY vendor_id, fy`,
  );
}

/**
 * The khata: most weeks a customer pays what they bought on credit that week, one to three days after it
 * ends; some weeks they do not (their dues age). Then, as a payment at the counter leaves them
 * (khata settleSales), the credit sales the payments cover, oldest first, are Paid.
 */
export async function writeKhata(db: Db, p: StockPlan): Promise<void> {
  const cutoff = p.startSec + p.days * 86_400;
  await run(
    db,
    `INSERT INTO customer_payments (id, vendor_id, customer_id, amount_paise, method, paid_at, created_by)
     SELECT ${idOf(p.seed, 'payment', 'w.customer_id', 'w.week')}, w.vendor_id, w.customer_id, w.amount,
       CASE WHEN ${frac('w.h', 1)} < 0.6 THEN 'cash' ELSE 'upi' END,
       to_timestamp(${p.startSec} + (w.week + 1) * 7 * 86400 + floor(${frac('w.h', 2)} * 3) * 86400 + 36000 + floor(${frac('w.h', 3)} * 32400)),
       w.vendor_id
     FROM (
       SELECT o.vendor_id, o.shop_customer_id AS customer_id, (extract(epoch FROM o.created_at)::bigint - ${p.startSec}) / (7 * 86400) AS week,
         sum(o.items_paise - o.delivery_discount_paise)::bigint AS amount,
         ${hashOf(p.seed, 'pay', 'o.shop_customer_id', `(extract(epoch FROM o.created_at)::bigint - ${p.startSec}) / (7 * 86400)`)} AS h
       FROM orders o JOIN yr_shops sh ON sh.vendor_id = o.vendor_id
       WHERE o.payment_method = 'credit' AND o.shop_customer_id IS NOT NULL
       GROUP BY 1, 2, 3
     ) w
     WHERE ${frac('w.h', 0)} < 0.85
       AND ${p.startSec} + (w.week + 1) * 7 * 86400 + floor(${frac('w.h', 2)} * 3) * 86400 + 36000 + floor(${frac('w.h', 3)} * 32400) < ${cutoff}`,
  );
  await run(
    db,
    `UPDATE orders o SET payment_status = 'Paid' FROM (
       SELECT s.id, sum(s.items_paise - s.delivery_discount_paise) OVER (PARTITION BY s.shop_customer_id ORDER BY s.created_at, s.id) AS upto,
         coalesce((SELECT sum(amount_paise) FROM customer_payments cp WHERE cp.customer_id = s.shop_customer_id), 0) AS paid
       FROM orders s JOIN yr_shops sh ON sh.vendor_id = s.vendor_id
       WHERE s.payment_method = 'credit' AND s.shop_customer_id IS NOT NULL
     ) c WHERE o.id = c.id AND c.upto <= c.paid`,
  );
}

/**
 * Purchases twice a week per shop (early on two fixed weekdays, before the shop opens) from its suppliers in
 * turn: each bill restocks the next run of the shop's products, a dozen to eight dozen each (popular ones up to
 * 40 times that), at cost price plus GST on top (core/purchase purchaseLineTax, intra-state).
 */
export async function writePurchases(db: Db, p: StockPlan): Promise<void> {
  const firstDay = Math.floor(p.startSec / 86_400);
  await run(
    db,
    `CREATE TEMP TABLE yr_purchases ON COMMIT DROP AS
     SELECT ${idOf(p.seed, 'purchase', 'sh.s', 'd')} AS id, sh.s, sh.vendor_id, d,
       (row_number() OVER (PARTITION BY sh.s ORDER BY d) - 1)::int AS k,
       to_timestamp(${p.startSec} + d * 86400 + 8 * 3600 + floor(${frac(hashOf(p.seed, 'purchase', 'sh.s', 'd'), 0)} * 3000)) AS at
     FROM yr_shops sh, generate_series(0, ${p.days - 1}) AS d
     WHERE (${firstDay} + d) % 7 IN (1, 4)`,
  );
  await run(db, `ANALYZE yr_purchases`);
  await run(
    db,
    `CREATE TEMP TABLE yr_purchase_lines ON COMMIT DROP AS
     SELECT pu.id AS purchase_id, j + 1 AS position, pr.id AS product_id, pr.name, pr.unit, pr.rate, pr.rate_bp,
       q.qty, coalesce(pr.cost, 0) AS cost, ${gstOnTopHalf('q.qty * coalesce(pr.cost, 0)', 'pr.rate_bp')} AS half
     FROM yr_purchases pu CROSS JOIN generate_series(0, ${p.purchaseLines - 1}) AS j
     JOIN yr_products pr ON pr.s = pu.s AND pr.idx = (pu.k * ${p.purchaseLines} + j) % ${p.products}
     -- a popular product (a low number: sales pick it as the square of a random number) comes in larger lots
     CROSS JOIN LATERAL (SELECT (12 * (1 + floor(${frac(hashOf(p.seed, 'pline', 'pu.id', 'j'), 0)} * 8))
       * greatest(1, least(40, round(0.6 / sqrt((pr.idx + 0.5) / ${p.products})))))::int AS qty) q`,
  );
  await run(db, `ANALYZE yr_purchase_lines`);
  await run(
    db,
    `INSERT INTO purchases (id, vendor_id, supplier_id, bill_number, bill_date, inter_state, taxable_paise, cgst_paise, sgst_paise,
       igst_paise, total_paise, created_at, created_by)
     SELECT pu.id, pu.vendor_id, ${idOf(p.seed, 'supplier', 'pu.s', `pu.k % ${p.suppliers}`)}, 'B' || lpad((1001 + pu.k)::text, 5, '0'),
       (pu.at AT TIME ZONE 'UTC' + interval '330 minutes')::date, false,
       sum(l.qty * l.cost), sum(l.half), sum(l.half), 0, sum(l.qty * l.cost + 2 * l.half), pu.at, pu.vendor_id
     FROM yr_purchases pu JOIN yr_purchase_lines l ON l.purchase_id = pu.id
     GROUP BY pu.id, pu.vendor_id, pu.s, pu.k, pu.at ORDER BY pu.at, pu.id`,
  );
  await run(
    db,
    `INSERT INTO purchase_lines (purchase_id, position, product_id, name, unit, quantity, unit_cost_paise, gst_rate, taxable_paise,
       cgst_paise, sgst_paise, igst_paise, line_total_paise)
     SELECT purchase_id, position, product_id, name, unit, qty, cost, rate, qty * cost, half, half, 0, qty * cost + 2 * half
     FROM yr_purchase_lines ORDER BY purchase_id, position`,
  );
}

/**
 * The stock ledger of the shops' products, one row per movement as the app writes them (migration 018 and
 * the services: opening, purchase, sale or order, sale_voided, return), ids and running balances in time
 * order; then each product's stock is its ledger's last balance.
 */
export async function writeLedger(db: Db): Promise<void> {
  await run(db, `DELETE FROM stock_movements m USING yr_products pr WHERE m.product_id = pr.id`);
  await run(
    db,
    `INSERT INTO stock_movements (id, product_id, at, kind, quantity, balance, ref, note, by_user)
     SELECT (SELECT coalesce(max(id), 0) FROM stock_movements) + row_number() OVER (ORDER BY at, product_id, ord, ref),
       product_id, at, kind, qty, sum(qty) OVER (PARTITION BY product_id ORDER BY at, ord, ref ROWS UNBOUNDED PRECEDING), nullif(ref, ''), note,
       by_user
     FROM (
       SELECT pr.id AS product_id, p.created_at AS at, 'opening' AS kind, pr.opening AS qty, 0 AS ord, '' AS ref, NULL AS note, NULL::uuid AS by_user
       FROM yr_products pr JOIN products p ON p.id = pr.id
       UNION ALL
       SELECT l.product_id, pu.at, 'purchase', l.qty, 1, pu.id::text, NULL, pu.vendor_id
       FROM yr_purchase_lines l JOIN yr_purchases pu ON pu.id = l.purchase_id
       UNION ALL
       SELECT l.product_id, o.created_at, CASE WHEN o.is_shop THEN 'sale' ELSE 'order' END, -l.qty, 2, o.id::text, NULL,
         CASE WHEN o.is_shop THEN o.vendor_id ELSE x.customer_id END
       FROM yr_lines l JOIN yr_orders o ON o.id = l.order_id JOIN orders x ON x.id = o.id
       UNION ALL
       SELECT l.product_id, o.voided_at, 'sale_voided', l.qty, 3, o.id::text, i.number, o.vendor_id
       FROM yr_lines l JOIN yr_orders o ON o.id = l.order_id JOIN invoices i ON i.order_id = o.id
       WHERE o.voided
       UNION ALL
       SELECT l.product_id, r.at, 'return', l.qty, 4, c.number, NULL, r.vendor_id
       FROM yr_returns r JOIN yr_lines l ON l.id = r.line_id JOIN credit_notes c ON c.id = r.id
     ) m
     ORDER BY 1`,
  );
  await run(db, `SELECT setval('stock_movements_id_seq', (SELECT max(id) FROM stock_movements))`);
  await run(
    db,
    `UPDATE products p SET count_in_stock = last.balance FROM (
       SELECT DISTINCT ON (m.product_id) m.product_id, m.balance FROM stock_movements m JOIN yr_products pr ON pr.id = m.product_id
       ORDER BY m.product_id, m.id DESC
     ) last WHERE p.id = last.product_id`,
  );
}
