import { sql } from 'kysely';
import { computeDayClose, type DayCloseOrder } from '../../../core/day-close';
import { IST_TIMEZONE, istDayEnd, istDayStart } from '../../../core/dates';
import { toRupees } from '../../../core/money';
import { fromMilli } from '../../../core/quantity';
import { istDayOf } from '../../../core/sale-void';
import { SUMMARY_MAX_DAYS, type AdminSummary, type VendorSummary } from '../../../core/schemas/dashboard';
import { CODE } from '../../../core/message-codes';
import type { Db } from '../../db';
import { fieldError } from '../../lib/errors';
import type { AuthUser } from '../accounts/auth.service';
import { duesCard, lowStockCard } from './dashboard-cards';
import { reportPerson, reportVendor } from './report-vendor';
import { baseQuantitySql, ORDER_PARTS_COLUMN } from '../sales/order-queries';

const DAY_MS = 86_400_000;
const TOP = 10;

/** An order's India-time weekday (0 = Monday) and hour (0-23), and its delivery area (null at the counter or without one), in SQL. */
const IST_WEEKDAY = sql<number>`(extract(isodow FROM o.created_at AT TIME ZONE ${sql.lit(IST_TIMEZONE)})::int - 1)`;
const IST_HOUR = sql<number>`extract(hour FROM o.created_at AT TIME ZONE ${sql.lit(IST_TIMEZONE)})::int`;
const DELIVERY_AREA = sql<string | null>`(CASE WHEN NOT o.is_shop AND o.area <> '' THEN o.area END)`;

/** The days from `from` to `to` (YYYY-MM-DD, India time), both included; 400 when reversed or longer than SUMMARY_MAX_DAYS. */
function daysOf(from: string, to: string): string[] {
  const start = istDayStart(from).getTime();
  const count = Math.round((istDayStart(to).getTime() - start) / DAY_MS) + 1;
  if (count < 1) throw fieldError('to', CODE.endBeforeStart);
  if (count > SUMMARY_MAX_DAYS) throw fieldError('to', CODE.reportRangeTooLong, { days: SUMMARY_MAX_DAYS });
  return Array.from({ length: count }, (_, i) => istDayOf(new Date(start + i * DAY_MS)));
}

const rupeesOf = <K extends string>(p: Record<K, number>) =>
  Object.fromEntries(Object.entries<number>(p).map(([k, v]) => [k, toRupees(v)])) as Record<K, number>;

/**
 * The owner's week and the admin's picture (GET /api/reports/vendor/summary and /admin/summary).
 * Each day is counted by the day close's own rule (core/day-close computeDayClose over the day's
 * orders not voided, refunds as core/credit-note dayRefunds totals the day's credit notes), so a day's
 * figures here equal that day's close to the paisa. The orders come summed in the database by day and
 * payment (a quarter of a busy shop is tens of thousands), each row counting as its number of sales.
 */
export class DashboardService {
  constructor(private readonly db: Db) {}

  async vendorSummary(actor: AuthUser, q: { from: string; to: string; vendorId?: string; staffId?: string }): Promise<VendorSummary> {
    const vendor = await reportVendor(this.db, actor, q.vendorId);
    const days = daysOf(q.from, q.to);
    // one person's figures: the sales they made and the returns they gave (dues and low stock stay the shop's)
    const staff = await reportPerson(this.db, vendor.id, q.staffId);
    const by = staff?._id;
    const start = istDayStart(q.from);
    const until = istDayEnd(q.to);

    const lastDay = istDayStart(q.to);
    // every read at once: the range's sales and credit notes summed by day, its lines by product, the dues and low stock now
    const [orders, refundsByDay, products, dues, lowStock] = await Promise.all([
      this.sales(vendor.id, start, until, lastDay, by),
      this.refunds(vendor.id, start, until, by),
      this.products(vendor.id, start, until, by),
      this.dues(vendor.id),
      lowStockCard(this.db, vendor.id),
    ]);

    const ordersByDay = new Map<string, Sales[]>(days.map((d) => [d, []]));
    for (const o of orders) ordersByDay.get(o.day)?.push(o);
    const netOf = (o: Sales) => o.close.itemsPaise - o.close.deliveryDiscountPaise;
    const byDay = days.map((date) => {
      const dayOrders = ordersByDay.get(date)!;
      const close = computeDayClose(
        dayOrders.map((o) => o.close),
        [],
      );
      // a day's refunds are its credit notes' amounts, as dayRefunds (core/credit-note) totals them
      const refunds = refundsByDay.get(date) ?? 0;
      const counter = dayOrders.filter((o) => o.isShop).reduce((s, o) => s + netOf(o), 0);
      return { date, close, refundsPaise: refunds, counterPaise: counter, deliveryPaise: close.netPaise - counter };
    });
    const all = computeDayClose(
      orders.map((o) => o.close),
      [],
    );
    const refundsPaise = byDay.reduce((s, d) => s + d.refundsPaise, 0);
    const counterOrders = orders.filter((o) => o.isShop);
    const counterCount = counterOrders.reduce((s, o) => s + (o.close.count ?? 1), 0);
    const counterPaise = counterOrders.reduce((s, o) => s + netOf(o), 0);

    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, sales: 0, paise: 0 }));
    for (const o of orders) {
      if (o.hour === null) continue;
      const h = hours[o.hour];
      h.sales += o.close.count ?? 1;
      h.paise += netOf(o);
    }

    return {
      vendor: { _id: vendor.id, name: vendor.name, shopName: vendor.shop_name ?? '' },
      staff,
      from: q.from,
      to: q.to,
      timezone: IST_TIMEZONE,
      generatedAt: new Date().toISOString(),
      totals: {
        sales: all.sales,
        net: toRupees(all.netPaise),
        refunds: toRupees(refundsPaise),
        netAfterRefunds: toRupees(all.netPaise - refundsPaise),
        counter: { count: counterCount, net: toRupees(counterPaise) },
        delivery: { count: all.sales - counterCount, net: toRupees(all.netPaise - counterPaise) },
      },
      byDay: byDay.map((d) => ({
        date: d.date,
        sales: d.close.sales,
        net: toRupees(d.close.netPaise),
        refunds: toRupees(d.refundsPaise),
        counter: toRupees(d.counterPaise),
        delivery: toRupees(d.deliveryPaise),
      })),
      byHour: hours.map((h) => ({ hour: h.hour, sales: h.sales, net: toRupees(h.paise) })),
      payments: rupeesOf(all.payments),
      paymentCounts: all.paymentCounts,
      topProducts: products.top,
      margin: products.margin,
      dues,
      lowStock,
    };
  }

  /**
   * The vendor's orders not voided sold in [start, until) (with `by`, that person's), summed in the database
   * by India-time day, channel and payment (status and method), and by hour on the range's last day
   * (from `lastDay`): each row stands for `close.count` sales, as computeDayClose adds them up. A split
   * sale is a row of its own, with its parts: each part is counted once in its method.
   */
  private async sales(vendorId: string, start: Date, until: Date, lastDay: Date, by?: string): Promise<Sales[]> {
    const day = sql<string>`to_char(o.created_at AT TIME ZONE ${sql.lit(IST_TIMEZONE)}, 'YYYY-MM-DD')`;
    const hour = sql<number | null>`(CASE WHEN o.created_at >= ${sql.lit(lastDay.toISOString())}::timestamptz
      THEN extract(hour FROM o.created_at AT TIME ZONE ${sql.lit(IST_TIMEZONE)})::int END)`;
    const range = () =>
      this.db
        .selectFrom('orders as o')
        .where('o.vendor_id', '=', vendorId)
        .where('o.created_at', '>=', start)
        .where('o.created_at', '<', until)
        .where('o.voided_at', 'is', null)
        .$if(!!by, (w) => w.where('o.created_by', '=', by!));
    const [grouped, splits] = await Promise.all([
      range()
        .select([
          day.as('day'),
          hour.as('hour'),
          'o.is_shop',
          'o.payment_status',
          'o.payment_method',
          sql<number>`count(*)::int`.as('count'),
          sql<string>`sum(o.items_paise)`.as('items_paise'),
          sql<string>`sum(o.discount_paise)`.as('discount_paise'),
          sql<string>`sum(o.delivery_discount_paise)`.as('delivery_discount_paise'),
        ])
        .where((eb) => eb.or([eb('o.payment_method', 'is', null), eb('o.payment_method', '!=', 'split')]))
        .groupBy([day, hour, 'o.is_shop', 'o.payment_status', 'o.payment_method'])
        .execute(),
      range()
        .select([
          day.as('day'),
          hour.as('hour'),
          'o.is_shop',
          'o.payment_status',
          'o.payment_method',
          sql<number>`1`.as('count'),
          'o.items_paise',
          'o.discount_paise',
          'o.delivery_discount_paise',
          // a split sale's parts, each counted once in its method
          ORDER_PARTS_COLUMN,
        ])
        .where('o.payment_method', '=', 'split')
        .execute(),
    ]);
    return [...grouped.map((r) => ({ ...r, payment_parts: null })), ...splits].map((r) => ({
      day: r.day,
      hour: r.hour === null ? null : Number(r.hour),
      isShop: r.is_shop,
      close: {
        paymentStatus: r.payment_status,
        paymentMethod: r.payment_method,
        parts: (r.payment_parts ?? []).map((p) => ({ method: p.method, amountPaise: Number(p.amountPaise) })),
        itemsPaise: Number(r.items_paise),
        discountPaise: Number(r.discount_paise),
        deliveryDiscountPaise: Number(r.delivery_discount_paise),
        lines: [],
        count: Number(r.count),
      } satisfies DayCloseOrder,
    }));
  }

  /** What the vendor's credit notes of [start, until) (with `by`, that person's) refunded, by India-time day, in paise. */
  private async refunds(vendorId: string, start: Date, until: Date, by?: string): Promise<Map<string, number>> {
    const day = sql<string>`to_char(created_at AT TIME ZONE ${sql.lit(IST_TIMEZONE)}, 'YYYY-MM-DD')`;
    const rows = await this.db
      .selectFrom('credit_notes')
      .select([day.as('day'), sql<string>`sum(amount_paise)`.as('paise')])
      .where('vendor_id', '=', vendorId)
      .where('created_at', '>=', start)
      .where('created_at', '<', until)
      .$if(!!by, (w) => w.where('created_by', '=', by!))
      .groupBy(day)
      .execute();
    return new Map(rows.map((r) => [r.day, Number(r.paise)]));
  }

  /**
   * The range's best sellers and gross margin, from the lines of the vendor's orders not voided sold in
   * [start, until) (with `by`, that person's sales only), summed in the database: a quarter of a busy shop is
   * over a hundred thousand lines. A line counts what it was charged (its total less its share of the delivery
   * discount, as the day close counts it) and its cost: the one recorded at the sale (a later purchase does not
   * change a past margin), else the product's cost now (sales from before costs were recorded), rounded to the
   * paisa line by line; a line with neither is counted in the margin's lines without cost, not guessed.
   *
   * The lines come from order_lines_order_report alone (migration 061), read for the range's orders in id order
   * so that consecutive orders' lines sit side by side in the index. They are summed by product (a line without a
   * product, its product deleted, by its name, from order_lines_unlinked), the products ranked by what they were
   * charged: the database answers the 10 best and any tied with the 10th, each named as its latest line in the
   * range was, with the margin's totals over every line beside them.
   */
  private async products(vendorId: string, start: Date, until: Date, by?: string) {
    const base = baseQuantitySql();
    const inRange = sql`o.vendor_id = ${vendorId} AND o.created_at >= ${start.toISOString()}::timestamptz
      AND o.created_at < ${until.toISOString()}::timestamptz AND o.voided_at IS NULL ${by ? sql`AND o.created_by = ${by}` : sql``}`;
    const { rows } = await sql<TopRow>`
      WITH range AS MATERIALIZED (SELECT o.id FROM orders o WHERE ${inRange} ORDER BY o.id),
      sold AS (
        SELECT l.product_id, ${base} AS quantity, l.line_total_paise - l.delivery_discount_paise AS charged,
               coalesce(l.cost_paise, (SELECT p.cost_price_paise FROM products p WHERE p.id = l.product_id)) AS unit_cost
          FROM range o JOIN order_lines l ON l.order_id = o.id
         WHERE l.product_id IS NOT NULL),
      ranked AS MATERIALIZED (
        SELECT s.product_id, NULL AS name, NULL AS name_ta, NULL AS unit,
               round(sum(s.quantity) * 1000) AS milli, sum(s.charged) AS paise, count(*) AS lines, count(s.unit_cost) AS costed_lines,
               sum(s.charged) FILTER (WHERE s.unit_cost IS NOT NULL) AS revenue, sum(round(s.quantity * s.unit_cost)) AS cost
          FROM sold s GROUP BY s.product_id
        UNION ALL
        SELECT NULL, l.name, min(l.name_ta), min(l.unit),
               round(sum(${base}) * 1000), sum(l.line_total_paise - l.delivery_discount_paise), count(*), count(l.cost_paise),
               sum(l.line_total_paise - l.delivery_discount_paise) FILTER (WHERE l.cost_paise IS NOT NULL),
               sum(round(${base} * l.cost_paise))
          FROM range o JOIN order_lines l ON l.order_id = o.id
         WHERE l.product_id IS NULL
         GROUP BY l.name),
      top AS (SELECT * FROM ranked ORDER BY paise DESC FETCH FIRST ${sql.lit(TOP)} ROWS WITH TIES),
      totals AS (
        SELECT sum(lines) AS all_lines, sum(costed_lines) AS costed_lines, coalesce(sum(revenue), 0) AS revenue,
               coalesce(sum(cost), 0) AS cost
          FROM ranked)
      SELECT t.product_id, coalesce(t.name, n.name) AS name, coalesce(t.name_ta, n.name_ta) AS name_ta,
             coalesce(t.unit, n.unit) AS unit, t.milli, t.paise, totals.*
        FROM totals LEFT JOIN top t ON true
        LEFT JOIN LATERAL (
          SELECT l.name, l.name_ta, l.unit FROM order_lines l JOIN orders o ON o.id = l.order_id
           WHERE l.product_id = t.product_id AND ${inRange}
           ORDER BY o.created_at DESC LIMIT 1) n ON t.product_id IS NOT NULL`.execute(this.db);
    const [totals] = rows;
    return { top: topProducts(rows.filter((r) => r.paise !== null)), margin: marginOf(totals) };
  }

  /** Credit dues now: the shop's customers' balances above 0, and what of them is past its due day (dashboard-cards.ts); null without a credit sale. */
  private async dues(vendorId: string): Promise<VendorSummary['dues']> {
    // a credit sale, or a sale paid in parts with a credit part
    const credit = await this.db
      .selectFrom('orders as o')
      .select('o.id')
      .where('o.vendor_id', '=', vendorId)
      .where((eb) =>
        eb.or([
          eb('o.payment_method', '=', 'credit'),
          eb.and([
            eb('o.payment_method', '=', 'split'),
            eb.exists(
              eb
                .selectFrom('order_payments as p')
                .select('p.order_id')
                .whereRef('p.order_id', '=', 'o.id')
                .where('p.method', '=', 'credit'),
            ),
          ]),
        ]),
      )
      .where('o.shop_customer_id', 'is not', null)
      .where('o.voided_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (!credit) return null;
    return duesCard(this.db, vendorId, istDayOf(new Date()));
  }

  async adminSummary(q: { from: string; to: string }): Promise<AdminSummary> {
    daysOf(q.from, q.to);
    // summed in the database in one pass over the range (a quarter is over a hundred thousand orders), read from
    // orders_created_report alone (migration 062): first by vendor, delivery area, India-time weekday and hour
    // (a few hundred sums), then those sums per vendor, per delivery area, and per weekday and hour, each vendor
    // named from users; `set` says which sum a row is
    const sums = this.db
      .selectFrom('orders as o')
      .select([
        'o.vendor_id',
        DELIVERY_AREA.as('area'),
        IST_WEEKDAY.as('weekday'),
        IST_HOUR.as('hour'),
        sql<string>`count(*)`.as('orders'),
        sql<string>`sum(o.items_paise - o.delivery_discount_paise)`.as('net'),
      ])
      .where('o.created_at', '>=', istDayStart(q.from))
      .where('o.created_at', '<', istDayEnd(q.to))
      .where('o.voided_at', 'is', null)
      .groupBy([sql`1`, sql`2`, sql`3`, sql`4`])
      .as('s');
    const sets = this.db
      .selectFrom(sums)
      .select([
        sql<number>`grouping(s.vendor_id, s.area, s.weekday, s.hour)`.as('set'),
        's.vendor_id',
        's.area',
        's.weekday',
        's.hour',
        sql<number>`sum(s.orders)::int`.as('orders'),
        sql<string>`sum(s.net)`.as('net'),
      ])
      .groupBy(sql`GROUPING SETS ((s.vendor_id), (s.area), (s.weekday, s.hour))`)
      .as('g');
    const rows = await this.db
      .selectFrom(sets)
      .leftJoin('users as u', 'u.id', 'g.vendor_id')
      .select(['g.set', 'g.vendor_id', 'g.area', 'g.weekday', 'g.hour', 'g.orders', 'g.net', 'u.shop_name', 'u.name'])
      .execute();
    // grouping() sets a bit for each column a row is not grouped by, the first column the highest
    const BY_VENDOR = 0b0111;
    const BY_AREA = 0b1011;
    const vendors: Array<{ vendorId: string; shopName: string; orders: number; paise: number }> = [];
    const areas: Array<{ area: string; orders: number; paise: number }> = [];
    const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    let orders = 0;
    let total = 0;
    for (const r of rows) {
      const paise = Number(r.net);
      if (Number(r.set) === BY_VENDOR) {
        orders += r.orders;
        total += paise;
        vendors.push({ vendorId: r.vendor_id, shopName: r.shop_name || r.name || '', orders: r.orders, paise });
      } else if (Number(r.set) === BY_AREA) {
        // orders at the counter, or with no area, are in no area
        if (r.area) areas.push({ area: r.area, orders: r.orders, paise });
      } else heatmap[Number(r.weekday)][Number(r.hour)] += r.orders;
    }
    const ranked = <T extends { paise: number; orders: number }>(list: T[]) =>
      list.sort((a, b) => b.paise - a.paise || b.orders - a.orders).map(({ paise, ...rest }) => ({ ...rest, value: toRupees(paise) }));
    return {
      from: q.from,
      to: q.to,
      timezone: IST_TIMEZONE,
      generatedAt: new Date().toISOString(),
      totals: { orders, value: toRupees(total) },
      byVendor: ranked(vendors),
      byArea: ranked(areas),
      heatmap,
    };
  }
}

/** A row of the range's sales: one day's (and on the last day one hour's) sales of one channel and payment. */
interface Sales {
  day: string;
  hour: number | null;
  isShop: boolean;
  close: DayCloseOrder;
}

/** A row of the best sellers' query: a product (by name when it has none), with the margin's totals over every line. */
interface TopRow {
  product_id: string | null;
  name: string;
  name_ta: string;
  unit: string;
  milli: string;
  /** null on the one row of a range without lines, which carries the totals alone */
  paise: string | null;
  /** the margin's totals: null counts when the range has no lines */
  all_lines: string | null;
  costed_lines: string | null;
  revenue: string;
  cost: string;
}

/** Best sellers by what their lines were charged, then by name, at most 10. */
function topProducts(rows: readonly TopRow[]): VendorSummary['topProducts'] {
  return rows
    .map((r) => ({ ...r, paise: Number(r.paise) }))
    .sort((a, b) => b.paise - a.paise || a.name.localeCompare(b.name))
    .slice(0, TOP)
    .map((p) => ({
      productId: p.product_id,
      name: p.name,
      nameTa: p.name_ta,
      quantity: String(fromMilli(Number(p.milli))),
      unit: p.unit,
      net: toRupees(p.paise),
    }));
}

/** Gross margin on the lines with a cost (`costed_lines`; `revenue` and `cost` are theirs), from the totals every row carries. */
function marginOf(totals: TopRow): VendorSummary['margin'] {
  const revenue = Number(totals.revenue);
  const cost = Number(totals.cost);
  const withCost = Number(totals.costed_lines ?? 0);
  return {
    revenue: toRupees(revenue),
    cost: toRupees(cost),
    margin: toRupees(revenue - cost),
    percent: revenue > 0 ? Math.round(((revenue - cost) * 1000) / revenue) / 10 : null,
    linesWithCost: withCost,
    linesWithoutCost: Number(totals.all_lines ?? 0) - withCost,
  };
}
