import { baseQuantitySql } from '../sales/order-queries';
import { sql } from 'kysely';
import { IST_TIMEZONE, istDayEnd, istDayStart } from '../../../core/dates';
import { CODE } from '../../../core/message-codes';
import { toRupees } from '../../../core/money';
import {
  addProfitSums,
  expenseForProfitPaise,
  noProfitSums,
  PROFIT_DAILY_MAX_DAYS,
  PROFIT_MAX_DAYS,
  profitOf,
  type ProfitSums,
} from '../../../core/profit';
import type { ExpenseCategoryDto } from '../../../core/schemas/expense';
import type { ProfitResponse } from '../../../core/schemas/profit';
import { istDayOf } from '../../../core/sale-void';
import type { Db } from '../../db';
import { fieldError } from '../../lib/errors';
import type { AuthUser } from '../accounts/auth.service';
import { reportVendor } from './report-vendor';

const DAY_MS = 86_400_000;

/** What the profit report may answer besides 403 (declared by its route). */
export const PROFIT_CODES = ['endBeforeStart', 'periodTooLong'] as const;

/** The India-time day of a timestamp column, as text. */
const istDayText = (column: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE ${IST_TIMEZONE}, 'YYYY-MM-DD')`;
/**
 * A line's cost: its base quantity (a pack line's packs × factor) x the cost per base unit recorded
 * at the sale, rounded half-up to the paisa (null when unknown).
 */
const lineCost = (quantity: string, factor: string, cost: string) => sql`round(${baseQuantitySql(quantity, factor)} * ${sql.ref(cost)})`;

/** The days from `from` to `to`, both included; 400 when reversed or longer than PROFIT_MAX_DAYS. */
function daysOf(from: string, to: string): string[] {
  const start = istDayStart(from).getTime();
  const count = Math.round((istDayStart(to).getTime() - start) / DAY_MS) + 1;
  if (count < 1) throw fieldError('to', CODE.endBeforeStart);
  if (count > PROFIT_MAX_DAYS) throw fieldError('to', CODE.periodTooLong);
  return Array.from({ length: count }, (_, i) => istDayOf(new Date(start + i * DAY_MS)));
}

const figures = (s: ProfitSums) => {
  const p = profitOf(s);
  return {
    sales: toRupees(p.salesPaise),
    returns: toRupees(p.returnsPaise),
    netSales: toRupees(p.netSalesPaise),
    costOfSales: toRupees(p.costSoldPaise),
    costReturned: toRupees(p.costReturnedPaise),
    cogs: toRupees(p.cogsPaise),
    grossProfit: toRupees(p.grossProfitPaise),
    expenses: toRupees(p.expensesPaise),
    netProfit: toRupees(p.netProfitPaise),
  };
};

/**
 * A shop's profit for a period (GET /api/reports/profit; core/profit.ts, docs/decisions/profit.md).
 * Sales are counted as the day close counts them: by their sale time, voided ones out (a deleted order
 * is gone); credit notes by the time they were given; expenses by their date. Each sum is one grouped
 * read by India day, all read at once; the days are then folded into the breakdown's periods.
 */
export class ProfitService {
  constructor(private readonly db: Db) {}

  async report(actor: AuthUser, q: { from: string; to: string; vendorId?: string }): Promise<ProfitResponse> {
    const vendor = await reportVendor(this.db, actor, q.vendorId);
    const days = daysOf(q.from, q.to);
    const start = istDayStart(q.from);
    const until = istDayEnd(q.to);
    const claimsInputGst = !!vendor.gst_number?.trim();

    const [sales, notes, returned, expenses] = await Promise.all([
      // the sales' lines: taxable value, cost at the sale, and how many had no cost
      this.db
        .selectFrom('orders as o')
        .innerJoin('order_lines as l', 'l.order_id', 'o.id')
        .select([
          istDayText('o.created_at').as('day'),
          sql<string>`sum(l.taxable_paise)`.as('sales'),
          sql<string | null>`sum(${lineCost('l.quantity', 'l.pack_factor', 'l.cost_paise')})`.as('cost'),
          sql<string>`count(*) FILTER (WHERE l.cost_paise IS NULL)`.as('without_cost'),
        ])
        .where('o.vendor_id', '=', vendor.id)
        .where('o.created_at', '>=', start)
        .where('o.created_at', '<', until)
        .where('o.voided_at', 'is', null)
        .groupBy(sql`1`)
        .execute(),
      // the credit notes' taxable value
      this.db
        .selectFrom('credit_notes as cn')
        .innerJoin('orders as o', 'o.id', 'cn.order_id')
        .select([istDayText('cn.created_at').as('day'), sql<string>`sum(cn.taxable_paise)`.as('returns')])
        .where('cn.vendor_id', '=', vendor.id)
        .where('cn.created_at', '>=', start)
        .where('cn.created_at', '<', until)
        .where('o.voided_at', 'is', null)
        .groupBy(sql`1`)
        .execute(),
      // restocked returns: their lines' cost at the sale comes back out of the cost of goods sold
      this.db
        .selectFrom('credit_note_lines as cl')
        .innerJoin('credit_notes as cn', 'cn.id', 'cl.credit_note_id')
        .innerJoin('order_lines as l', 'l.id', 'cl.order_line_id')
        .innerJoin('orders as o', 'o.id', 'cn.order_id')
        .select([
          istDayText('cn.created_at').as('day'),
          sql<string | null>`sum(${lineCost('cl.quantity', 'l.pack_factor', 'l.cost_paise')})`.as('cost'),
          sql<string>`count(*) FILTER (WHERE l.cost_paise IS NULL)`.as('without_cost'),
        ])
        .where('cn.vendor_id', '=', vendor.id)
        .where('cn.restock', '=', true)
        .where('cn.created_at', '>=', start)
        .where('cn.created_at', '<', until)
        .where('o.voided_at', 'is', null)
        .groupBy(sql`1`)
        .execute(),
      // the expenses dated in the period, by day and category
      this.db
        .selectFrom('expenses as e')
        .innerJoin('expense_categories as c', 'c.id', 'e.category_id')
        .select([
          sql<string>`to_char(e.day, 'YYYY-MM-DD')`.as('day'),
          'c.id',
          'c.code',
          'c.name',
          'c.name_ta',
          sql<string>`sum(e.amount_paise)`.as('amount'),
          sql<string>`sum(e.cgst_paise + e.sgst_paise + e.igst_paise)`.as('gst'),
          sql<string>`count(*)`.as('count'),
        ])
        .where('e.shop_id', '=', vendor.id)
        .where('e.day', '>=', q.from)
        .where('e.day', '<=', q.to)
        .groupBy([sql`1`, 'c.id', 'c.code', 'c.name', 'c.name_ta'])
        .execute(),
    ]);

    const byDay = new Map<string, ProfitSums>(days.map((d) => [d, noProfitSums()]));
    const add = (day: string, s: Partial<ProfitSums>) => byDay.get(day) && addProfitSums(byDay.get(day)!, s);
    let linesWithoutCost = 0;
    for (const r of sales) {
      add(r.day, { salesPaise: Number(r.sales), costSoldPaise: Number(r.cost ?? 0) });
      linesWithoutCost += Number(r.without_cost);
    }
    for (const r of notes) add(r.day, { returnsPaise: Number(r.returns) });
    for (const r of returned) {
      add(r.day, { costReturnedPaise: Number(r.cost ?? 0) });
      linesWithoutCost += Number(r.without_cost);
    }
    const categories = new Map<string, { category: ExpenseCategoryDto; paise: number; count: number }>();
    for (const r of expenses) {
      // the sums of a day and category: amount less the input GST recorded on them, when claimed
      const paise = expenseForProfitPaise(Number(r.amount), Number(r.gst), claimsInputGst);
      add(r.day, { expensesPaise: paise });
      const entry = categories.get(r.id) ?? {
        category: { _id: r.id, code: r.code, name: r.name, nameTa: r.name_ta },
        paise: 0,
        count: 0,
      };
      entry.paise += paise;
      entry.count += Number(r.count);
      categories.set(r.id, entry);
    }

    const totals = noProfitSums();
    for (const s of byDay.values()) addProfitSums(totals, s);
    const by = days.length <= PROFIT_DAILY_MAX_DAYS ? 'day' : 'month';
    const periods = new Map<string, ProfitSums>();
    for (const [day, s] of byDay) {
      const key = by === 'day' ? day : day.slice(0, 7);
      const sums = periods.get(key) ?? noProfitSums();
      addProfitSums(sums, s);
      periods.set(key, sums);
    }

    return {
      vendor: { _id: vendor.id, name: vendor.name, shopName: vendor.shop_name ?? '' },
      from: q.from,
      to: q.to,
      timezone: IST_TIMEZONE,
      totals: figures(totals),
      linesWithoutCost,
      inputGstClaimed: claimsInputGst,
      expensesByCategory: [...categories.values()]
        .sort((a, b) => b.paise - a.paise || a.category.name.localeCompare(b.category.name))
        .map((c) => ({ category: c.category, amount: toRupees(c.paise), count: c.count })),
      breakdown: { by, periods: [...periods].map(([period, s]) => ({ period, ...figures(s) })) },
    };
  }
}
