import { sql } from 'kysely';
import { dueDay, settleOldestFirst } from '../../../core/customer';
import { computeDayClose, type DayCloseOrder } from '../../../core/day-close';
import { IST_TIMEZONE, istDayEnd, istDayStart } from '../../../core/dates';
import { toRupees } from '../../../core/money';
import { fromMilli, toMilli } from '../../../core/quantity';
import { istDayOf } from '../../../core/sale-void';
import { SUMMARY_MAX_DAYS, type AdminSummary, type VendorSummary } from '../../../core/schemas/dashboard';
import { CODE } from '../../../core/message-codes';
import type { Db } from '../../db';
import { fieldError } from '../../lib/errors';
import type { AuthUser } from '../accounts/auth.service';
import { balancesOf, duesOf, recordsOf, settledOf } from '../khata/customer-balances';
import type { ReorderService } from '../stock/reorder.service';
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
  constructor(
    private readonly db: Db,
    private readonly reorder: ReorderService,
  ) {}

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
    const [orders, refundsByDay, lines, dues, lowStock] = await Promise.all([
      this.sales(vendor.id, start, until, lastDay, by),
      this.refunds(vendor.id, start, until, by),
      this.lines(vendor.id, start, until, by),
      this.dues(vendor.id),
      this.lowStock(actor, vendor.id),
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
      topProducts: topProducts(lines),
      margin: marginOf(lines),
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
   * The lines of the vendor's orders not voided sold in [start, until), with what each was charged (its
   * total less its share of the delivery discount, as the day close counts it) and its cost: the one
   * recorded at the sale (a later purchase does not change a past margin), else the product's cost now
   * (sales from before costs were recorded); with `by`, the lines of that person's sales only.
   */
  private async lines(vendorId: string, start: Date, until: Date, by?: string) {
    // summed per product and name snapshot in the database: a quarter of a busy shop is tens of thousands of lines
    const rows = await this.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .leftJoin('products as p', 'p.id', 'l.product_id')
      .select([
        'l.product_id',
        'l.name',
        'l.name_ta',
        'l.unit',
        // in the base unit: a pack line counts packs × factor
        sql<string>`sum(${baseQuantitySql()})`.as('quantity'),
        sql<string>`sum(l.line_total_paise - l.delivery_discount_paise)`.as('charged'),
        // each line's cost rounded to the paisa, as a line would be costed on its own
        sql<string>`sum(round(${baseQuantitySql()} * coalesce(l.cost_paise, p.cost_price_paise)))`.as('cost'),
        sql<number>`count(coalesce(l.cost_paise, p.cost_price_paise))::int`.as('costed'),
        sql<number>`count(*)::int`.as('lines'),
      ])
      .where('o.vendor_id', '=', vendorId)
      .where('o.created_at', '>=', start)
      .where('o.created_at', '<', until)
      .where('o.voided_at', 'is', null)
      .$if(!!by, (w) => w.where('o.created_by', '=', by!))
      .groupBy(['l.product_id', 'l.name', 'l.name_ta', 'l.unit'])
      .execute();
    return rows.map((r) => ({
      productId: r.product_id,
      name: r.name,
      nameTa: r.name_ta,
      milli: toMilli(Number(r.quantity)),
      unit: r.unit,
      chargedPaise: Number(r.charged),
      costPaise: r.costed === 0 ? null : Number(r.cost),
      lines: Number(r.lines),
    }));
  }

  /** Credit dues now: the shop's customers' balances above 0, and what of them is past its due day; null without a credit sale. */
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
    const customers = await this.db
      .selectFrom('shop_customers')
      .select(['id', 'created_at', 'opening_balance_paise', 'credit_days'])
      .where('vendor_id', '=', vendorId)
      .execute();
    const balances = await balancesOf(
      this.db,
      customers.map((c) => c.id),
    );
    const owing = customers.filter((c) => (balances.get(c.id) ?? 0) > 0);
    const records = await recordsOf(this.db, owing);
    const today = istDayOf(new Date());
    let overdue = 0;
    for (const c of owing) {
      const r = records.get(c.id)!;
      const settled = settleOldestFirst(duesOf(r), settledOf(r));
      // overdue: what is still open past its due day (the sale's day plus the customer's credit days)
      for (const d of settled) if (d.openPaise > 0 && dueDay(d.at, c.credit_days) < today) overdue += d.openPaise;
    }
    return {
      outstanding: toRupees(owing.reduce((s, c) => s + balances.get(c.id)!, 0)),
      customers: owing.length,
      overdue: toRupees(overdue),
    };
  }

  /** The reorder list's products (server/services/stock/reorder.service.ts), the emptiest first, at most 10. */
  private async lowStock(actor: AuthUser, vendorId: string): Promise<VendorSummary['lowStock']> {
    const { products } = await this.reorder.list(actor, vendorId);
    return [...products]
      .sort((a, b) => a.countInStock - b.countInStock || a.name.localeCompare(b.name))
      .slice(0, TOP)
      .map((p) => ({
        productId: p._id,
        name: p.name,
        nameTa: p.Tamil,
        inStock: String(p.countInStock),
        reorderLevel: String(p.reOrderLevel),
        unit: p.unit,
      }));
  }

  async adminSummary(q: { from: string; to: string }): Promise<AdminSummary> {
    daysOf(q.from, q.to);
    // summed in the database in one pass over the range (a quarter is over a hundred thousand orders):
    // per vendor, per delivery area, and per India-time weekday and hour; `set` says which sum a row is
    const rows = await this.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.vendor_id')
      .select([
        sql<number>`grouping(o.vendor_id, ${DELIVERY_AREA}, ${IST_WEEKDAY}, ${IST_HOUR})`.as('set'),
        'o.vendor_id',
        sql<string | null>`max(u.shop_name)`.as('shop_name'),
        sql<string | null>`max(u.name)`.as('name'),
        DELIVERY_AREA.as('area'),
        IST_WEEKDAY.as('weekday'),
        IST_HOUR.as('hour'),
        sql<number>`count(*)::int`.as('orders'),
        sql<string>`sum(o.items_paise - o.delivery_discount_paise)`.as('net'),
      ])
      .where('o.created_at', '>=', istDayStart(q.from))
      .where('o.created_at', '<', istDayEnd(q.to))
      .where('o.voided_at', 'is', null)
      .groupBy(sql`GROUPING SETS ((o.vendor_id), (${DELIVERY_AREA}), (${IST_WEEKDAY}, ${IST_HOUR}))`)
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

type Line = Awaited<ReturnType<DashboardService['lines']>>[number];

/** Best sellers by what their lines were charged, by product (a line without a product by its name), named as one of its lines was. */
function topProducts(lines: readonly Line[]): VendorSummary['topProducts'] {
  const byProduct = new Map<string, { line: Line; milli: number; paise: number }>();
  for (const l of lines) {
    const key = l.productId ?? `name:${l.name}`;
    const p = byProduct.get(key) ?? { line: l, milli: 0, paise: 0 };
    p.milli += l.milli;
    p.paise += l.chargedPaise;
    byProduct.set(key, p);
  }
  return [...byProduct.values()]
    .sort((a, b) => b.paise - a.paise || a.line.name.localeCompare(b.line.name))
    .slice(0, TOP)
    .map((p) => ({
      productId: p.line.productId,
      name: p.line.name,
      nameTa: p.line.nameTa,
      quantity: String(fromMilli(p.milli)),
      unit: p.line.unit,
      net: toRupees(p.paise),
    }));
}

/** Gross margin on the lines whose product has a cost price (the weighted average cost of what was received; `costPaise` is the rows' cost). */
function marginOf(lines: readonly Line[]): VendorSummary['margin'] {
  let revenue = 0;
  let cost = 0;
  let withCost = 0;
  let all = 0;
  for (const l of lines) {
    all += l.lines;
    if (l.costPaise === null) continue;
    withCost += l.lines;
    revenue += l.chargedPaise;
    cost += l.costPaise;
  }
  return {
    revenue: toRupees(revenue),
    cost: toRupees(cost),
    margin: toRupees(revenue - cost),
    percent: revenue > 0 ? Math.round(((revenue - cost) * 1000) / revenue) / 10 : null,
    linesWithCost: withCost,
    linesWithoutCost: all - withCost,
  };
}
