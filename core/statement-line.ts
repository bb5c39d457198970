import { IST_OFFSET } from './dates';

/**
 * The fields of a settlement statement's line (POST /api/payments/statements), read as a provider's or a
 * bank's export writes them: the columns found by their header in any case and order, the UTR as text, the
 * amount in rupees, the time in ISO 8601 (India time when it names no offset).
 */
export const STATEMENT_COLUMNS = ['utr', 'amount', 'time', 'payer'] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];
/** The columns a statement cannot do without (`payer` may be missing: a bank's export may not name them). */
export const STATEMENT_REQUIRED: readonly StatementColumn[] = ['utr', 'amount', 'time'];

/** Where each column is in a header line (by its trimmed name in any case; extra columns are ignored). */
export function statementColumns(header: readonly string[]): {
  at: Partial<Record<StatementColumn, number>>;
  missing: StatementColumn[];
} {
  const at: Partial<Record<StatementColumn, number>> = {};
  header.forEach((cell, i) => {
    const name = cell.trim().toLowerCase() as StatementColumn;
    if ((STATEMENT_COLUMNS as readonly string[]).includes(name) && at[name] === undefined) at[name] = i;
  });
  return { at, missing: STATEMENT_REQUIRED.filter((c) => at[c] === undefined) };
}

/**
 * A UTR (the UPI transaction's reference, 12 digits, or a bank's own reference): letters, digits and
 * - _ /, 4 to 64 of them. A spreadsheet's "4.1E+11" (a long number it rounded) is not one.
 */
const UTR = /^[A-Za-z0-9][A-Za-z0-9\-_/]{3,63}$/;
export const readUtr = (text: string): string | null => {
  // a spreadsheet's mark of a number kept as text
  const t = text.trim().replace(/^'/, '');
  return UTR.test(t) ? t : null;
};

/** The largest amount a line may have: ₹1 crore. */
const MAX_PAISE = 10_000_000_00;
/**
 * Rupees, with paise: "347.21", "₹347.21", "Rs. 347", "INR 347.2", and thousands grouped the Indian way
 * ("1,23,456.00") or the Western ("123,456.00"); "12,34" (a decimal comma) is not read as ₹1,234.
 */
const AMOUNT = /^(?:₹|rs\.?|inr)?\s*(\d{1,3}(?:,\d{2,3})*,\d{3}|\d+)(?:\.(\d{1,2}))?$/i;
/** An amount in rupees as paise; null when it is not one, or not above zero. */
export function readAmountPaise(text: string): number | null {
  const m = AMOUNT.exec(text.trim());
  if (!m) return null;
  const paise = Number(m[1].replace(/,/g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return paise > 0 && paise <= MAX_PAISE ? paise : null;
}

/** ISO 8601 date and time to the minute at least ("T" or a space between), with Z, an offset or none (India time). */
const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** A line's time; null when it is not an ISO 8601 time, or not a real one (31 June, 25:00). */
export function readTime(text: string): Date | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', zone] = m;
  if (+mo < 1 || +mo > 12 || +h > 23 || +mi > 59 || +s > 59) return null;
  // the calendar's own check of the day (no 31 June, 29 February only in a leap year)
  if (new Date(Date.UTC(+y, +mo - 1, +d)).getUTCDate() !== +d || +d < 1) return null;
  const offset = !zone ? IST_OFFSET : zone.toUpperCase() === 'Z' ? 'Z' : offsetOf(zone);
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac.slice(0, 4)}${offset}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** "+0530", "+05" or "+05:30" as "+05:30". */
const offsetOf = (zone: string) => {
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0]}${digits.slice(0, 2)}:${(digits.slice(2) || '00').padEnd(2, '0')}`;
};
