import { isoWithOffset } from '../../../core/act-time';
import { istDay, istDayStart } from '../../../core/dates';

const DAY_MS = 86_400_000;

/**
 * The time a payment is dated by, for the India day chosen on the form: today, this device's clock now;
 * an earlier day, the same clock time on that day (the server keeps an act at most 7 days old).
 */
export function payTime(day: string, now: number = Date.now()): string {
  const back = Math.round((istDayStart(istDay(now)).getTime() - istDayStart(day).getTime()) / DAY_MS);
  return isoWithOffset(now - Math.max(0, back) * DAY_MS);
}

/** The earliest day a payment may be dated: 6 days back (a full 7 would fall outside the server's window later in the day). */
export const earliestPayDay = (now: number = Date.now()): string => istDay(now - 6 * DAY_MS);
