/**
 * The marketplace is in Tamil Nadu: a "day" (order filters, GSTR-1 periods, the day's close) is a
 * whole day in India Standard Time, UTC+05:30, which has no daylight saving.
 */
export const IST_OFFSET = '+05:30';
export const IST_TIMEZONE = 'Asia/Kolkata';
const DAY_MS = 86_400_000;

/** The instant a YYYY-MM-DD day starts in India. */
export const istDayStart = (day: string): Date => new Date(`${day}T00:00:00${IST_OFFSET}`);

/** The India day (YYYY-MM-DD) an instant falls on; default now. */
export const istDay = (ms: number = Date.now()): string => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);

/** The instant the next day starts in India: the exclusive end of the day. */
export const istDayEnd = (day: string): Date => new Date(istDayStart(day).getTime() + DAY_MS);

/**
 * A download's file name dated with India's day, not UTC's: "products-2027-04-01.csv" for a file
 * saved at 00:10 IST on 1 April (still 31 March in UTC).
 */
export function datedFileName(stem: string, extension: string, now: Date = new Date()): string {
  const day = new Date(now.getTime() + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);
  return `${stem}-${day}.${extension}`;
}
