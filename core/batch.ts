import { istDayOf } from './sale-void';

/**
 * Batches and expiry, the rules the counter (also offline) and the server share. A batch is expired
 * when its expiry day is before today in India; a batch with no expiry (the opening batch) never is.
 * A sale takes the earliest expiry first (FEFO) and never an expired batch.
 */
export interface BatchLike {
  number: string;
  /** YYYY-MM-DD, or null: no expiry. */
  expiry: string | null;
  quantity: number;
}

/** Today in India, YYYY-MM-DD. */
export const batchToday = (now: Date = new Date()): string => istDayOf(now);

export const isBatchExpired = (expiry: string | null, today: string = batchToday()): boolean => expiry !== null && expiry < today;

/** The day `days` after `today` (YYYY-MM-DD). */
export function dayAfter(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Batches a sale may take, in the order it takes them: not expired, earliest expiry first, no expiry last. */
export function fefoOrder<B extends BatchLike>(batches: readonly B[], today: string = batchToday()): B[] {
  return batches
    .filter((b) => !isBatchExpired(b.expiry, today))
    .sort((a, b) => (a.expiry ?? '9999-12-31').localeCompare(b.expiry ?? '9999-12-31'));
}

/** The batch a sale line takes first: the nearest expiry among those in stock, else the nearest one at all. */
export function nextBatch<B extends BatchLike>(batches: readonly B[], today: string = batchToday()): B | undefined {
  const fresh = fefoOrder(batches, today);
  return fresh.find((b) => b.quantity > 0) ?? fresh[0];
}

/** The "Expiring soon" windows, in days. */
export const EXPIRY_WINDOWS = [30, 60, 90] as const;
