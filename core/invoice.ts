import { IST_OFFSET } from './dates';

/**
 * Invoice numbers: each vendor has a gap-free series per Indian financial year (1 April to 31 March,
 * India time), numbered from 1: PREFIX/26/000123 (26: the year 2026-27 starts in). The prefix is the
 * vendor's (profile), else the initials of its shop name. A number is never reused: deleting a paid
 * pending order leaves its number in the series as cancelled.
 *
 * Every document number is at most 16 characters of letters, digits, "-" and "/" (CGST Rules 2017,
 * rule 46(b)): a head of at most 6 characters, "/", the year's two digits, "/", six digits of sequence.
 * The vendor's own invoices take the prefix as head; its other series (tills, credit notes, debit
 * notes, purchase orders) take the prefix cut short, "-" and a mark, which no prefix can hold, so two
 * series of one vendor never share a head. Numbers issued before in the longer form
 * (MS/2026-27/000018) keep it. docs/document-numbers.md.
 *
 * An invoice is issued at the time of supply (CGST Act s. 31(1)(a), rule 46): an order takes its number
 * when the server records it already handed over or paid (`invoicedAtSale`), otherwise when it is
 * marked Delivered, dated then. An order deleted before that was never supplied and leaves no number.
 */
export const INVOICE_PREFIX_MAX = 6;
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,6}$/;
const SEQ_DIGITS = 6;
/** The highest sequence of any series: a year's documents past it are refused (documentSeriesFull), never numbered longer. */
export const SEQ_MAX = 999_999;
/** The longest number CGST rule 46(b) allows, and the characters it may hold. */
export const DOCUMENT_NUMBER_MAX = 16;
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;
/** The longest head: 16 less "/26/" and the six digits of sequence. */
const HEAD_MAX = DOCUMENT_NUMBER_MAX - 4 - SEQ_DIGITS;
const IST_MS = (5 * 60 + 30) * 60_000;

/** Whether an order takes its invoice number when it is recorded: handed over (Delivered) or already Paid. */
export const invoicedAtSale = (o: { status: string; paymentStatus: string }): boolean =>
  o.status === 'Delivered' || o.paymentStatus === 'Paid';

/** The financial year of an instant, in India time: 2027-03-31 23:59 IST -> "2026-27", 2027-04-01 -> "2027-28". */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_MS);
  const y = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
}

/** The first instant of a financial year ("2026-27" -> 2026-04-01 00:00 IST). */
export const financialYearStart = (fy: string): Date => new Date(`${fy.slice(0, 4)}-04-01T00:00:00${IST_OFFSET}`);

/** The prefix a vendor gets when it has not set one: the initials of its shop (or own) name, else INV. */
export function defaultInvoicePrefix(shopName: string | null | undefined): string {
  const initials = (shopName ?? '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase())
    .join('')
    .slice(0, INVOICE_PREFIX_MAX);
  return initials || 'INV';
}

/** The two digits a number carries for a financial year: "2026-27" -> "26" (the year it starts in). */
export const fyTag = (fy: string): string => fy.slice(2, 4);

/** The financial year of a number's two year digits: "26" -> "2026-27". */
export const fyOfTag = (tag: string): string => `20${tag}-${String((Number(tag) + 1) % 100).padStart(2, '0')}`;

/**
 * The part of a number before the sequence: "MS" + "2026-27" -> "MS/26/". Numbers of one series share
 * it. A head longer than 6 (none is made so) is cut, so a number never passes 16 characters.
 */
export const invoiceSeries = (head: string, fy: string): string => `${head.slice(0, HEAD_MAX)}/${fyTag(fy)}/`;

/**
 * The head of a vendor's series other than its own invoices: the prefix cut so that the whole fits
 * 6 characters, "-" and the mark ("MS" + "CN" -> "MS-CN", "ABCDEF" + "12" -> "ABC-12").
 */
export const seriesHead = (prefix: string, mark: string): string => `${prefix.slice(0, Math.max(HEAD_MAX - 1 - mark.length, 0))}-${mark}`;

/**
 * The marks of a vendor's document series besides invoices and tills (a till's mark is its number):
 * credit notes, and debit notes and purchase orders, reserved for when they are numbered.
 */
export const DOCUMENT_MARKS = { creditNote: 'CN', debitNote: 'DN', purchaseOrder: 'PO' } as const;

/** A vendor's series of a kind of document for a year: "MS", creditNote, "2026-27" -> "MS-CN/26/". */
export const documentSeries = (kind: keyof typeof DOCUMENT_MARKS, prefix: string, fy: string): string =>
  invoiceSeries(seriesHead(prefix, DOCUMENT_MARKS[kind]), fy);

/** "MS/26/" + 123 -> "MS/26/000123". */
export const invoiceNumber = (series: string, seq: number): string => `${series}${String(seq).padStart(SEQ_DIGITS, '0')}`;
