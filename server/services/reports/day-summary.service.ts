import { sql } from 'kysely';
import { IST_TIMEZONE, istDayEnd, istDayStart } from '../../../core/dates';
import { computeDayClose, type DayCloseLine, type DayCloseOrder } from '../../../core/day-close';
import { documentRanges } from '../../../core/gstr1';
import { toRupees } from '../../../core/money';
import type { DaySummary } from '../../../core/schemas/order';
import type { Db } from '../../db';
import type { AuthUser } from '../accounts/auth.service';
import { ON_ACCOUNT, ON_ACCOUNT_AT, ON_ACCOUNT_PAISE } from '../khata/customer-balances';
import { refundsOfDay } from './day-refunds';
import { reportPerson, reportVendor } from './report-vendor';
import { ORDER_PARTS_COLUMN, ordersJoined, UPI_BY_PROVIDER } from '../sales/order-queries';
import { collectedByRider, handedOverByRider, totalPaise } from '../delivery/rider-cash.queries';
import { dayShifts } from '../shifts/shift-dto';

const money = (p: Record<string, number>) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, toRupees(v)])) as Record<keyof typeof p, number>;

/**
 * The day's close of one vendor (GET /api/Orders/vendor/day-summary): its orders whose sale time falls
 * on the India-time day, shop sales and delivery orders alike, as recorded (core/day-close), with the
 * invoice numbers dated that day (cancelled ones included in the range and counted). An order numbered
 * at delivery counts in the sales of the day it was ordered (unpaid until the cash is recorded) and
 * its number in the range of the day it was delivered; one not delivered yet has no number. Credit
 * given is the khata's side: the credit sales whose goods left that day (docs/khata.md). Filtered to one
 * person (`staffId`), it counts the sales they made, the bill numbers of those sales, the returns they
 * gave and the payments they took; riders' cash on delivery stays the shop's.
 */
export class DaySummaryService {
  constructor(private readonly db: Db) {}

  async summary(actor: AuthUser, date: string, vendorId?: string, staffId?: string): Promise<DaySummary> {
    const vendor = await reportVendor(this.db, actor, vendorId);
    // one person's close: their sales (and voids), the bill numbers of those sales, their returns and the payments they took
    const staff = await reportPerson(this.db, vendor.id, staffId);
    const from = istDayStart(date);
    const until = istDayEnd(date);

    const by = staff?._id;

    let dayQuery = ordersJoined(this.db)
      .select([
        'o.id',
        'o.payment_status',
        'o.payment_method',
        'o.items_paise',
        'o.discount_paise',
        'o.delivery_discount_paise',
        'o.voided_at',
        'o.void_reason',
        'o.created_at',
        'inv.number as invoice_number',
        ORDER_PARTS_COLUMN,
        UPI_BY_PROVIDER.as('upi_by_provider'),
      ])
      .where('o.vendor_id', '=', vendor.id)
      .where('o.created_at', '>=', from)
      .where('o.created_at', '<', until);
    if (by) dayQuery = dayQuery.where('o.created_by', '=', by);

    let invoiceQuery = this.db
      .selectFrom('invoices')
      .select(['series', 'fy', 'seq', 'number', 'status', 'device_id'])
      .where('vendor_id', '=', vendor.id)
      .where('issued_at', '>=', from)
      .where('issued_at', '<', until);
    if (by) {
      invoiceQuery = invoiceQuery.where('order_id', 'in', this.db.selectFrom('orders').select('id').where('created_by', '=', by));
    }

    // every read at once: none depends on another
    const [dayRows, rateLines, invoices, creditCollected, creditGiven, cod, refundsFor, shifts] = await Promise.all([
      dayQuery.execute(),
      this.linesByRate(vendor.id, from, until, by),
      invoiceQuery.execute(),
      this.creditCollected(vendor.id, from, until, by),
      this.creditGiven(vendor.id, from, until, by),
      this.cashOnDelivery(vendor.id, from, until),
      refundsOfDay(this.db, vendor.id, from, until, by),
      // the tills' shifts opened that day (one person's close: the shifts they opened)
      dayShifts(this.db, vendor.id, from, until, by),
    ]);
    // a voided counter sale is no sale: it is listed apart, its invoice number counted as cancelled
    const orders = dayRows.filter((o) => !o.voided_at);
    const voided = dayRows.filter((o) => o.voided_at).sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
    const dayOrders: DayCloseOrder[] = orders.map((o, i) => ({
      paymentStatus: o.payment_status,
      paymentMethod: o.payment_method,
      parts: (o.payment_parts ?? []).map((p) => ({ method: p.method, amountPaise: Number(p.amountPaise) })),
      upiByProvider: !!o.upi_by_provider,
      itemsPaise: o.items_paise,
      discountPaise: o.discount_paise,
      deliveryDiscountPaise: o.delivery_discount_paise,
      // the tax by rate adds up lines whatever their sale: the day's lines come summed by rate, on its first sale
      lines: i === 0 ? rateLines : [],
    }));

    // first and last of the vendor's own series when it used it that day (the tills' series are listed beside it)
    const own = invoices.some((i) => !i.device_id) ? invoices.filter((i) => !i.device_id) : invoices;
    const close = computeDayClose(
      dayOrders,
      own.map((i) => ({ sortKey: [i.series === '' ? 0 : 1, i.fy, i.seq], number: i.number, cancelled: i.status === 'cancelled' })),
    );
    const invoiceSeries = documentRanges(
      invoices.map((i) => ({ series: i.series, seq: i.seq, number: i.number, cancelled: i.status === 'cancelled' })),
    );

    return {
      vendor: { _id: vendor.id, name: vendor.name, shopName: vendor.shop_name ?? '' },
      staff,
      date,
      timezone: IST_TIMEZONE,
      sales: close.sales,
      gross: toRupees(close.grossPaise),
      lineDiscounts: toRupees(close.lineDiscountPaise),
      deliveryDiscounts: toRupees(close.deliveryDiscountPaise),
      discounts: toRupees(close.discountPaise),
      net: toRupees(close.netPaise),
      payments: money(close.payments) as DaySummary['payments'],
      paymentCounts: close.paymentCounts,
      upiConfirmed: { provider: toRupees(close.upiConfirmed.providerPaise), byHand: toRupees(close.upiConfirmed.byHandPaise) },
      taxByRate: close.taxByRate.map((t) => ({
        rate: t.rate,
        charged: toRupees(t.chargedPaise),
        taxable: toRupees(t.taxablePaise),
        cgst: toRupees(t.cgstPaise),
        sgst: toRupees(t.sgstPaise),
        igst: toRupees(t.igstPaise),
        tax: toRupees(t.taxPaise),
      })),
      firstInvoice: close.firstInvoice,
      lastInvoice: close.lastInvoice,
      cancelledInvoices: invoices.filter((i) => i.status === 'cancelled').length,
      invoiceSeries,
      voids: {
        count: voided.length,
        amount: toRupees(voided.reduce((sum, o) => sum + o.items_paise - o.delivery_discount_paise, 0)),
        orders: voided.map((o) => ({
          _id: o.id,
          invoiceNumber: o.invoice_number ?? null,
          amount: toRupees(o.items_paise - o.delivery_discount_paise),
          reason: o.void_reason ?? '',
        })),
      },
      refunds: refundsFor(close.netPaise),
      creditCollected,
      creditGiven,
      cod,
      shifts,
    };
  }

  /**
   * The lines of the sales not voided of [from, until) (of `by` only, when given) summed by GST rate in the
   * database: what computeDayClose adds up per rate, so its tax by rate is the same as from each line.
   */
  private async linesByRate(vendorId: string, from: Date, until: Date, by?: string): Promise<DayCloseLine[]> {
    const rows = await this.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select([
        'l.gst_rate',
        sql<string>`sum(l.line_total_paise - l.delivery_discount_paise)`.as('charged'),
        sql<string>`sum(l.taxable_paise)`.as('taxable'),
        sql<string>`sum(l.cgst_paise)`.as('cgst'),
        sql<string>`sum(l.sgst_paise)`.as('sgst'),
        sql<string>`sum(l.igst_paise)`.as('igst'),
      ])
      .where('o.vendor_id', '=', vendorId)
      .where('o.created_at', '>=', from)
      .where('o.created_at', '<', until)
      .where('o.voided_at', 'is', null)
      .$if(!!by, (w) => w.where('o.created_by', '=', by!))
      .groupBy('l.gst_rate')
      .execute();
    return rows.map((l) => ({
      rate: Number(l.gst_rate),
      chargedPaise: Number(l.charged),
      taxablePaise: Number(l.taxable),
      cgstPaise: Number(l.cgst),
      sgstPaise: Number(l.sgst),
      igstPaise: Number(l.igst),
    }));
  }

  /**
   * Riders' cash on delivery for the shop (core/rider-cash.ts): collected on its orders they delivered
   * in [from, until), handed over to it then, and what they still held at `until` (from every day before).
   */
  private async cashOnDelivery(vendorId: string, from: Date, until: Date): Promise<DaySummary['cod']> {
    const [collected, handedOver, collectedBefore, handedBefore] = await Promise.all([
      collectedByRider(this.db, { vendorId, from, until }),
      handedOverByRider(this.db, { vendorId, from, until }),
      collectedByRider(this.db, { vendorId, until }),
      handedOverByRider(this.db, { vendorId, until }),
    ]);
    return {
      collected: toRupees(totalPaise(collected)),
      handedOver: toRupees(totalPaise(handedOver)),
      withRiders: toRupees(totalPaise(collectedBefore) - totalPaise(handedBefore)),
    };
  }

  /**
   * Credit given in [from, until): the credit sales that joined their customers' accounts then, i.e.
   * whose goods left then (a sale to deliver later on the day it was delivered), as the ledgers date them.
   */
  private async creditGiven(vendorId: string, from: Date, until: Date, staffId?: string): Promise<DaySummary['creditGiven']> {
    let q = ordersJoined(this.db)
      .select(['o.id', ON_ACCOUNT_PAISE.as('on_account_paise'), 'inv.number', 'sc.name', 'sc.phone'])
      .where('o.shop_customer_id', 'is not', null)
      .where('o.vendor_id', '=', vendorId)
      .where(ON_ACCOUNT)
      .where(ON_ACCOUNT_AT, '>=', from)
      .where(ON_ACCOUNT_AT, '<', until)
      .orderBy(ON_ACCOUNT_AT)
      .orderBy('o.order_number');
    if (staffId) q = q.where('o.created_by', '=', staffId);
    const rows = await q.execute();
    // a split sale gives credit for its credit part only
    const orders = rows.map((o) => ({ ...o, paise: Number(o.on_account_paise) }));
    return {
      amount: toRupees(orders.reduce((sum, o) => sum + o.paise, 0)),
      count: orders.length,
      orders: orders.map((o) => ({
        _id: o.id,
        invoiceNumber: o.number ?? null,
        customer: o.name ?? '',
        phone: o.phone ?? '',
        amount: toRupees(o.paise),
      })),
    };
  }

  /** Customer payments towards credit dues received in [from, until) (by `staffId` only, when given), by method (rupees). */
  private async creditCollected(vendorId: string, from: Date, until: Date, staffId?: string): Promise<DaySummary['creditCollected']> {
    let q = this.db
      .selectFrom('customer_payments')
      .select(['method', sql<string>`sum(amount_paise)`.as('paise'), sql<number>`count(*)::int`.as('count')])
      .where('vendor_id', '=', vendorId)
      .where('paid_at', '>=', from)
      .where('paid_at', '<', until)
      .groupBy('method');
    if (staffId) q = q.where('created_by', '=', staffId);
    const rows = await q.execute();
    const paise = { cash: 0, upi: 0, card: 0 };
    let count = 0;
    for (const r of rows) {
      paise[r.method] += Number(r.paise);
      count += Number(r.count);
    }
    return { ...money(paise), total: toRupees(paise.cash + paise.upi + paise.card), count } as DaySummary['creditCollected'];
  }
}
