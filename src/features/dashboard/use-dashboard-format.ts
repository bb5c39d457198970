import { formatRupees } from '../../../core/money';
import { dateFormat, numberFormat } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { axisRupees } from './axis-money';

/** The dashboards' formatters in the interface language: money, counts, short money for axes, days and weekdays. */
export function useDashboardFormat() {
  const lang = useLanguage();
  const count = numberFormat({}, lang);
  const percent = numberFormat({ style: 'percent', maximumFractionDigits: 1 }, lang);
  // a calendar day (YYYY-MM-DD) is read at UTC midnight, so no time zone moves it
  const day = dateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }, lang);
  const weekday = dateFormat({ weekday: 'short', timeZone: 'UTC' }, lang);
  const time = dateFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }, lang);
  return {
    lang,
    money: formatRupees,
    count: (n: number) => count.format(n),
    axisMoney: (n: number) => axisRupees(n, lang),
    percent: (n: number) => percent.format(n / 100),
    day: (d: string) => day.format(new Date(`${d}T00:00:00Z`)),
    /** 0 = Monday ... 6 = Sunday (1 Jan 2024 was a Monday). */
    weekday: (i: number) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i))),
    hour: (h: number) => `${String(h).padStart(2, '0')}:00`,
    time: (iso: string) => time.format(new Date(iso)),
  };
}
export type DashboardFormat = ReturnType<typeof useDashboardFormat>;
