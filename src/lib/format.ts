import { getLanguage, useLanguage } from './i18n';
import { type Lang, localeOf } from './language';

/** Dates, times and numbers in the interface language: ta-IN or en-IN (Indian grouping, IST). */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/**
 * The one date and time formatter. Times are in 24-hour form in both languages ("14:35"): no AM/PM,
 * which would stay English (or vary by browser) in the Tamil interface.
 */
export function dateFormat(opts: Intl.DateTimeFormatOptions, lang: Lang = getLanguage()): Intl.DateTimeFormat {
  const k = `d${lang}${JSON.stringify(opts)}`;
  let f = cache.get(k) as Intl.DateTimeFormat | undefined;
  const withTime = opts.hour !== undefined || opts.timeStyle !== undefined;
  const clock: Intl.DateTimeFormatOptions = withTime ? { hourCycle: 'h23', hour12: undefined } : {};
  if (!f) cache.set(k, (f = new Intl.DateTimeFormat(localeOf(lang), { timeZone: 'Asia/Kolkata', ...opts, ...clock })));
  return f;
}

export function numberFormat(opts: Intl.NumberFormatOptions = {}, lang: Lang = getLanguage()): Intl.NumberFormat {
  const k = `n${lang}${JSON.stringify(opts)}`;
  let f = cache.get(k) as Intl.NumberFormat | undefined;
  if (!f) cache.set(k, (f = new Intl.NumberFormat(localeOf(lang), opts)));
  return f;
}

/** A date formatter that follows the interface language (re-renders on a switch), or is in `lang` (a bill in its own). */
export function useDateFormat(opts: Intl.DateTimeFormatOptions, lang?: Lang) {
  const ui = useLanguage();
  return dateFormat(opts, lang ?? ui);
}
export const useNumberFormat = (opts?: Intl.NumberFormatOptions) => numberFormat(opts, useLanguage());
