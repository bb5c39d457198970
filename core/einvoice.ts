import { type Coded, coded } from './coded';
import {
  commonProblem,
  docTotals,
  EINVOICE_SCHEMA_VERSION,
  partyState,
  pincodeOf,
  portalDate,
  portalRupees,
  type TaxDoc,
  uqcOf,
} from './eway-document';
import type { EinvoiceFile } from './schemas/eway-einvoice';

/**
 * E-invoices (CGST rule 48(4)): a shop whose aggregate turnover passed the notified limit (₹5 crore
 * from 1 August 2023, Notification No. 10/2023-Central Tax of 10 May 2023) reports each B2B invoice,
 * credit note and debit note to an Invoice Registration Portal, which answers an IRN, an
 * acknowledgement and a signed QR code. The shop downloads the IRP's JSON (schema version 1.1) here,
 * uploads it there, and enters the answer back; nothing here calls the IRP. docs/einvoice.md.
 */

type EinvoiceDocType = 'INV' | 'CRN';

/** Why the document cannot be an e-invoice, or undefined. */
export function einvoiceProblem(doc: TaxDoc, shopAbove5Crore: boolean): Coded | undefined {
  if (!shopAbove5Crore) return coded('einvoiceNotRequired');
  if (!doc.buyer.gstin) return coded('einvoiceB2bOnly');
  return commonProblem(doc);
}

/** A name or place the IRP takes (3 to `max` characters), or the fallback. */
const text3 = (v: string, fallback: string, max: number) => (v.trim().length >= 3 ? v.trim() : fallback).slice(0, max);

/** The IRP's JSON of a B2B invoice (INV) or credit note (CRN). Call einvoiceProblem first. */
export function einvoiceFile(doc: TaxDoc, type: EinvoiceDocType): EinvoiceFile {
  const t = docTotals(doc.lines);
  const buyerPin = pincodeOf(doc.buyer.pincode);
  const buyerState = partyState(doc.buyer);
  return {
    Version: EINVOICE_SCHEMA_VERSION,
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: type, No: doc.number, Dt: portalDate(doc.date) },
    SellerDtls: {
      Gstin: doc.seller.gstin,
      LglNm: text3(doc.seller.name, 'Shop', 100),
      Addr1: doc.seller.address.slice(0, 100),
      Loc: doc.seller.city.slice(0, 50),
      Pin: pincodeOf(doc.seller.pincode)!,
      Stcd: partyState(doc.seller),
    },
    BuyerDtls: {
      Gstin: doc.buyer.gstin,
      LglNm: text3(doc.buyer.name, doc.buyer.gstin, 100),
      Pos: doc.placeOfSupply,
      Addr1: (doc.buyer.address.trim() || doc.buyer.city.trim() || buyerState).slice(0, 100),
      Loc: text3(doc.buyer.city, text3(doc.buyer.address, doc.seller.city, 100), 100),
      ...(buyerPin === null ? {} : { Pin: buyerPin }),
      Stcd: buyerState,
    },
    ItemList: doc.lines.map((l, i) => {
      const tax = l.cgstPaise + l.sgstPaise + l.igstPaise;
      return {
        SlNo: String(i + 1),
        ...(l.name.trim().length >= 3 ? { PrdDesc: l.name.trim().slice(0, 300) } : {}),
        IsServc: 'N' as const,
        HsnCd: l.hsnCode,
        Qty: l.quantity,
        Unit: uqcOf(l.unit),
        // prices include GST: the unit price before tax is the line's taxable value per unit
        UnitPrice: l.quantity > 0 ? Math.round((l.taxablePaise / l.quantity) * 10) / 1000 : 0,
        TotAmt: portalRupees(l.taxablePaise),
        Discount: 0,
        AssAmt: portalRupees(l.taxablePaise),
        GstRt: l.gstRate,
        IgstAmt: portalRupees(l.igstPaise),
        CgstAmt: portalRupees(l.cgstPaise),
        SgstAmt: portalRupees(l.sgstPaise),
        TotItemVal: portalRupees(l.taxablePaise + tax),
      };
    }),
    ValDtls: {
      AssVal: portalRupees(t.taxablePaise),
      CgstVal: portalRupees(t.cgstPaise),
      SgstVal: portalRupees(t.sgstPaise),
      IgstVal: portalRupees(t.igstPaise),
      TotInvVal: portalRupees(t.totalPaise),
    },
  };
}
