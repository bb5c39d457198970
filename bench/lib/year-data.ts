/**
 * What the year bench measures, chosen from the seeded year itself (server/db/seed-year.ts): the shop's
 * busiest day, the month with the most invoices, the shop customer and the product with the most
 * entries, and the texts its Vendor Orders filters search for.
 */
import type pg from 'pg';

export interface YearPicks {
  vendorId: string;
  /** India-time days of the shop's first and last order. */
  firstDay: string;
  lastDay: string;
  busyDay: { date: string; orders: number };
  month: { start: string; end: string; invoices: number };
  customer: { id: string; name: string; entries: number };
  product: { id: string; name: string; movements: number };
  /** Rows the lists hold: the shop's orders, products and customers. */
  counts: { orders: number; products: number; customers: number };
  /** An invoice number of the shop, for the Vendor Orders reference filter. */
  invoiceRef: string;
  /** The shop's products with the most stock: what the background checkouts buy. */
  checkoutProducts: string[];
}

const IST = `'Asia/Kolkata'`;

/** The last day of a YYYY-MM month. */
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

export async function pickYear(db: pg.Client, phone: string): Promise<YearPicks> {
  const one = async <T>(text: string, values: unknown[]): Promise<T> => {
    const { rows } = await db.query(text, values);
    if (!rows.length) throw new Error(`nothing for: ${text.slice(0, 80)}`);
    return rows[0] as T;
  };
  const { id: vendorId } = await one<{ id: string }>(`SELECT id FROM users WHERE phone = $1 AND role = 'vendor'`, [phone]);
  const v = [vendorId];
  const span = await one<{ first: string; last: string; orders: number }>(
    `SELECT min(created_at AT TIME ZONE ${IST})::date::text AS first, max(created_at AT TIME ZONE ${IST})::date::text AS last,
            count(*)::int AS orders
       FROM orders WHERE vendor_id = $1`,
    v,
  );
  const busy = await one<{ date: string; orders: number }>(
    `SELECT (created_at AT TIME ZONE ${IST})::date::text AS date, count(*)::int AS orders
       FROM orders WHERE vendor_id = $1 GROUP BY 1 ORDER BY 2 DESC, 1 DESC LIMIT 1`,
    v,
  );
  const month = await one<{ month: string; invoices: number }>(
    `SELECT to_char(issued_at AT TIME ZONE ${IST}, 'YYYY-MM') AS month, count(*)::int AS invoices
       FROM invoices WHERE vendor_id = $1 GROUP BY 1 ORDER BY 2 DESC, 1 DESC LIMIT 1`,
    v,
  );
  // a ledger's entries: the credit sales, the payments and the credit notes
  const customer = await one<{ id: string; name: string; entries: number }>(
    `SELECT c.id, c.name, e.entries FROM (
        SELECT id, count(*)::int AS entries FROM (
          SELECT shop_customer_id AS id FROM orders WHERE vendor_id = $1 AND shop_customer_id IS NOT NULL
          UNION ALL SELECT customer_id FROM customer_payments WHERE vendor_id = $1
          UNION ALL SELECT n.shop_customer_id FROM credit_notes n JOIN shop_customers s ON s.id = n.shop_customer_id WHERE s.vendor_id = $1
        ) x GROUP BY id ORDER BY 2 DESC LIMIT 1
      ) e JOIN shop_customers c ON c.id = e.id`,
    v,
  );
  const product = await one<{ id: string; name: string; movements: number }>(
    `SELECT p.id, p.name, m.movements FROM (
        SELECT product_id, count(*)::int AS movements FROM stock_movements
         WHERE product_id IN (SELECT id FROM products WHERE vendor_id = $1)
         GROUP BY 1 ORDER BY 2 DESC LIMIT 1
      ) m JOIN products p ON p.id = m.product_id`,
    v,
  );
  const counts = await one<{ products: number; customers: number }>(
    `SELECT (SELECT count(*)::int FROM products WHERE vendor_id = $1) AS products,
            (SELECT count(*)::int FROM shop_customers WHERE vendor_id = $1) AS customers`,
    v,
  );
  const invoice = await one<{ ref: string }>(`SELECT number AS ref FROM invoices WHERE vendor_id = $1 ORDER BY issued_at DESC LIMIT 1`, v);
  const { rows: stocked } = await db.query<{ id: string }>(
    `SELECT id FROM products WHERE vendor_id = $1 AND is_active AND unit = 'pcs' AND count_in_stock > 20
      ORDER BY count_in_stock DESC, id LIMIT 24`,
    v,
  );
  if (stocked.length < 2) throw new Error('the shop has no products in stock for the background checkouts');
  return {
    vendorId,
    firstDay: span.first,
    lastDay: span.last,
    busyDay: busy,
    month: { start: `${month.month}-01`, end: monthEnd(month.month), invoices: month.invoices },
    customer,
    product,
    counts: { orders: span.orders, ...counts },
    invoiceRef: String(invoice.ref),
    checkoutProducts: stocked.map((r) => r.id),
  };
}

/** Row counts of every table of the public schema (exact, count(*)), for comparing a restore with its source. */
export async function tableCounts(db: pg.Client): Promise<Record<string, number>> {
  const { rows } = await db.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  const out: Record<string, number> = {};
  for (const { t } of rows) {
    const r = await db.query<{ n: string }>(`SELECT count(*) AS n FROM "${t}"`);
    out[t] = Number(r.rows[0].n);
  }
  return out;
}
