import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Suspense, useEffect, useState } from 'react';
import { discardOutboxItem, syncNow } from './actions';
import type { OutboxItem } from './db';
import { useOutboxItems } from './hooks';
import { outboxView } from './outbox-views';
import { STALE_AFTER_MS, formatAge, useOfflineStatus } from './status';

const when = (ms: number) =>
  new Date(ms).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false });

/** What the item's feature shows under its label (e.g. a sale's lines), if anything. */
function ItemDetails({ item }: { item: OutboxItem }) {
  const Details = outboxView(item.kind).Details;
  return Details ? (
    <Suspense fallback={null}>
      <Details item={item} />
    </Suspense>
  ) : null;
}

function confirmDiscard(item: OutboxItem) {
  modals.openConfirmModal({
    title: 'Discard this change?',
    children: <Text size="sm">{item.label} will not be sent to the server.</Text>,
    labels: { confirm: 'Discard', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => void discardOutboxItem(item.id),
  });
}

/** The outbox: what waits to be sent, and what needs attention (with Discard, and Edit and resend where the item's feature offers it). */
export default function OutboxPanel({ onClose: _onClose }: { onClose: () => void }) {
  const items = useOutboxItems();
  const { online, syncing } = useOfflineStatus();
  const [editing, setEditing] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const waiting = items.filter((i) => i.status === 'pending');
  const attention = items.filter((i) => i.status === 'failed');

  return (
    <Stack>
      {!online && <Alert color="gray">You are offline. Changes are kept on this device and sent when the connection returns.</Alert>}
      <Group justify="space-between">
        <Title order={5}>Waiting to sync ({waiting.length})</Title>
        <Button size="xs" loading={!!syncing} disabled={!online || waiting.length === 0} onClick={() => void syncNow({ force: true })}>
          Sync now
        </Button>
      </Group>
      {waiting.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing waiting.
        </Text>
      )}
      {waiting.map((i) => {
        const age = now - i.createdAt;
        return (
          <Card key={i.id} withBorder padding="sm" data-testid="outbox-waiting">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {i.label}
                </Text>
                <Text size="xs" c={age > STALE_AFTER_MS ? 'red' : 'dimmed'}>
                  Made {when(i.createdAt)} ({age < 60_000 ? 'just now' : `${formatAge(age)} ago`})
                  {age > STALE_AFTER_MS ? ' - waiting over 24 hours' : ''}
                </Text>
                {i.lastError && (
                  <Text size="xs" c="orange">
                    Last try: {i.lastError}
                  </Text>
                )}
                <ItemDetails item={i} />
              </Stack>
            </Group>
          </Card>
        );
      })}

      <Title order={5}>Needs attention ({attention.length})</Title>
      {attention.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing needs attention.
        </Text>
      )}
      {attention.map((i) => {
        const Editor = outboxView(i.kind).Editor;
        return (
          <Card key={i.id} withBorder padding="sm" data-testid="outbox-attention">
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {i.label}
              </Text>
              <Text size="xs" c="dimmed">
                Made {when(i.createdAt)}
              </Text>
              <Alert color="red" p="xs">
                {i.lastError ?? 'Refused by the server'}
              </Alert>
              <ItemDetails item={i} />
              {editing === i.id && Editor ? (
                <Suspense fallback={<Loader size="sm" />}>
                  <Editor item={i} onDone={() => setEditing(null)} />
                </Suspense>
              ) : (
                <Group justify="flex-end" gap="xs">
                  {Editor && (
                    <Button size="xs" variant="light" onClick={() => setEditing(i.id)}>
                      Edit and resend
                    </Button>
                  )}
                  <Button size="xs" color="red" variant="light" onClick={() => confirmDiscard(i)}>
                    Discard
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
