import { coded } from '../../core/coded';
import { CODE } from '../../core/message-codes';
import { IST_TIMEZONE, istDayEnd, istDayStart } from '../../core/dates';
import { HOME_STATE } from '../../core/gst';
import { amountsInRupees, computeGstr1, filingPeriod, gstr1Csv, gstr1PortalJson, type Gstr1Line } from '../../core/gstr1';
import { toRupees } from '../../core/money';
import type { Db } from '../db';
import { fieldError } from '../lib/errors';
import type { AuthUser } from './auth.service';
import { reportVendor } from './report-vendor';

/** Periods are whole days in India time, both dates inclusive. */
export const REPORT_TIMEZONE = IST_TIMEZONE;
const MAX_DAYS = 366;

export interface Gstr1Query {
  startDate: string;
  endDate: string;
  vendorId?: string;
}

export class Gstr1Service {
  constructor(private readonly db: Db) {}

  async report(actor: AuthUser, q: Gstr1Query) {
    const vendor = await reportVendor(this.db, actor, q.vendorId);
    const vendorId = vendor.id;
    const from = istDayStart(q.startDate);
    const endDay = istDayStart(q.endDate);
    if (Number.isNaN(from.getTime()) || Number.isNaN(endDay.getTime())) throw fieldError('startDate', CODE.datesFormat);
    if (endDay < from) throw fieldError('endDate', CODE.endBeforeStart);
    const until = istDayEnd(q.endDate);
    if ((until.getTime() - from.getTime()) / 86_400_000 > MAX_DAYS) throw fieldError('endDate', CODE.periodTooLong);

    // A sale is in the period of its invoice's date, as in table 13: the sale time, or the delivery
    // time of an order numbered at delivery. A pending order with no number yet is no supply so far.
    const rows = await this.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .innerJoin('invoices as inv', 'inv.order_id', 'o.id')
      .leftJoin('products as p', 'p.id', 'l.product_id')
      .leftJoin('gsts as g', 'g.id', 'p.gst_id')
      .select([
        'o.order_number',
        'inv.issued_at',
        'o.is_shop',
        'l.name',
        'g.name as gst_name',
        'l.quantity',
        'l.unit',
        'l.line_total_paise',
        'l.delivery_discount_paise',
        'l.gst_rate',
        'l.hsn_code',
        'l.taxable_paise',
        'l.cgst_paise',
        'l.sgst_paise',
        'l.igst_paise',
      ])
      .where('o.vendor_id', '=', vendorId)
      .where('inv.vendor_id', '=', vendorId)
      // a voided sale's invoice is cancelled: its number is in table 13, its lines in no table
      .where('inv.status', '=', 'issued')
      .where('inv.issued_at', '>=', from)
      .where('inv.issued_at', '<', until)
      .orderBy('o.order_number')
      .orderBy('l.position')
      .execute();

    // Every shop and every delivery address is in Tamil Nadu, so the place of supply is the home state.
    const lines: Gstr1Line[] = rows.map((x) => ({
      orderNumber: Number(x.order_number),
      date: new Date(x.issued_at).toISOString(),
      isShop: x.is_shop,
      placeOfSupply: HOME_STATE.code,
      rate: Number(x.gst_rate),
      hsn: x.hsn_code,
      description: x.gst_name || x.name,
      quantity: Number(x.quantity),
      unit: x.unit,
      lineTotalPaise: x.line_total_paise - x.delivery_discount_paise,
      taxablePaise: x.taxable_paise,
      cgstPaise: x.cgst_paise,
      sgstPaise: x.sgst_paise,
      igstPaise: x.igst_paise,
    }));
    // every number of the vendor's series dated in the period, issued or cancelled (table 13)
    const documents = await this.db
      .selectFrom('invoices')
      .select(['series', 'seq', 'number', 'status'])
      .where('vendor_id', '=', vendorId)
      .where('issued_at', '>=', from)
      .where('issued_at', '<', until)
      .execute();
    const summary = computeGstr1(
      lines,
      HOME_STATE.code,
      documents.map((d) => ({ series: d.series, seq: d.seq, number: d.number, cancelled: d.status === 'cancelled' })),
    );
    const fp = filingPeriod(q.startDate);
    const gstin = vendor.gst_number ?? '';
    if (!gstin) summary.warnings.unshift(coded(CODE.gstr1NoGstin));
    if (fp !== filingPeriod(q.endDate)) summary.warnings.push(coded(CODE.gstr1SpansMonths));
    const salesPaise = lines.reduce((s, l) => s + l.lineTotalPaise, 0);
    if (salesPaise !== summary.totals.totalValuePaise) {
      summary.warnings.push(coded(CODE.gstr1TaxSplit));
    }

    return {
      vendor: { _id: vendor.id, name: vendor.name, gstNumber: gstin, shopName: vendor.shop_name ?? '' },
      period: { startDate: q.startDate, endDate: q.endDate, fp, timezone: REPORT_TIMEZONE },
      b2cs: summary.b2cs.map((b) => ({ supplyType: b.supplyType, placeOfSupply: b.placeOfSupply, rate: b.rate, ...amountsInRupees(b) })),
      nil: summary.nil.map((n) => ({ supplyType: n.supplyType, nilRated: toRupees(n.nilPaise) })),
      hsn: summary.hsn.map((h) => ({
        hsn: h.hsn,
        description: h.description,
        uqc: h.uqc,
        rate: h.rate,
        quantity: h.quantity,
        totalValue: toRupees(h.totalValuePaise),
        ...amountsInRupees(h),
      })),
      docs: summary.docs,
      totals: {
        ...amountsInRupees(summary.totals),
        tax: toRupees(summary.totals.taxPaise),
        totalValue: toRupees(summary.totals.totalValuePaise),
        sales: toRupees(salesPaise),
        quantity: summary.totals.quantity,
        quantities: summary.totals.quantities,
        invoices: summary.totals.invoices,
      },
      warnings: summary.warnings,
      portalJson: gstr1PortalJson(summary, { gstin, fp }),
      csv: gstr1Csv(summary),
    };
  }
}
