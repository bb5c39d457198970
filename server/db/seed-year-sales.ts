import type { Db } from '.';
import { fyText, fyYear, frac, gstHalf, hashOf, idOf, numberOf, seriesOf, run, uuidFrom } from './seed-year-sql';

/**
 * The year's sales, set-based: every order of every shop and day is a row of generate_series, its lines a
 * second series, each number drawn from md5 of the seed and the row's indexes (seed-year-sql.ts). Priced,
 * discounted and taxed as checkout and the counter do (core/order-rules splitByVendor, core/gst lineTax),
 * numbered as core/invoice numbers them. Runs inside the generator's transaction, after the temporary
 * tables yr_shops and yr_products are made (seed-year.ts).
 */
export interface SalesPlan {
  seed: number;
  days: number;
  /** The first day's midnight in India, in seconds since the epoch. */
  startSec: number;
  /** Counter sales and delivery orders per shop and day. */
  counter: number;
  delivery: number;
  /** Shop customers, marketplace customers and products per shop. */
  customers: number;
  buyers: number;
  products: number;
}

/** yr_orders: each order's shop, day, kind, time, payment, customer, and whether it is voided, returned or still pending. */
export async function planOrders(db: Db, p: SalesPlan): Promise<void> {
  const cutoff = p.startSec + p.days * 86_400; // the end of the last day, India time
  await run(
    db,
    `CREATE TEMP TABLE yr_orders ON COMMIT DROP AS
     SELECT z.*, ${uuidFrom('z.h')} AS id,
       z.is_shop AND z.pay IN ('cash', 'upi', 'card') AND ${frac('z.h2', 0)} < 0.003 AS voided,
       -- a return comes after the sale and before the data ends
       z.pay IN ('cash', 'upi', 'card') AND ${frac('z.h2', 0)} >= 0.003 AND ${frac('z.h2', 0)} < 0.013
         AND z.t + 86400 * (1 + floor(${frac('z.h2', 1)} * 3)) + floor(${frac('z.h2', 3)} * 14400) < ${cutoff} AS returned,
       to_timestamp(z.t + 120 + floor(${frac('z.h2', 1)} * 1800)) AS voided_at,
       to_timestamp(z.t + 86400 * (1 + floor(${frac('z.h2', 1)} * 3)) + floor(${frac('z.h2', 3)} * 14400)) AS returned_at,
       CASE WHEN z.is_shop THEN to_timestamp(z.t)
         WHEN (z.d = ${p.days - 1} AND (${frac('z.h2', 3)} < 0.5 OR z.t + z.deliver_after >= ${cutoff}))
           OR (z.d = ${p.days - 2} AND ${frac('z.h2', 3)} < 0.1) THEN NULL
         ELSE to_timestamp(z.t + z.deliver_after) END AS delivered_at
     FROM (
       SELECT y.*, to_timestamp(y.t) AS created_at,
         CASE WHEN NOT y.is_shop THEN 'cash'
           WHEN ${frac('y.h', 2)} < 0.10 THEN 'credit' WHEN ${frac('y.h', 2)} < 0.12 THEN 'split'
           WHEN ${frac('y.h', 2)} < 0.52 THEN 'cash' WHEN ${frac('y.h', 2)} < 0.82 THEN 'upi' ELSE 'card' END AS pay
       FROM (
         SELECT x.*, md5(x.h) AS h2,
           (${p.startSec} + x.d * 86400 + 9 * 3600 + floor(${frac('x.h', 0)} * 43200))::bigint AS t,
           1 + floor(${frac('x.h', 1)} * 5)::int AS n_lines,
           floor(${frac('x.h', 3)} * ${p.customers})::int AS customer_idx,
           floor(${frac('x.h', 3)} * ${p.buyers})::int AS buyer_idx,
           3600 + floor(${frac('md5(x.h || 1)', 0)} * 18000)::int AS deliver_after,
           floor(power(${frac('md5(x.h || 1)', 1)}, 2) * ${p.products})::int AS first_product
         FROM (
           SELECT sh.s, sh.vendor_id, d, k, k < ${p.counter} AS is_shop, ${hashOf(p.seed, 'order', 'sh.s', 'd', 'k')} AS h
           FROM yr_shops sh, generate_series(0, ${p.days - 1}) AS d, generate_series(0, ${p.counter + p.delivery - 1}) AS k
         ) x
       ) y
     ) z`,
  );
  // and after the delivery: an order still pending has none
  await run(db, `UPDATE yr_orders SET returned = false WHERE returned AND delivered_at IS NULL`);
  await run(db, `CREATE UNIQUE INDEX ON yr_orders (id)`);
  await run(db, `ANALYZE yr_orders`);
}

/**
 * yr_lines: 1 to 5 distinct products an order, popular products more often, 1 to 3 of each; line totals,
 * the delivery discount of a delivery order (core/order-rules orderDeliveryDiscountsPaise, shared over the
 * lines by the largest remainder as core/delivery-discount shareProportionally) and GST on what is charged.
 */
export async function planLines(db: Db, p: SalesPlan): Promise<void> {
  const stride = Math.max(1, Math.floor(p.products / 7));
  await run(
    db,
    `CREATE TEMP TABLE yr_lines0 ON COMMIT DROP AS
     SELECT o.id AS order_id, o.s, o.is_shop, j AS position, ${uuidFrom("md5(o.h || ':' || j)")} AS id,
       pr.id AS product_id, pr.name, pr.name_ta, pr.unit, pr.image, pr.price, pr.disc, pr.cost, pr.rate, pr.rate_bp, pr.hsn, q.qty,
       q.qty * (pr.price - pr.disc) AS total
     FROM yr_orders o
     CROSS JOIN generate_series(0, o.n_lines - 1) AS j
     CROSS JOIN LATERAL (SELECT (1 + floor(power(${frac("md5(o.h || ':' || j)", 0)}, 2) * 3))::int AS qty) q
     JOIN yr_products pr ON pr.s = o.s AND pr.idx = (o.first_product + j * ${stride}) % ${p.products}`,
  );
  await run(db, `ANALYZE yr_lines0`);
  // the delivery discount of each delivery order: the slab on its items, grown so its total is whole rupees
  await run(
    db,
    `CREATE TEMP TABLE yr_order_sums ON COMMIT DROP AS
     SELECT order_id, sum(total)::bigint AS items, sum(qty * disc)::bigint AS discount,
       CASE WHEN bool_and(is_shop) THEN 0 ELSE sum(total) - floor(greatest(sum(total) - CASE
         WHEN sum(total) >= 1000000 THEN 20000 WHEN sum(total) >= 500000 THEN 15000 WHEN sum(total) >= 300000 THEN 10000
         WHEN sum(total) >= 200000 THEN 5000 WHEN sum(total) >= 100000 THEN 3000 WHEN sum(total) >= 50000 THEN 1000 ELSE 0 END, 0) / 100) * 100
       END::bigint AS dd
     FROM yr_lines0 GROUP BY order_id`,
  );
  await run(db, `CREATE UNIQUE INDEX ON yr_order_sums (order_id)`);
  await run(db, `ANALYZE yr_order_sums`);
  // each line's share: the floor of its part, and a paisa more for the largest remainders (ties: the first line)
  await run(
    db,
    `CREATE TEMP TABLE yr_lines ON COMMIT DROP AS
     SELECT r.*, ${gstHalf('r.total - r.dd', 'r.rate_bp')} AS half
     FROM (
       SELECT f.order_id, f.s, f.is_shop, f.position, f.id, f.product_id, f.name, f.name_ta, f.unit, f.image, f.price, f.disc, f.cost,
         f.rate, f.rate_bp, f.hsn, f.qty, f.total,
         f.floor_share + CASE WHEN f.rank <= f.order_dd - sum(f.floor_share) OVER (PARTITION BY f.order_id) THEN 1 ELSE 0 END AS dd
       FROM (
         SELECT l.*, s.dd AS order_dd,
           CASE WHEN s.items > 0 THEN (s.dd * l.total) / s.items ELSE 0 END AS floor_share,
           row_number() OVER (PARTITION BY l.order_id ORDER BY CASE WHEN s.items > 0 THEN (s.dd * l.total) % s.items ELSE 0 END DESC, l.position) AS rank
         FROM yr_lines0 l JOIN yr_order_sums s ON s.order_id = l.order_id
       ) f
     ) r`,
  );
  await run(db, `CREATE UNIQUE INDEX ON yr_lines (id)`);
  await run(db, `ANALYZE yr_lines`);
}

/** orders, order_lines (with the shops' line names) and the split sales' parts, numbered in time order after the orders already there. */
export async function writeOrders(db: Db, p: SalesPlan): Promise<void> {
  await run(
    db,
    `INSERT INTO orders (id, order_number, customer_id, vendor_id, created_by, status, items_paise, discount_paise, delivery_discount_paise,
       shipping_address, area, payment_status, payment_method, is_shop, created_at, delivered_at, voided_at, voided_by, void_reason,
       shop_customer_id, buyer)
     SELECT o.id, (SELECT coalesce(max(order_number), 0) FROM orders) + row_number() OVER (ORDER BY o.created_at, o.id),
       CASE WHEN o.is_shop THEN NULL ELSE ${idOf(p.seed, 'buyer', 'o.s', 'o.buyer_idx')} END,
       o.vendor_id,
       CASE WHEN o.is_shop THEN o.vendor_id ELSE ${idOf(p.seed, 'buyer', 'o.s', 'o.buyer_idx')} END,
       CASE WHEN o.delivered_at IS NULL THEN 'Pending' ELSE 'Delivered' END,
       s.items, s.discount, s.dd,
       CASE WHEN o.is_shop THEN sh.address || jsonb_build_object('area', '') ELSE b.addresses->0 END,
       CASE WHEN o.is_shop THEN '' ELSE b.addresses->0->>'area' END,
       CASE WHEN o.delivered_at IS NULL OR o.pay = 'credit' THEN 'Pending' ELSE 'Paid' END,
       CASE WHEN o.delivered_at IS NULL THEN NULL ELSE o.pay END,
       o.is_shop, o.created_at, o.delivered_at,
       CASE WHEN o.voided THEN o.voided_at END, CASE WHEN o.voided THEN o.vendor_id END,
       CASE WHEN o.voided THEN 'Billed by mistake' END,
       CASE WHEN o.pay = 'credit' THEN c.id END,
       CASE WHEN o.pay = 'credit' THEN jsonb_build_object('name', c.name, 'phone', c.phone, 'gstin', '', 'address', '', 'stateCode', '') END
     FROM yr_orders o
     JOIN yr_order_sums s ON s.order_id = o.id
     JOIN yr_shops sh ON sh.s = o.s
     LEFT JOIN users b ON NOT o.is_shop AND b.id = ${idOf(p.seed, 'buyer', 'o.s', 'o.buyer_idx')}
     LEFT JOIN shop_customers c ON o.pay = 'credit' AND c.id = ${idOf(p.seed, 'customer', 'o.s', 'o.customer_idx')}
     ORDER BY o.created_at, o.id`,
  );
  await run(db, `SELECT setval('orders_order_number_seq', (SELECT max(order_number) FROM orders))`);
  await run(
    db,
    `INSERT INTO order_lines (id, order_id, product_id, position, name, name_ta, image, quantity, unit, unit_price_paise, unit_discount_paise,
       line_total_paise, delivery_discount_paise, gst_rate, hsn_code, taxable_paise, cgst_paise, sgst_paise, igst_paise, cost_paise,
       order_vendor_id, order_created_at)
     SELECT l.id, l.order_id, l.product_id, l.position, l.name, l.name_ta, l.image, l.qty, l.unit, l.price, l.disc, l.total, l.dd, l.rate, l.hsn,
       l.total - l.dd - 2 * l.half, l.half, l.half, 0, l.cost, o.vendor_id, o.created_at
     FROM yr_lines l JOIN yr_orders o ON o.id = l.order_id ORDER BY l.order_id, l.position`,
  );
  // each shop's line names, as order_lines' trigger keeps them (migration 060; off for the bulk load)
  await run(
    db,
    `INSERT INTO order_line_names (vendor_id, name)
     SELECT DISTINCT o.vendor_id, l.name FROM yr_lines l JOIN yr_orders o ON o.id = l.order_id
     ON CONFLICT DO NOTHING`,
  );
  // a split sale: whole rupees of half in cash, the rest by UPI (a generated sale is at least 4 rupees, so both parts are above 0)
  await run(
    db,
    `INSERT INTO order_payments (order_id, method, amount_paise)
     SELECT o.id, m.method, CASE WHEN m.method = 'cash' THEN (s.items / 200) * 100 ELSE s.items - (s.items / 200) * 100 END
     FROM yr_orders o JOIN yr_order_sums s ON s.order_id = o.id CROSS JOIN (VALUES ('cash'), ('upi')) AS m(method)
     WHERE o.pay = 'split'`,
  );
}

/**
 * Invoices as core/invoice issues them: a counter sale at its sale, a delivery order at its delivery, numbered
 * from 1 in each shop's series per financial year in the order of their dates; a voided sale's is cancelled.
 * The counters are left at each year's last number.
 */
export async function writeInvoices(db: Db): Promise<void> {
  const at = 'o.delivered_at';
  await run(
    db,
    `INSERT INTO invoices (vendor_id, fy, series, seq, number, order_id, status, issued_at, cancelled_at)
     SELECT vendor_id, ${fyText('y')}, ${seriesOf('prefix', 'y')}, seq, ${numberOf(seriesOf('prefix', 'y'), 'seq')}, id,
       CASE WHEN voided THEN 'cancelled' ELSE 'issued' END, at, CASE WHEN voided THEN voided_at END
     FROM (
       SELECT o.vendor_id, sh.prefix, o.id, o.voided, o.voided_at, ${at} AS at, ${fyYear(at)} AS y,
         row_number() OVER (PARTITION BY o.vendor_id, ${fyYear(at)} ORDER BY ${at}, o.id) AS seq
       FROM yr_orders o JOIN yr_shops sh ON sh.s = o.s
       WHERE o.delivered_at IS NOT NULL
     ) i
     ORDER BY vendor_id, at, seq`,
  );
  await run(
    db,
    `INSERT INTO invoice_counters (vendor_id, fy, last_seq)
     SELECT i.vendor_id, i.fy, max(i.seq) FROM invoices i JOIN yr_shops sh ON sh.vendor_id = i.vendor_id GROUP BY i.vendor_id, i.fy`,
  );
}
