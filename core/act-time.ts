import { coded, type Coded } from './coded';

/**
 * The time of an act: a sale, a delivery, a payment, a return or a void, as the device read its clock
 * when the user tapped (`at`, ISO 8601 with offset). Offline, the request reaches the server minutes or
 * hours later; the act is dated by the tap, not by its arrival, so a delivery tapped at 23:55 on
 * 31 March and sent on 1 April is delivered, invoiced, closed and reported in March.
 *
 * The server keeps the time when it is no more than ACT_MAX_AHEAD_MS ahead of its own clock (a device
 * clock a little fast), no more than ACT_MAX_AGE_MS old (a period that may already be closed and filed)
 * and not before the record it acts on (an order delivered before it was placed cannot be). Without a
 * time (online), the server's clock is used.
 */
const ACT_MAX_AHEAD_MS = 5 * 60_000;
export const ACT_MAX_AGE_MS = 7 * 86_400_000;

/** The codes an act's refusal answers with: a counter sale keeps its own texts ("Sale time ..."). */
interface ActTimeCodes {
  invalid: 'dateTimeInvalid' | 'saleTimeInvalid';
  future: 'actTimeFuture' | 'saleTimeFuture';
  tooOld: 'actTimeTooOld' | 'saleTimeTooOld';
  before: 'actTimeBeforeOrder' | 'actTimeBeforeCustomer' | 'actTimeBeforeShift';
}

const ACT_CODES: ActTimeCodes = {
  invalid: 'dateTimeInvalid',
  future: 'actTimeFuture',
  tooOld: 'actTimeTooOld',
  before: 'actTimeBeforeOrder',
};

export interface ActTimeRule {
  /** The server's clock. */
  now?: Date;
  /** The record acted on was made then: the act may not be earlier (the order for a delivery, the customer for a payment). */
  notBefore?: Date | null;
  codes?: Partial<ActTimeCodes>;
}

/** Why the time of an act cannot be kept (a coded message), or undefined when it can. */
export function actTimeError(at: Date, rule: ActTimeRule = {}): Coded | undefined {
  const codes = { ...ACT_CODES, ...rule.codes };
  const now = (rule.now ?? new Date()).getTime();
  const t = at.getTime();
  if (Number.isNaN(t)) return coded(codes.invalid);
  if (t > now + ACT_MAX_AHEAD_MS) return coded(codes.future);
  if (t < now - ACT_MAX_AGE_MS) return coded(codes.tooOld);
  if (rule.notBefore && t < new Date(rule.notBefore).getTime()) return coded(codes.before);
  return undefined;
}

/**
 * An act's time reached the server this much later or more: it was recorded offline, and the order
 * shows both times ("recorded offline at 23:39, sent 23:40"). Below it, the two are one moment to a
 * person (an online tap, Mark Delivered's few seconds to undo, a slow network).
 */
const SENT_LATER_MS = 60_000;

/** When the server received an act recorded at `at`, if it came SENT_LATER_MS or more later; else null. */
export function sentLater(at: Date | string | null, receivedAt: Date | string | null): Date | null {
  if (!at || !receivedAt) return null;
  const received = new Date(receivedAt);
  return received.getTime() - new Date(at).getTime() >= SENT_LATER_MS ? received : null;
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/**
 * The instant `ms` as ISO 8601 in the device's own offset ("2027-03-31T23:59:30.000+05:30"): what the
 * device's clock showed when the user tapped, the way a person there reads it (to the millisecond, so an
 * act right after the record it acts on is never dated before it).
 */
export function isoWithOffset(ms: number, offsetMinutes: number = -new Date(ms).getTimezoneOffset()): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? '-' : '+';
  return `${local}${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
}
