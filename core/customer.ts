import { istDayOf } from './sale-void';
import { upiAmount } from './upi';

/**
 * The shop's customers and their credit (khata). Money in integer paise. A customer's balance is
 * what they owe: the opening balance, plus every credit sale whose goods have left (not voided),
 * less every payment and every return refunded to the account (a credit note by 'credit'). A
 * balance below zero is an advance: a payment larger than the dues is accepted and kept towards the
 * next credit sales. docs/khata.md tells the whole rule.
 */
export const CUSTOMER_NAME_MAX = 100;
export const CUSTOMER_ADDRESS_MAX = 300;
export const CUSTOMER_NOTE_MAX = 200;
export const CREDIT_DAYS_MAX = 365;

const DAY_MS = 86_400_000;

/** One thing that moves a balance, dated: + a due (opening balance, credit sale), − a settlement. */
export interface LedgerEntry {
  kind: 'opening' | 'sale' | 'payment' | 'refund';
  at: Date;
  /** Always positive; the kind says the direction. */
  amountPaise: number;
}

/** The sign of an entry on the balance. */
export const ledgerSign = (kind: LedgerEntry['kind']) => (kind === 'opening' || kind === 'sale' ? 1 : -1);

/** The entries oldest first with the balance after each (ties keep dues before settlements). */
export function runningBalance<T extends LedgerEntry>(entries: readonly T[], startPaise = 0): Array<T & { balancePaise: number }> {
  let balance = startPaise;
  return [...entries]
    .sort((a, b) => a.at.getTime() - b.at.getTime() || ledgerSign(b.kind) - ledgerSign(a.kind))
    .map((e) => {
      balance += ledgerSign(e.kind) * e.amountPaise;
      return { ...e, balancePaise: balance };
    });
}

/** A due to settle: the opening balance or one credit sale. */
export interface Due {
  /** The sale's order id; null for the opening balance. */
  orderId: string | null;
  at: Date;
  amountPaise: number;
}

export interface SettledDue extends Due {
  /** What is still owed on it after the settlements (0: fully settled). */
  openPaise: number;
}

/**
 * Settles the dues oldest first with everything paid or refunded to the account so far: each due
 * takes what it can from the pool in date order, so the oldest sale is the first to be fully paid.
 */
export function settleOldestFirst(dues: readonly Due[], settledPaise: number): SettledDue[] {
  let pool = Math.max(settledPaise, 0);
  return [...dues]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((d) => {
      const used = Math.min(pool, Math.max(d.amountPaise, 0));
      pool -= used;
      return { ...d, openPaise: Math.max(d.amountPaise, 0) - used };
    });
}

/** The day a due falls due: its India-time day plus the customer's credit days (none: the same day). */
export function dueDay(at: Date, creditDays: number | null | undefined): string {
  return istDayOf(new Date(at.getTime() + (creditDays ?? 0) * DAY_MS));
}

/** Whole days from one India-time day (YYYY-MM-DD) to another; 0 or more. */
export const daysBetween = (from: string, to: string) => Math.max(Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS), 0);

export const AGEING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** The bucket of a due by its age in days since the sale. */
export function ageingBucket(days: number): AgeingBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

export interface Ageing {
  buckets: Record<AgeingBucket, number>;
  /** The due day of the oldest due still open; null when nothing is owed. */
  oldestDueDay: string | null;
  /** Days since that due day (0 when not yet due). */
  overdueDays: number;
}

/**
 * What is still owed, by how old each due is (days since its sale, India time), and how overdue the oldest is.
 * The dues list ages every customer at once in SQL by the same rule (server/services/khata/open-dues.ts).
 */
export function ageDues(settled: readonly SettledDue[], creditDays: number | null | undefined, today: string): Ageing {
  const buckets: Record<AgeingBucket, number> = { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 };
  let oldest: SettledDue | undefined;
  for (const d of settled) {
    if (d.openPaise <= 0) continue;
    buckets[ageingBucket(daysBetween(istDayOf(d.at), today))] += d.openPaise;
    if (!oldest || d.at < oldest.at) oldest = d;
  }
  const oldestDueDay = oldest ? dueDay(oldest.at, creditDays) : null;
  return { buckets, oldestDueDay, overdueDays: oldestDueDay ? daysBetween(oldestDueDay, today) : 0 };
}

/**
 * The one rule for an unpaid sale to a named customer: when its goods leave (handed over at the
 * counter, or delivered later) and it was not paid then, it is a credit sale on the customer's
 * account. A walk-in sale (no shop customer) has no account and stays unpaid.
 */
export const goesOnAccount = (o: { shopCustomerId: string | null | undefined; paymentStatus: string; paidNow?: boolean }) =>
  !!o.shopCustomerId && o.paymentStatus !== 'Paid' && !o.paidNow;

/** Would this credit sale take the balance above the customer's credit limit (null: no limit)? */
export const overCreditLimit = (limitPaise: number | null | undefined, balancePaise: number, salePaise: number) =>
  limitPaise !== null && limitPaise !== undefined && balancePaise + salePaise > limitPaise;

export interface Reminder {
  customerName: string;
  phone: string;
  language: 'en' | 'ta';
  shopName: string;
  duePaise: number;
  /** The payment page's address (core/pay-link.ts); '' without one (no UPI ID, offline): the text says to pay at the shop. */
  payUrl: string;
}

/** The reminder's text in the customer's language, with the amount due and the link to pay it. */
export function reminderText(r: Reminder): string {
  const amount = `₹${upiAmount(r.duePaise)}`;
  const link = r.duePaise > 0 ? r.payUrl : '';
  if (r.language === 'ta') {
    return [
      `வணக்கம் ${r.customerName}, ${r.shopName} கடையில் உங்கள் நிலுவைத் தொகை ${amount}.`,
      link ? `யுபிஐ மூலம் செலுத்த: ${link}` : 'கடையில் செலுத்தலாம்.',
      'நன்றி!',
    ].join('\n');
  }
  return [
    `Hello ${r.customerName}, your balance due at ${r.shopName} is ${amount}.`,
    link ? `Pay by UPI: ${link}` : 'You can pay at the shop.',
    'Thank you!',
  ].join('\n');
}

/** The WhatsApp link that opens a chat with the customer (India, +91) with the reminder typed in. */
export const whatsappReminderLink = (r: Reminder) => `https://wa.me/91${r.phone}?text=${encodeURIComponent(reminderText(r))}`;

/** The SMS link with the reminder typed in (the ?body= form that Android and iOS both read). */
export const smsReminderLink = (r: Reminder) => `sms:+91${r.phone}?body=${encodeURIComponent(reminderText(r))}`;
