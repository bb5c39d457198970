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

/**
 * How an order records its payment: a sale method, or 'split' for a sale paid in parts (cash, UPI, card and
 * credit, each once), whose parts are kept beside it (core/split-payment.ts, migration 037 order_payments).
 */
export const ORDER_PAYMENT_METHODS = [...SALE_PAYMENT_METHODS, 'split'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/** One part of a split sale as recorded, in paise. */
export interface RecordedPart {
  method: SalePaymentMethod;
  amountPaise: number;
}

/**
 * Where a split sale's part counts (the day close, a shift's drawer, the dashboard): cash and card as
 * paid at the counter, credit on the customer's account, and UPI as UPI once the sale is Paid (its UPI part
 * confirmed, by the provider or by hand), unpaid while it waits for the provider.
 */
export function partBucket(paymentStatus: string, method: SalePaymentMethod): PaymentBucket {
  if (method === 'upi') return paymentStatus === 'Paid' ? 'upi' : 'unpaid';
  return method;
}

/**
 * A sale's money by bucket, each rupee once: an ordinary sale whole in its paymentBucket, a split sale
 * part by part (partBucket). `parts` is read only for a split sale.
 */
export function paymentShares(sale: {
  paymentStatus: string;
  paymentMethod: string | null | undefined;
  totalPaise: number;
  parts?: readonly RecordedPart[];
}): Array<{ bucket: PaymentBucket; amountPaise: number }> {
  if (sale.paymentMethod !== 'split')
    return [{ bucket: paymentBucket(sale.paymentStatus, sale.paymentMethod), amountPaise: sale.totalPaise }];
  return (sale.parts ?? []).map((p) => ({ bucket: partBucket(sale.paymentStatus, p.method), amountPaise: p.amountPaise }));
}

/**
 * What a sale's UPI payment comes to, in paise: the whole sale for a UPI sale, the UPI part of a split sale,
 * 0 for any other.
 */
export function upiPaise(sale: { paymentMethod: string | null | undefined; totalPaise: number; parts?: readonly RecordedPart[] }): number {
  if (sale.paymentMethod === 'upi') return sale.totalPaise;
  if (sale.paymentMethod !== 'split') return 0;
  return sale.parts?.find((p) => p.method === 'upi')?.amountPaise ?? 0;
}

/**
 * Whether a sale's body pays (part of) it by UPI: its method, or one of its parts. At a shop whose payment provider
 * confirms UPI payments, such a sale waits for the provider's word (Pending), whatever the till sends.
 */
export const paysByUpi = (sale: { paymentMethod?: string | null; payments?: readonly { method: string }[] | null }): boolean =>
  sale.payments ? sale.payments.some((p) => p.method === 'upi') : sale.paymentMethod === 'upi';
