/**
 * Voiding a counter sale: a mistake caught the same day (a stray key, the wrong payment). Allowed
 * to its vendor or an admin, on the India-time day of the sale only; a later correction is a return.
 * The sale's invoice number stays in the series as cancelled and its stock goes back.
 */
export const VOID_REASON_MIN = 3;
export const VOID_REASON_MAX = 200;

/** India Standard Time, UTC+05:30 (core/dates: IST_OFFSET), in milliseconds. */
const OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The India-time day (YYYY-MM-DD) of an instant. */
export const istDayOf = (at: Date | string): string => new Date(new Date(at).getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** May a sale made at `saleTime` still be voided at `now`: the same India-time day. */
export const voidableOn = (saleTime: Date | string, now: Date = new Date()): boolean => istDayOf(saleTime) === istDayOf(now);
