import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { IST_TIMEZONE, istDayEnd, istDayStart } from '../../../core/dates';
import { HOME_STATE, taxOf } from '../../../core/gst';
import {
  amountsInRupees,
  computeGstr1,
  filingPeriod,
  type Gstr1Invoice,
  type Gstr1NoteRow,
  type HsnRow,
  type RateItem,
} from '../../../core/gstr1';
import { gstr1Csv, gstr1PortalJson } from '../../../core/gstr1-portal';
import { toRupees } from '../../../core/money';
import type { Db } from '../../db';
import { fieldError } from '../../lib/errors';
import type { AuthUser } from '../accounts/auth.service';
import { creditNotes, invoiceDocuments, invoiceLines } from './gstr1-rows';
import { reportVendor } from '../reports/report-vendor';

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

    const lines = await invoiceLines(this.db, vendorId, from, until);
    const notes = await creditNotes(this.db, vendorId, from, until);
    const documents = await invoiceDocuments(this.db, vendorId, from, until);
    const summary = computeGstr1(lines, HOME_STATE.code, documents, notes);
    const fp = filingPeriod(q.startDate);
    const gstin = vendor.gst_number ?? '';
    if (!gstin) summary.warnings.unshift(coded(CODE.gstr1NoGstin));
    if (fp !== filingPeriod(q.endDate)) summary.warnings.push(coded(CODE.gstr1SpansMonths));
    // what was charged against the tax snapshot; the totals are the invoices less the credit notes
    const salesPaise = lines.reduce((s, l) => s + l.lineTotalPaise, 0);
    if (lines.some((l) => l.taxablePaise + taxOf(l) !== l.lineTotalPaise)) summary.warnings.push(coded(CODE.gstr1TaxSplit));
    const notesPaise = notes.reduce((s, n) => s + n.valuePaise, 0);

    return {
      vendor: { _id: vendor.id, name: vendor.name, gstNumber: gstin, shopName: vendor.shop_name ?? '' },
      period: { startDate: q.startDate, endDate: q.endDate, fp, timezone: REPORT_TIMEZONE },
      b2cs: summary.b2cs.map((b) => ({ supplyType: b.supplyType, placeOfSupply: b.placeOfSupply, rate: b.rate, ...amountsInRupees(b) })),
      nil: summary.nil.map((n) => ({ supplyType: n.supplyType, registered: n.registered, nilRated: toRupees(n.nilPaise) })),
      b2b: summary.b2b.map(invoiceDto),
      b2cl: summary.b2cl.map(invoiceDto),
      cdnr: summary.cdnr.map(noteDto),
      cdnur: summary.cdnur.map(noteDto),
      hsn: summary.hsn.map(hsnDto),
      hsnB2b: summary.hsnB2b.map(hsnDto),
      hsnB2c: summary.hsnB2c.map(hsnDto),
      docs: summary.docs,
      creditNoteDocs: summary.creditNoteDocs,
      totals: {
        ...amountsInRupees(summary.totals),
        tax: toRupees(summary.totals.taxPaise),
        totalValue: toRupees(summary.totals.totalValuePaise),
        sales: toRupees(salesPaise),
        creditNotesValue: toRupees(notesPaise),
        quantity: summary.totals.quantity,
        quantities: summary.totals.quantities,
        invoices: summary.totals.invoices,
        creditNotes: summary.totals.creditNotes,
      },
      warnings: summary.warnings,
      portalJson: gstr1PortalJson(summary, { gstin, fp }),
      csv: gstr1Csv(summary),
    };
  }
}

const itemsDto = (items: readonly RateItem[]) => items.map((it) => ({ rate: it.rate, ...amountsInRupees(it) }));

function invoiceDto(i: Gstr1Invoice) {
  return {
    number: i.number,
    date: i.date,
    value: toRupees(i.valuePaise),
    placeOfSupply: i.placeOfSupply,
    supplyType: i.supplyType,
    buyerGstin: i.buyerGstin,
    buyerName: i.buyerName,
    items: itemsDto(i.items),
  };
}

function noteDto(n: Gstr1NoteRow) {
  return { ...invoiceDto(n), invoiceNumber: n.invoiceNumber, invoiceDate: n.invoiceDate };
}

function hsnDto(h: HsnRow) {
  return {
    hsn: h.hsn,
    description: h.description,
    uqc: h.uqc,
    rate: h.rate,
    quantity: h.quantity,
    totalValue: toRupees(h.totalValuePaise),
    ...amountsInRupees(h),
  };
}
