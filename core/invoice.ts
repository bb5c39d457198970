import { IST_OFFSET } from './dates';

/**
 * Invoice numbers: each vendor has a gap-free series per Indian financial year (1 April to 31 March,
 * India time), numbered from 1: PREFIX/2026-27/000123. The prefix is the vendor's (profile), else the
 * initials of its shop name. A number is never reused: deleting a paid pending order leaves its number
 * in the series as cancelled.
 *
 * An invoice is issued at the time of supply (CGST Act s. 31(1)(a), rule 46): an order takes its number
 * when the server records it already handed over or paid (`invoicedAtSale`), otherwise when it is
 * marked Delivered, dated then. An order deleted before that was never supplied and leaves no number.
 */
export const INVOICE_PREFIX_MAX = 6;
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,6}$/;
const SEQ_DIGITS = 6;
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

/** The part of a number before the sequence: "MS/2026-27/". Numbers of one series share it. */
export const invoiceSeries = (prefix: string, fy: string): string => `${prefix}/${fy}/`;

/** "MS/2026-27/" + 123 -> "MS/2026-27/000123". */
export const invoiceNumber = (series: string, seq: number): string => `${series}${String(seq).padStart(SEQ_DIGITS, '0')}`;
