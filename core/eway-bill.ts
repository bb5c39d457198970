import { type Coded, coded } from './coded';
import {
  commonProblem,
  docTotals,
  EWAY_BILL_FILE_VERSION,
  partyState,
  pincodeOf,
  portalDate,
  portalRupees,
  type TaxDoc,
  type TaxDocLine,
  uqcOf,
} from './eway-document';
import { HOME_STATE } from './gst';
import { gstinStateCode } from './gstin';
import type { EwayBillFile, EwayBillTransport } from './schemas/eway-einvoice';

/**
 * The e-way bill (CGST rule 138): before goods worth more than the threshold move, the supplier files
 * Part A (the document, the parties, the goods) and Part B (the vehicle) on the NIC portal. The shop
 * downloads the portal's bulk-upload JSON here and uploads it there; the number the portal gives is
 * entered back and printed on the bill. docs/eway-bill.md.
 *
 * Thresholds, on the consignment value (the value with its tax, exempt goods left out, rule 138(1)
 * Explanation 2):
 * - inter-state: more than ₹50,000 (CGST rule 138(1));
 * - within Tamil Nadu: more than ₹1,00,000 (Notification No. 09/2018 of the Commissioner of State Tax,
 *   Tamil Nadu, 31 May 2018, in force from 2 June 2018, under TNGST rule 138(14)(d)).
 */
const EWAY_BILL_INTER_STATE_PAISE = 50_000_00;
const EWAY_BILL_TAMIL_NADU_PAISE = 1_00_000_00;

/** The value the threshold is read against: the taxable lines' value with their tax (exempt lines left out). */
function consignmentPaise(lines: readonly TaxDocLine[]): number {
  return docTotals(lines.filter((l) => l.gstRate > 0)).totalPaise;
}

/** The threshold of a movement from the shop's state to the place of supply. */
const ewayBillThresholdPaise = (placeOfSupply: string, from: string = HOME_STATE.code): number =>
  placeOfSupply === from ? EWAY_BILL_TAMIL_NADU_PAISE : EWAY_BILL_INTER_STATE_PAISE;

/**
 * Where goods returned to a supplier go: the state of the supplier's GSTIN; without one, Tamil Nadu for
 * a bill of this state, else unknown ('00': the inter-state threshold applies, the portal asks the state).
 */
export const returnStateCode = (supplierGstin: string, interState: boolean): string =>
  supplierGstin ? gstinStateCode(supplierGstin) : interState ? '00' : HOME_STATE.code;

/** True when the document's goods need an e-way bill to move. */
export const needsEwayBill = (doc: Pick<TaxDoc, 'lines' | 'placeOfSupply'>): boolean =>
  consignmentPaise(doc.lines) > ewayBillThresholdPaise(doc.placeOfSupply);

/** Why an e-way bill cannot be made for the document with this transport, or undefined. */
export function ewayBillProblem(doc: TaxDoc, transport: EwayBillTransport): Coded | undefined {
  if (!needsEwayBill(doc)) {
    return coded('ewayBillBelowThreshold', { threshold: String(ewayBillThresholdPaise(doc.placeOfSupply) / 100) });
  }
  const common = commonProblem(doc);
  if (common) return common;
  if (pincodeOf(doc.buyer.pincode) === null) return coded('ewayBillPincodeMissing');
  if (transport.transMode === '1' && !transport.vehicleNo) return coded('ewayBillVehicleRequired');
  return undefined;
}

/** What moves the goods: a sale (sub-type 1 Supply, an invoice) or another outward movement. */
export interface EwayBillKind {
  subSupplyType: number;
  subSupplyDesc: string;
  docType: 'INV' | 'OTH';
}
const SUPPLY: EwayBillKind = { subSupplyType: 1, subSupplyDesc: '', docType: 'INV' };
/**
 * Goods returned to a supplier under a debit note: outward, sub-type 8 (Others) described as a purchase
 * return, document OTH (the portal's list has no debit note; "Sales Return" is an inward sub-type, the
 * supplier's side). docs/eway-bill.md.
 */
export const PURCHASE_RETURN: EwayBillKind = { subSupplyType: 8, subSupplyDesc: 'Purchase Return', docType: 'OTH' };

/**
 * The bulk-upload file of one outward movement: supply type O, by default sub-type 1 (Supply) and
 * document INV, transaction type 1 (Regular). Inter-state lines carry the IGST rate, others half the
 * rate as CGST and half as SGST. Call ewayBillProblem first.
 */
export function ewayBillFile(doc: TaxDoc, transport: EwayBillTransport, interState: boolean, kind: EwayBillKind = SUPPLY): EwayBillFile {
  const t = docTotals(doc.lines);
  const fromState = Number(partyState(doc.seller) || HOME_STATE.code);
  const toState = Number(partyState(doc.buyer) || doc.placeOfSupply);
  const itemRates = (l: TaxDocLine) =>
    interState ? { sgstRate: 0, cgstRate: 0, igstRate: l.gstRate } : { sgstRate: l.gstRate / 2, cgstRate: l.gstRate / 2, igstRate: 0 };
  return {
    version: EWAY_BILL_FILE_VERSION,
    billLists: [
      {
        userGstin: doc.seller.gstin,
        supplyType: 'O',
        subSupplyType: kind.subSupplyType,
        subSupplyDesc: kind.subSupplyDesc,
        docType: kind.docType,
        docNo: doc.number,
        docDate: portalDate(doc.date),
        transType: 1,
        fromGstin: doc.seller.gstin,
        fromTrdName: doc.seller.name,
        fromAddr1: doc.seller.address.slice(0, 120),
        fromAddr2: '',
        fromPlace: doc.seller.city.slice(0, 50),
        fromPincode: pincodeOf(doc.seller.pincode)!,
        fromStateCode: fromState,
        actualFromStateCode: fromState,
        toGstin: doc.buyer.gstin || 'URP',
        toTrdName: doc.buyer.name.slice(0, 100),
        toAddr1: doc.buyer.address.slice(0, 120),
        toAddr2: '',
        toPlace: doc.buyer.city.slice(0, 50),
        toPincode: pincodeOf(doc.buyer.pincode)!,
        toStateCode: doc.buyer.gstin ? toState : Number(doc.placeOfSupply),
        actualToStateCode: Number(doc.placeOfSupply),
        totalValue: portalRupees(t.taxablePaise),
        cgstValue: portalRupees(t.cgstPaise),
        sgstValue: portalRupees(t.sgstPaise),
        igstValue: portalRupees(t.igstPaise),
        cessValue: 0,
        TotNonAdvolVal: 0,
        OthValue: 0,
        totInvValue: portalRupees(t.totalPaise),
        transMode: Number(transport.transMode),
        transDistance: transport.transDistance,
        transporterName: '',
        transporterId: '',
        transDocNo: '',
        transDocDate: '',
        vehicleNo: transport.vehicleNo ?? '',
        vehicleType: 'R',
        mainHsnCode: Number(mainHsn(doc.lines)),
        itemList: doc.lines.map((l, i) => ({
          itemNo: i + 1,
          productName: l.name.slice(0, 100),
          productDesc: l.name.slice(0, 100),
          hsnCode: Number(l.hsnCode),
          quantity: l.quantity,
          qtyUnit: uqcOf(l.unit),
          taxableAmount: portalRupees(l.taxablePaise),
          ...itemRates(l),
          cessRate: 0,
          cessNonAdvol: 0,
        })),
      },
    ],
  };
}

/** The HSN of the largest taxable value: the portal's main HSN code. */
function mainHsn(lines: readonly TaxDocLine[]): string {
  const by = new Map<string, number>();
  for (const l of lines) by.set(l.hsnCode, (by.get(l.hsnCode) ?? 0) + l.taxablePaise);
  return [...by].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}
