import { type Coded, coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import { IST_TIMEZONE, istDayEnd, istDayStart } from '../../../core/dates';
import { HOME_STATE, type LineTax } from '../../../core/gst';
import { computeGstr1 } from '../../../core/gstr1';
import { computeGstr3b, type HeadAmounts, monthPeriod, TAX_HEADS } from '../../../core/gstr3b';
import { gstr3bCsv, gstr3bPortalJson } from '../../../core/gstr3b-portal';
import { toRupees } from '../../../core/money';
import type { Db } from '../../db';
import type { AuthUser } from '../accounts/auth.service';
import { reportVendor } from '../reports/report-vendor';
import { debitNoteTotalsByRate } from '../stock/debit-note-queries';
import { creditNotes, invoiceDocuments, invoiceLines } from './gstr1-rows';
import { expenseItc, nilRatedInward, purchaseItc } from './gstr3b-rows';

export interface Gstr3bRequest {
  month: string;
  vendorId?: string;
}

const supplyDto = (t: LineTax) => ({
  taxable: toRupees(t.taxablePaise),
  igst: toRupees(t.igstPaise),
  cgst: toRupees(t.cgstPaise),
  sgst: toRupees(t.sgstPaise),
});
const headsDto = (h: HeadAmounts) => ({ igst: toRupees(h.igst), cgst: toRupees(h.cgst), sgst: toRupees(h.sgst) });
const lineHeads = (t: LineTax): HeadAmounts => ({ igst: t.igstPaise, cgst: t.cgstPaise, sgst: t.sgstPaise });
const NONE: LineTax = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

/**
 * GSTR-3B for one shop and month. The outward side is the month's GSTR-1, built from the same rows
 * the GSTR-1 report reads (gstr1-rows.ts: invoices and credit notes dated in the month, India time),
 * so table 3.1(a) equals GSTR-1's totals; the credit side is the month's supplier bills less its
 * debit notes. Rules and sources: docs/gstr3b.md.
 */
export class Gstr3bService {
  constructor(private readonly db: Db) {}

  async report(actor: AuthUser, q: Gstr3bRequest) {
    const vendor = await reportVendor(this.db, actor, q.vendorId);
    const { startDate, endDate, retPeriod } = monthPeriod(q.month);
    const from = istDayStart(startDate);
    const until = istDayEnd(endDate);

    const lines = await invoiceLines(this.db, vendor.id, from, until);
    const notes = await creditNotes(this.db, vendor.id, from, until);
    const documents = await invoiceDocuments(this.db, vendor.id, from, until);
    const outward = computeGstr1(lines, HOME_STATE.code, documents, notes);

    const purchases = await purchaseItc(this.db, vendor.id, startDate, endDate);
    const expenses = await expenseItc(this.db, vendor.id, startDate, endDate);
    const nilInward = await nilRatedInward(this.db, vendor.id, startDate, endDate);
    const debitNotes = await debitNoteTotalsByRate(this.db, vendor.id, startDate, endDate);
    const g = computeGstr3b({
      outward,
      purchases: purchases.tax,
      expenses: expenses.tax,
      nilInward,
      debitNotes: debitNotes.map((d) => ({ taxablePaise: d.taxable, cgstPaise: d.cgst, sgstPaise: d.sgst, igstPaise: d.igst })),
    });

    const gstin = vendor.gst_number ?? '';
    const warnings: Coded[] = [];
    if (!gstin) warnings.push(coded(CODE.gstr1NoGstin));
    if (TAX_HEADS.some((h) => g.itcNet[h] < 0)) warnings.push(coded(CODE.gstr3bItcNegative));
    const portalJson = gstr3bPortalJson(g, { gstin, retPeriod });

    return {
      vendor: { _id: vendor.id, name: vendor.name, gstNumber: gstin, shopName: vendor.shop_name ?? '' },
      period: { month: q.month, startDate, endDate, retPeriod, timezone: IST_TIMEZONE },
      outward: {
        taxable: supplyDto(g.outwardTaxable),
        zeroRated: supplyDto(g.zeroRated),
        nilExempt: toRupees(g.nilExemptPaise),
        reverseCharge: supplyDto(NONE),
        nonGst: 0,
      },
      interState: g.interState.map((r) => ({
        placeOfSupply: r.placeOfSupply,
        taxable: toRupees(r.taxablePaise),
        igst: toRupees(r.igstPaise),
      })),
      itc: {
        purchases: headsDto(lineHeads(g.itcPurchases)),
        expenses: headsDto(lineHeads(g.itcExpenses)),
        available: headsDto(g.itcAvailable),
        reversed: headsDto(g.itcReversed),
        net: headsDto(g.itcNet),
      },
      nilInward: { inter: toRupees(g.nilInward.interPaise), intra: toRupees(g.nilInward.intraPaise) },
      payable: g.payable.map((p) => ({
        head: p.head,
        payable: toRupees(p.payablePaise),
        paid: headsDto(p.paid),
        cash: toRupees(p.cashPaise),
      })),
      creditLeft: headsDto(g.creditLeft),
      counts: {
        invoices: outward.totals.invoices,
        creditNotes: outward.totals.creditNotes,
        purchases: purchases.count,
        expenses: expenses.count,
      },
      warnings,
      portalJson,
      csv: gstr3bCsv(g),
    };
  }
}
