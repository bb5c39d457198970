/**
 * What the shop owes its suppliers (docs/decisions/supplier-payables.md). Money in paise. A payment
 * settles the supplier's oldest open bills first (by bill date, then by when the bill was entered), and
 * never more than is owed: a bill's paid amount is what payments allocated to it.
 */
export const SUPPLIER_PAYMENT_METHODS = ['cash', 'upi', 'card', 'bank'] as const;
export type SupplierPaymentMethod = (typeof SUPPLIER_PAYMENT_METHODS)[number];
export const SUPPLIER_PAYMENT_NOTE_MAX = 200;

export const PAYMENT_STATES = ['paid', 'partlyPaid', 'unpaid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A bill's state by what was paid on it. */
export function paymentState(totalPaise: number, paidPaise: number): PaymentState {
  if (paidPaise <= 0) return totalPaise <= 0 ? 'paid' : 'unpaid';
  return paidPaise >= totalPaise ? 'paid' : 'partlyPaid';
}

export interface OpenBill {
  id: string;
  openPaise: number;
}

/** Splits a payment over the open bills given oldest first: each takes what it can. Answers each bill's share (above 0). */
export function allocateOldestFirst(bills: readonly OpenBill[], amountPaise: number): Array<{ id: string; amountPaise: number }> {
  let pool = amountPaise;
  const out: Array<{ id: string; amountPaise: number }> = [];
  for (const b of bills) {
    if (pool <= 0) break;
    const take = Math.min(pool, b.openPaise);
    if (take > 0) out.push({ id: b.id, amountPaise: take });
    pool -= take;
  }
  return out;
}
