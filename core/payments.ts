/**
 * How a paid sale was paid. A walk-in sale records it (the sale form offers the list); a delivery
 * order paid in cash to the rider records cash. A Paid sale without a method (recorded before
 * methods were kept) counts as cash; a sale not yet paid counts as unpaid.
 */
export const PAYMENT_METHODS = ['cash', 'upi', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** @public the sale and day-close screens' labels */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = { cash: 'Cash', upi: 'UPI', card: 'Card' };

/**
 * How a sale can be settled: paid now (cash, UPI, card), or on credit (the khata): the goods leave,
 * the sale stays unpaid and the shop customer's balance grows until customer payments settle it.
 */
export const SALE_PAYMENT_METHODS = [...PAYMENT_METHODS, 'credit'] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];
/** How a return is refunded: money back, or off the customer's balance (credit). */
export const REFUND_METHODS = ['cash', 'upi', 'card', 'credit'] as const satisfies readonly SalePaymentMethod[];
export type RefundMethod = (typeof REFUND_METHODS)[number];

export type PaymentBucket = PaymentMethod | 'credit' | 'unpaid';

export const isPaymentMethod = (v: unknown): v is PaymentMethod =>
  typeof v === 'string' && (PAYMENT_METHODS as readonly string[]).includes(v);

export function paymentBucket(paymentStatus: string, paymentMethod: string | null | undefined): PaymentBucket {
  // a credit sale stays credit given on its day, whether or not it has been settled since
  if (paymentMethod === 'credit') return 'credit';
  if (paymentStatus !== 'Paid') return 'unpaid';
  return isPaymentMethod(paymentMethod) ? paymentMethod : 'cash';
}
