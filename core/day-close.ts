import { toPaise, toRupees } from './money';
import { addTax, type LineTax, noTax, taxOf } from './gst';
import { type PaymentBucket, paymentShares, type RecordedPart } from './payments';

/**
 * The day's close of one vendor: the sales of one India-time day, what they came to and how they
 * were paid, the tax by rate and the invoice numbers used. Everything in integer paise, summed
 * from the recorded orders, so it matches them to the paisa.
 */
export interface DayCloseLine extends LineTax {
  rate: number;
  /** What the line was charged (after its discounts). */
  chargedPaise: number;
}

export interface DayCloseOrder {
  paymentStatus: string;
  paymentMethod: string | null;
  /** A split sale's parts (core/payments.ts paymentShares); not read for any other sale. */
  parts?: readonly RecordedPart[];
  /** Its UPI payment was confirmed by the shop's payment provider (a payment the provider reported matched it). */
  upiByProvider?: boolean;
  /** Sum of line totals, net of line discounts. */
  itemsPaise: number;
  /** The line discounts. */
  discountPaise: number;
  deliveryDiscountPaise: number;
  lines: DayCloseLine[];
  /**
   * How many sales of the same payment status and method the row sums (a report that adds up its sales
   * in the database); 1 when absent. A split sale is always a row of its own: its parts are its own.
   */
  count?: number;
}

export interface DayCloseInvoice {
  /** Sort order: older orders' numbers (0) before series numbers (1), then financial year and sequence. */
  sortKey: [number, string, number];
  number: string;
  cancelled: boolean;
}

export interface TaxByRate extends LineTax {
  rate: number;
  chargedPaise: number;
  taxPaise: number;
}

export interface DayClose {
  sales: number;
  grossPaise: number;
  lineDiscountPaise: number;
  deliveryDiscountPaise: number;
  discountPaise: number;
  netPaise: number;
  payments: Record<PaymentBucket, number>;
  paymentCounts: Record<PaymentBucket, number>;
  /**
   * payments.upi by who confirmed it: the provider (its payment matched the sale), or by hand (a person
   * signed for it, or the cashier took it at a shop without a provider). The two add up to payments.upi.
   */
  upiConfirmed: { providerPaise: number; byHandPaise: number };
  taxByRate: TaxByRate[];
  firstInvoice: string;
  lastInvoice: string;
  cancelledInvoices: number;
}

const compareKeys = (a: DayCloseInvoice['sortKey'], b: DayCloseInvoice['sortKey']) =>
  a[0] - b[0] || a[1].localeCompare(b[1]) || a[2] - b[2];

export function computeDayClose(orders: readonly DayCloseOrder[], invoices: readonly DayCloseInvoice[]): DayClose {
  const payments: Record<PaymentBucket, number> = { cash: 0, upi: 0, card: 0, credit: 0, unpaid: 0 };
  const paymentCounts: Record<PaymentBucket, number> = { cash: 0, upi: 0, card: 0, credit: 0, unpaid: 0 };
  const upiConfirmed = { providerPaise: 0, byHandPaise: 0 };
  const rates = new Map<number, TaxByRate>();
  let items = 0;
  let lineDiscount = 0;
  let delivery = 0;
  let sales = 0;
  for (const o of orders) {
    const count = o.paymentMethod === 'split' ? 1 : (o.count ?? 1);
    sales += count;
    items += o.itemsPaise;
    lineDiscount += o.discountPaise;
    delivery += o.deliveryDiscountPaise;
    // each part of a split sale once, in its own bucket; the sale itself once in `sales`
    for (const share of paymentShares({ ...o, totalPaise: o.itemsPaise - o.deliveryDiscountPaise })) {
      payments[share.bucket] += share.amountPaise;
      paymentCounts[share.bucket] += count;
      if (share.bucket === 'upi') upiConfirmed[o.upiByProvider ? 'providerPaise' : 'byHandPaise'] += share.amountPaise;
    }
    for (const l of o.lines) {
      let r = rates.get(l.rate);
      if (!r) rates.set(l.rate, (r = { rate: l.rate, chargedPaise: 0, ...noTax(), taxPaise: 0 }));
      r.chargedPaise += l.chargedPaise;
      addTax(r, l);
      r.taxPaise += taxOf(l);
    }
  }
  const numbers = [...invoices].sort((a, b) => compareKeys(a.sortKey, b.sortKey));
  return {
    sales,
    grossPaise: items + lineDiscount,
    lineDiscountPaise: lineDiscount,
    deliveryDiscountPaise: delivery,
    discountPaise: lineDiscount + delivery,
    netPaise: items - delivery,
    payments,
    paymentCounts,
    upiConfirmed,
    taxByRate: [...rates.values()].sort((a, b) => a.rate - b.rate),
    firstInvoice: numbers[0]?.number ?? '',
    lastInvoice: numbers[numbers.length - 1]?.number ?? '',
    cancelledInvoices: numbers.filter((n) => n.cancelled).length,
  };
}

/**
 * The cash the drawer should hold at the close, in rupees: cash sales, plus cash customers paid
 * towards their credit, less cash refunded for returns. Both the drawer line and the refunds section
 * show it from here.
 */
export const cashToCount = (s: {
  payments: { cash: number };
  creditCollected: { cash: number };
  refunds: { byMethod: { cash: number } };
}): number => toRupees(toPaise(s.payments.cash) + toPaise(s.creditCollected.cash) - toPaise(s.refunds.byMethod.cash));
