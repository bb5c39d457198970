import { Alert, Button, Flex, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { modalsReady } from '../lib/modals-ready';
import { type UnsentSummary, summarizeUnsent, unsentSummary } from './device-data';
import { subscribeOutbox } from './outbox-feed';
import { sendBeforeLogout } from './send-before-logout';
import { lastErrorText } from './last-error';
import { type Translate, loadNamespaces, translate } from '../lib/i18n';

/*
 * Logout with changes not yet on the server (Mark Delivered, walk-in sales saved offline): they
 * are never dropped silently. The dialog says how many, and offers to wait for them; "Log out
 * anyway" keeps them on this device for this user's next sign-in (keyed by user: nobody else
 * who signs in here sees or sends them).
 */

const MODAL_ID = 'logout-unsent';

const t: Translate<'offline'> = (key, params) => translate('offline', key, params);

/** What the dialog says about the unsent items (texts of the `offline` namespace, loaded before the dialog opens). */
export function unsentText({ waiting, attention }: UnsentSummary): string {
  const total = waiting + attention;
  const head = total === 1 ? t('unsentOne') : t('unsentMany', { n: total });
  const refused =
    attention === 0
      ? ''
      : attention === total
        ? total === 1
          ? t('refusedAllOne')
          : t('refusedAllMany')
        : attention === 1
          ? t('refusedSomeOne')
          : t('refusedSomeMany', { n: attention });
  const stay = total === 1 ? t('stayOne') : t('stayMany');
  return [head, refused, stay].filter(Boolean).join(' ');
}

/** What "Wait and send" could not do. */
export function stuckText({ waiting, attention, lastError }: UnsentSummary): string {
  if (waiting > 0) {
    const changes = waiting === 1 ? t('changesOne') : t('changesMany', { n: waiting });
    return t('stuckWaiting', { changes: lastError ? `${changes} (${lastErrorText(lastError)})` : changes });
  }
  return attention === 1 ? t('stuckAttentionOne') : t('stuckAttentionMany', { n: attention });
}

function LogoutWarning({
  userId,
  token,
  initial,
  onLogout,
  onCancel,
}: {
  userId: string;
  token: string;
  initial: UnsentSummary;
  onLogout: () => void;
  onCancel: () => void;
}) {
  const [counts, setCounts] = useState(initial);
  const [sending, setSending] = useState(false);
  const [stuck, setStuck] = useState<UnsentSummary | null>(null);

  // Kept live: items the service worker or another tab sends meanwhile count down here.
  useEffect(
    () =>
      subscribeOutbox(userId, (items) => {
        const s = summarizeUnsent(items);
        setCounts(s);
        if (s.waiting + s.attention === 0) onLogout(); // all sent: nothing left to warn about
      }),
    [userId, onLogout],
  );

  const send = async () => {
    setSending(true);
    setStuck(null);
    const left = await sendBeforeLogout(userId, token);
    setSending(false);
    setCounts(left);
    if (left.waiting + left.attention === 0) onLogout();
    else setStuck(left);
  };

  return (
    <Stack gap="md" data-testid="logout-warning">
      <Text size="sm">{unsentText(counts)}</Text>
      {stuck && (
        <Alert color="orange" variant="light" p="xs" data-testid="logout-still-unsent">
          <Text size="sm">{stuckText(stuck)}</Text>
        </Alert>
      )}
      <Flex direction={{ base: 'column', xs: 'row-reverse' }} gap="xs">
        {counts.waiting > 0 && (
          <Button onClick={() => void send()} loading={sending}>
            {stuck ? t('tryAgain') : t('waitAndSend')}
          </Button>
        )}
        <Button color="red" variant="light" onClick={onLogout} disabled={sending}>
          {t('logoutAnyway')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </Flex>
    </Stack>
  );
}

/**
 * Before logging out: true to go on (nothing unsent, everything sent, or "Log out anyway"),
 * false for Cancel.
 */
export async function confirmLogout(userId: string, token: string): Promise<boolean> {
  const first = await unsentSummary(userId);
  if (first.waiting + first.attention === 0) return true;
  await Promise.all([modalsReady, loadNamespaces(['offline']).catch(() => undefined)]);
  return new Promise((resolve) => {
    let settled = false;
    const done = (go: boolean) => {
      if (settled) return;
      settled = true;
      modals.close(MODAL_ID);
      resolve(go);
    };
    modals.open({
      modalId: MODAL_ID,
      title: t('logoutTitle'),
      centered: true,
      children: <LogoutWarning userId={userId} token={token} initial={first} onLogout={() => done(true)} onCancel={() => done(false)} />,
      onClose: () => done(false),
    });
  });
}
