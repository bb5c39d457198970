import { Alert, Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Suspense, useEffect, useState } from 'react';
import { discardOutboxItem, syncNow } from './actions';
import type { OutboxItem } from './db';
import { useOutboxItems } from './hooks';
import { outboxView } from './outbox-views';
import { STALE_AFTER_MS, formatAge, useOfflineStatus } from './status';
import { dateFormat } from '../lib/format';
import { type Translate, useT } from '../lib/i18n';
import { lastErrorText } from './last-error';
import { useStorageMayBeCleared } from './keep-storage';
import { OutboxFileTools } from './outbox-file-tools';

const WHEN = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const when = (ms: number) => dateFormat(WHEN).format(ms);

/** What the item's feature shows under its label (e.g. a sale's lines), if anything. */
function ItemDetails({ item }: { item: OutboxItem }) {
  const Details = outboxView(item.kind).Details;
  return Details ? (
    <Suspense fallback={null}>
      <Details item={item} />
    </Suspense>
  ) : null;
}

function confirmDiscard(item: OutboxItem, t: Translate<'offline'>) {
  modals.openConfirmModal({
    title: t('discardTitle'),
    children: <Text size="sm">{t('discardBody', { label: item.label })}</Text>,
    labels: { confirm: t('discard'), cancel: t('cancel') },
    confirmProps: { color: 'red' },
    onConfirm: () => void discardOutboxItem(item.id),
  });
}

/** The outbox: what waits to be sent, and what needs attention (with Discard, and Edit and resend where the item's feature offers it). */
export default function OutboxPanel({ onClose: _onClose }: { onClose: () => void }) {
  const t = useT('offline');
  const items = useOutboxItems();
  const { online, syncing, offlineReady } = useOfflineStatus();
  const [editing, setEditing] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const waiting = items.filter((i) => i.status === 'pending');
  const attention = items.filter((i) => i.status === 'failed');
  const mayBeCleared = useStorageMayBeCleared();

  return (
    <Stack>
      {mayBeCleared && (
        <Alert color="yellow" p="xs" data-testid="storage-may-clear">
          {t('storageMayClear')}
        </Alert>
      )}
      {!online && <Alert color="gray">{t('offlineNote')}</Alert>}
      {online && offlineReady && (
        <Text size="sm" c="teal" data-testid="offline-ready">
          {t('readyOffline')}
        </Text>
      )}
      <Group justify="space-between">
        <Title order={5}>{t('waitingTitle', { n: waiting.length })}</Title>
        <Button size="xs" loading={!!syncing} disabled={!online || waiting.length === 0} onClick={() => void syncNow({ force: true })}>
          {t('syncNow')}
        </Button>
      </Group>
      {waiting.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('nothingWaiting')}
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
                  {age < 60_000
                    ? t('madeJustNow', { when: when(i.createdAt) })
                    : t('madeAgo', { when: when(i.createdAt), age: formatAge(age) })}
                  {age > STALE_AFTER_MS ? t('waitingOverDay') : ''}
                </Text>
                {i.lastError && (
                  <Text size="xs" c="orange">
                    {t('lastTry', { error: lastErrorText(i.lastError) })}
                  </Text>
                )}
                <ItemDetails item={i} />
              </Stack>
            </Group>
          </Card>
        );
      })}

      <Title order={5}>{t('attentionTitle', { n: attention.length })}</Title>
      {attention.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('nothingAttention')}
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
                {t('madeAt', { when: when(i.createdAt) })}
              </Text>
              <Alert color="red" p="xs">
                {i.lastError ? lastErrorText(i.lastError) : t('refused')}
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
                      {t('editResend')}
                    </Button>
                  )}
                  <Button size="xs" color="red" variant="light" onClick={() => confirmDiscard(i, t)}>
                    {t('discard')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
      <Divider />
      <OutboxFileTools count={items.length} />
    </Stack>
  );
}
