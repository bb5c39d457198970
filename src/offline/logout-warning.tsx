import { Alert, Button, Flex, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { modalsReady } from '../lib/modals-ready';
import { type UnsentSummary, summarizeUnsent, unsentSummary } from './device-data';
import { subscribeOutbox } from './outbox-feed';
import { sendBeforeLogout } from './send-before-logout';

/*
 * Logout with changes not yet on the server (Mark Delivered, walk-in sales saved offline): they
 * are never dropped silently. The dialog says how many, and offers to wait for them; "Log out
 * anyway" keeps them on this device for this user's next sign-in (keyed by user: nobody else
 * who signs in here sees or sends them).
 */

const MODAL_ID = 'logout-unsent';

const changes = (n: number) => `${n} change${n === 1 ? '' : 's'}`;
const them = (n: number) => (n === 1 ? 'it' : 'them');

/** What the dialog says about the unsent items. */
export function unsentText({ waiting, attention }: UnsentSummary): string {
  const total = waiting + attention;
  const stay = `If you log out now, ${total === 1 ? 'it stays' : 'they stay'} on this device until you sign in again; nobody else who signs in here sees or sends ${them(total)}.`;
  const refused =
    attention === 0
      ? ''
      : attention === total
        ? ` ${total === 1 ? 'It needs' : 'They need'} attention: the server refused ${them(total)}.`
        : ` ${attention} of them ${attention === 1 ? 'needs' : 'need'} attention: the server refused ${them(attention)}.`;
  return `${changes(total)} ${total === 1 ? 'is' : 'are'} not sent yet.${refused} ${stay}`;
}

/** What "Wait and send" could not do. */
export function stuckText({ waiting, attention, lastError }: UnsentSummary): string {
  if (waiting > 0)
    return `Still not sent: ${changes(waiting)}${lastError ? ` (${lastError})` : ''}. Try again when you are online, or log out anyway.`;
  return `Everything that could go was sent, but ${changes(attention)} ${attention === 1 ? 'needs' : 'need'} attention. Cancel to fix or discard ${them(attention)} from the sync status in the header, or log out anyway.`;
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
            {stuck ? 'Try again' : 'Wait and send'}
          </Button>
        )}
        <Button color="red" variant="light" onClick={onLogout} disabled={sending}>
          Log out anyway
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
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
  await modalsReady;
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
      title: 'Changes not sent yet',
      centered: true,
      children: <LogoutWarning userId={userId} token={token} initial={first} onLogout={() => done(true)} onCancel={() => done(false)} />,
      onClose: () => done(false),
    });
  });
}
