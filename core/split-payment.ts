import { toPaise, toRupees } from './money';
import { SALE_PAYMENT_METHODS, type SalePaymentMethod } from './payments';

/**
 * A sale paid in parts (₹500 cash and the rest by UPI): each part a method and an amount in rupees, as the
 * sale body carries them (`payments`). The rules here are the till's and the server's alike: at least two
 * parts, one per method, each more than nothing, credit only for a named customer, and the parts adding up
 * to the sale's total to the paisa.
 */
export interface PaymentPart {
  method: SalePaymentMethod;
  /** Rupees, up to 2 decimals. */
  amount: number;
}

/** A split has two parts at least and at most one per method. */
export const SPLIT_MIN_PARTS = 2;
export const SPLIT_MAX_PARTS = SALE_PAYMENT_METHODS.length;

/** What is still to pay after the parts, in paise: negative when they come to more than the total. */
export const splitRemainderPaise = (totalPaise: number, parts: readonly Pick<PaymentPart, 'amount'>[]): number =>
  parts.reduce((left, p) => left - toPaise(p.amount), totalPaise);

/** What is still to pay after the parts, in rupees (negative: too much). */
export const splitRemainder = (total: number, parts: readonly Pick<PaymentPart, 'amount'>[]): number =>
  toRupees(splitRemainderPaise(toPaise(total), parts));

/** Why the parts cannot pay the sale (each name is also the message code the server answers with). */
export type SplitProblem =
  'splitTooFewParts' | 'splitMethodTwice' | 'splitPartNotPositive' | 'splitCreditNeedsCustomer' | 'splitPartsMismatch';

/** The first reason the parts cannot pay a sale of `totalPaise`, or null when they can. */
export function splitProblem(totalPaise: number, parts: readonly PaymentPart[], opts: { customer: boolean }): SplitProblem | null {
  if (parts.length < SPLIT_MIN_PARTS) return 'splitTooFewParts';
  if (new Set(parts.map((p) => p.method)).size !== parts.length) return 'splitMethodTwice';
  if (parts.some((p) => !(toPaise(p.amount) > 0))) return 'splitPartNotPositive';
  if (!opts.customer && parts.some((p) => p.method === 'credit')) return 'splitCreditNeedsCustomer';
  if (splitRemainderPaise(totalPaise, parts) !== 0) return 'splitPartsMismatch';
  return null;
}

/** The methods a new part may take: those no part has yet (credit only for a named customer). */
export const freeSplitMethods = (parts: readonly Pick<PaymentPart, 'method'>[], customer: boolean): SalePaymentMethod[] =>
  SALE_PAYMENT_METHODS.filter((m) => (customer || m !== 'credit') && !parts.some((p) => p.method === m));

/**
 * "The rest by UPI": `method` takes what is left of `totalPaise` after the other parts (its own part raised,
 * or a new last part). Nothing left (or too much already) leaves the parts as they are.
 */
export function restBy(totalPaise: number, parts: readonly PaymentPart[], method: SalePaymentMethod): PaymentPart[] {
  const others = parts.filter((p) => p.method !== method);
  const left = splitRemainderPaise(totalPaise, others);
  if (left <= 0) return [...parts];
  const rest = { method, amount: toRupees(left) };
  return parts.some((p) => p.method === method) ? parts.map((p) => (p.method === method ? rest : p)) : [...others, rest];
}

/** The parts in paise, per method: what a day close or a shift adds up (one part per method). */
export const partsPaise = (parts: readonly PaymentPart[]): Partial<Record<SalePaymentMethod, number>> =>
  Object.fromEntries(parts.map((p) => [p.method, toPaise(p.amount)]));
