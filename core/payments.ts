/**
 * How a paid sale was paid. A walk-in sale records it (the sale form offers the list); a delivery
 * order paid in cash to the rider records cash. A Paid sale without a method (recorded before
 * methods were kept) counts as cash; a sale not yet paid counts as unpaid.
 */
export const PAYMENT_METHODS = ['cash', 'upi', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** @public the sale and day-close screens' labels */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = { cash: 'Cash', upi: 'UPI', card: 'Card' };

export type PaymentBucket = PaymentMethod | 'unpaid';

export const isPaymentMethod = (v: unknown): v is PaymentMethod =>
  typeof v === 'string' && (PAYMENT_METHODS as readonly string[]).includes(v);

export function paymentBucket(paymentStatus: string, paymentMethod: string | null | undefined): PaymentBucket {
  if (paymentStatus !== 'Paid') return 'unpaid';
  return isPaymentMethod(paymentMethod) ? paymentMethod : 'cash';
}
