import { type Coded, coded } from './coded';
import { gstinStateCode } from './gstin';
import { DOCUMENT_NUMBER_MAX } from './invoice';
import { toPaise } from './money';
import { UQC, unitOf } from './units';

/**
 * What the e-way bill and the e-invoice are built from: a tax document (an invoice or a credit
 * note), the shop that issued it and the buyer, money in paise, quantities in the line's unit.
 * server/services/sales/eway-einvoice.service.ts fills it from the order or the note.
 */
export interface TaxDocLine {
  name: string;
  hsnCode: string;
  quantity: number;
  unit: string;
  gstRate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxDocParty {
  name: string;
  /** '' for an unregistered buyer. */
  gstin: string;
  address: string;
  city: string;
  pincode: string;
  /** The GST state code ('' when not known). */
  stateCode: string;
}

export interface TaxDoc {
  /** The invoice or credit note number. */
  number: string;
  /** When it was issued (ISO). */
  date: string;
  /** The GST state code of the place of supply. */
  placeOfSupply: string;
  seller: TaxDocParty;
  buyer: TaxDocParty;
  lines: TaxDocLine[];
}

/** E-way bill (core/eway-bill.ts): the bulk-upload file's format version, as the NIC bulk generation tool writes it. */
export const EWAY_BILL_FILE_VERSION = '1.0.0421';
/** The portal's longest distance for one e-way bill (km). */
export const EWAY_BILL_MAX_KM = 4000;
/** Transport modes (master codes): 1 road, 2 rail, 3 air, 4 ship. */
export const TRANSPORT_MODES = ['1', '2', '3', '4'] as const;
/** A vehicle number as the portal takes it: TN01AB1234, letters and digits, 4 to 15. */
export const VEHICLE_NO_PATTERN = /^[A-Z]{2}[0-9A-Z]{2,13}$/;
/** An e-way bill number: 12 digits. */
export const EWAY_BILL_NO_PATTERN = /^\d{12}$/;

/** E-invoice (core/einvoice.ts): the IRP's schema version. */
export const EINVOICE_SCHEMA_VERSION = '1.1';
/** An IRN: the SHA-256 of the supplier's GSTIN, the year, the document type and number, 64 hex digits. */
export const IRN_PATTERN = /^[0-9a-f]{64}$/;
/** The signed QR code: a JWT (three base64url parts). */
export const SIGNED_QR_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
export const SIGNED_QR_MAX = 4000;

/** A rupee figure as the portals want it: a number with at most two decimals. */
export const portalRupees = (paise: number): number => Math.round(paise) / 100;

/** dd/mm/yyyy of an instant, India time: the date format of both portals. */
export function portalDate(iso: string): string {
  const ist = new Date(new Date(iso).getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(8, 10)}/${ist.slice(5, 7)}/${ist.slice(0, 4)}`;
}

/** The unit quantity code of a line's unit (the GSTR-1 codes, core/units.ts). */
export const uqcOf = (unit: string): string => UQC[unitOf(unit)];

/** A 6-digit pincode, or null. */
export const pincodeOf = (v: string): number | null => (/^[1-9]\d{5}$/.test(v.trim()) ? Number(v.trim()) : null);

/** The first 6-digit pincode written in an address line, or ''. */
export const pincodeIn = (address: string): string => address.match(/\b[1-9]\d{5}\b/)?.[0] ?? '';

/** A party's state code: its GSTIN's first two digits, else the one given. */
export const partyState = (p: TaxDocParty): string => (p.gstin ? gstinStateCode(p.gstin) : p.stateCode);

/** The whole document's taxable value and tax heads, paise. */
export function docTotals(lines: readonly TaxDocLine[]) {
  const t = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  for (const l of lines) {
    t.taxablePaise += l.taxablePaise;
    t.cgstPaise += l.cgstPaise;
    t.sgstPaise += l.sgstPaise;
    t.igstPaise += l.igstPaise;
  }
  return { ...t, totalPaise: t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise };
}

/** The problems both documents share: a number over 16 characters, a shop without GSTIN or address, a line without HSN. */
export function commonProblem(doc: TaxDoc): Coded | undefined {
  if (doc.number.length > DOCUMENT_NUMBER_MAX) return coded('taxDocNumberTooLong', { number: doc.number });
  if (!doc.seller.gstin) return coded('taxDocShopGstinMissing');
  if (!doc.seller.address.trim() || doc.seller.city.trim().length < 3 || pincodeOf(doc.seller.pincode) === null) {
    return coded('taxDocShopAddressMissing');
  }
  const noHsn = doc.lines.find((l) => !/^\d{4}(\d{2}){0,2}$/.test(l.hsnCode));
  if (noHsn) return coded('taxDocHsnMissing', { name: noHsn.name });
  return undefined;
}

/** Rupees (a DTO's figure) to paise. */
export const paiseOf = (rupees: number): number => toPaise(rupees);
