import { Badge, Box, Loader, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppIcon, type IconName } from './app-icons';
import { useLocation } from 'react-router-dom';
import { SavedDataBadge } from './saved-data-badge';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '../stores/session';
import { STALE_AFTER_MS, formatAge, useOfflineStatus } from '../offline/status';
import { closeOutbox, openOutbox, useOutboxDrawer } from '../offline/outbox-drawer';
import { type Translate, translate, useLanguage } from '../lib/i18n';

// The drawer (and its modal machinery) loads on the first open, not with the entry chunk.
const SyncDrawer = lazy(() => import('../offline/sync-drawer'));

function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** An icon and a count: the indicator's face on a phone. */
function ShortFace({ icon, n }: { icon: IconName; n: number }) {
  return (
    <>
      <AppIcon name={icon} size={14} style={{ display: 'block' }} />
      {n}
    </>
  );
}

/**
 * Outbox sync status in the header: how many changes wait, the oldest's age, syncing progress,
 * a warning once anything has waited over 24 hours, and Needs attention. Opens the outbox list.
 */
export function SyncIndicator() {
  const signedIn = useSession((s) => !!s.userInfo);
  useLanguage(); // texts from `common` (loaded before the first screen), re-read on a language switch
  const { online, waiting, oldestAt, attention, syncing } = useOfflineStatus();
  const now = useNow(30_000);
  const opened = useOutboxDrawer((s) => s.opened);
  const [everOpened, setEverOpened] = useState(false);
  useEffect(() => {
    if (opened) setEverOpened(true);
  }, [opened]);
  useEffect(() => {
    if (!signedIn) closeOutbox();
  }, [signedIn]);
  const { pathname } = useLocation();
  const cacheNotice = useOfflineStatus((s) => s.cacheNotice);
  // A screen whose data came from this device's saved copy: "Offline, saved at 10:42" at the bottom.
  const notice =
    cacheNotice && cacheNotice.path === pathname ? (
      <div style={{ position: 'fixed', bottom: 48, left: 12, zIndex: 150 }}>
        <SavedDataBadge savedAt={cacheNotice.savedAt} fromCache offline />
      </div>
    ) : null;
  const drawerNode = (opened || everOpened) && (
    <Suspense fallback={null}>
      <SyncDrawer opened={opened} onClose={closeOutbox} />
    </Suspense>
  );
  if (!signedIn) return notice;
  // nothing to show in the header; the drawer still opens from the account menu (to load a saved file),
  // in the same place of the tree, so it stays open when something starts waiting
  if (!syncing && waiting === 0 && attention === 0 && online)
    return (
      <>
        {notice}
        {null}
        {drawerNode}
      </>
    );

  const age = oldestAt !== null ? Math.max(0, now - oldestAt) : 0;
  const stale = waiting > 0 && age > STALE_AFTER_MS;
  const t: Translate<'common'> = (key, params) => translate('common', key, params);
  const attentionLabel = attention === 1 ? t('needsAttentionOne') : t('needAttention', { n: attention });
  let text: string;
  // on phones: an icon and a number only (the age and words are in the button's name and the drawer)
  let short: ReactNode;
  let color: string;
  let label: string;
  if (syncing) {
    text = `⇅ ${Math.min(syncing.done + 1, syncing.total)}/${syncing.total}`;
    short = `${Math.min(syncing.done + 1, syncing.total)}/${syncing.total}`;
    color = 'blue';
    label = t('syncingOf', { done: syncing.done, total: syncing.total });
  } else if (waiting > 0) {
    text = `${stale ? '⚠' : '⇅'} ${waiting} · ${formatAge(age)}`;
    short = <ShortFace icon={stale ? 'alert' : 'sync'} n={waiting} />;
    color = stale ? 'red' : 'yellow';
    label = t('waitingToSync', { n: waiting, age: formatAge(age) });
    if (stale) label = t('waitingOverDay', { label });
  } else if (attention > 0) {
    text = `⚠ ${attention}`;
    short = <ShortFace icon="alert" n={attention} />;
    color = 'red';
    label = attentionLabel;
  } else {
    text = t('syncOffline');
    short = <AppIcon name="cloudOff" size={16} style={{ display: 'block' }} />;
    color = 'gray';
    label = text;
  }
  if (!online && (waiting > 0 || attention > 0)) label = t('offlineLabel', { label });
  if (attention > 0 && waiting > 0) label = t('labelAndAttention', { label, n: attention });

  return (
    <>
      {notice}
      <UnstyledButton
        onClick={openOutbox}
        aria-label={label}
        title={label}
        data-testid="sync-indicator"
        style={{ minWidth: 44, minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <Badge
          color={color}
          c={color === 'yellow' ? 'dark' : undefined}
          variant="filled"
          size="md"
          radius="sm"
          tt="none"
          leftSection={syncing ? <Loader size={10} color="white" /> : undefined}
        >
          <Box component="span" visibleFrom="sm">
            {text}
            {attention > 0 && waiting > 0 ? ` ⚠${attention}` : ''}
          </Box>
          <Box component="span" hiddenFrom="sm" style={{ display: 'flex', alignItems: 'center', gap: 3 }}>
            {short}
            {attention > 0 && waiting > 0 && <AppIcon name="alert" size={14} style={{ display: 'block' }} />}
          </Box>
        </Badge>
      </UnstyledButton>
      {drawerNode}
    </>
  );
}
