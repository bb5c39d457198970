import { Badge } from '@mantine/core';

/** 10:42 today; "21 Nov 10:42" on another day. */
export function formatSavedTime(savedAt: number, now = Date.now()): string {
  const d = new Date(savedAt);
  const time = d.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false });
  const sameDay = new Date(now).toDateString() === d.toDateString();
  return sameDay ? time : `${d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })} ${time}`;
}

/**
 * Tells the user a screen shows saved data and from when: "Offline - saved 10:42".
 * Nothing when the data is fresh from the network.
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
  if (!fromCache || savedAt === null) return null;
  const when = formatSavedTime(savedAt);
  const text = offline ? `Offline - saved ${when}` : refreshing ? `Saved ${when} - updating` : `Saved ${when}`;
  return (
    // A native title rather than Mantine's Tooltip: this badge is in the entry chunk, floating-ui is not.
    <Badge
      color={offline ? 'orange' : 'gray'}
      variant="light"
      size="lg"
      radius="sm"
      tt="none"
      mb="sm"
      style={{ alignSelf: 'flex-start' }}
      data-testid="saved-data-badge"
      role="status"
      title={offline ? 'No connection: showing what was saved on this device' : 'Showing what was saved on this device'}
    >
      {text}
    </Badge>
  );
}
