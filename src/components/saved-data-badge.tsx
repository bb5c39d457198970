import { Badge } from '@mantine/core';
import { dateFormat } from '../lib/format';
import { getLanguage, translate, useLanguage } from '../lib/i18n';
import type { Lang } from '../lib/language';

const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

/** 10:42 today; "21 Nov 10:42" on another day (India time, in the interface language). */
export function formatSavedTime(savedAt: number, now = Date.now(), lang: Lang = getLanguage()): string {
  const time = dateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, lang).format(savedAt);
  const day = dateFormat(DAY, lang);
  if (day.format(savedAt) === day.format(now)) return time;
  return `${dateFormat({ day: 'numeric', month: 'short' }, lang).format(savedAt)} ${time}`;
}

/**
 * Tells the user a screen shows saved data and from when: "Offline, saved at 10:42".
 * Nothing when the data is fresh from the network. Its texts are in `common`, loaded with every screen.
 */
export function SavedDataBadge({
  savedAt,
  fromCache,
  offline,
  refreshing,
}: {
  savedAt: number | null;
  fromCache: boolean;
  offline?: boolean;
  refreshing?: boolean;
}) {
  const lang = useLanguage();
  if (!fromCache || savedAt === null) return null;
  const time = formatSavedTime(savedAt, Date.now(), lang);
  const text = translate('common', offline ? 'savedOffline' : refreshing ? 'savedUpdating' : 'savedAt', { time });
  return (
    // A native title rather than Mantine's Tooltip: this badge is in the entry chunk, floating-ui is not.
    <Badge
      color={offline ? 'orange' : 'gray'}
      variant="light"
      size="lg"
      radius="sm"
      tt="none"
      mb="sm"
      maw="100%"
      style={{ alignSelf: 'flex-start', height: 'auto', minHeight: 'var(--badge-height)', whiteSpace: 'normal' }}
      data-testid="saved-data-badge"
      role="status"
      title={translate('common', offline ? 'savedOfflineTitle' : 'savedTitle')}
    >
      {text}
    </Badge>
  );
}
