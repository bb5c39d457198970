import { Alert, Button, Card, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { lineTotal } from '../../core/cart';
import { formatRupees } from '../../core/money';
import type { ShopOrderPayload } from '../../core/shop-order';
import { discardOutboxItem, resendEditedShopOrder, syncNow } from './actions';
import type { OutboxItem } from './db';
import { useOutboxItems } from './hooks';
import type { QueuedShopOrder } from './outbox';
import { STALE_AFTER_MS, formatAge, useOfflineStatus } from './status';

const when = (ms: number) => new Date(ms).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false });

function ItemLines({ item }: { item: OutboxItem }) {
  const shop = item.kind === 'shopOrder' ? (item as QueuedShopOrder) : null;
  if (!shop?.display) return null;
  return (
    <Stack gap={0}>
      {shop.display.lines.map((l) => (
        <Text key={l.productId} size="xs" c="dimmed">
          {l.name} × {l.quantity}
        </Text>
      ))}
    </Stack>
  );
}

function ShopOrderEditor({ item, onDone }: { item: QueuedShopOrder; onDone: () => void }) {
  const [lines, setLines] = useState(item.body.products.map((p) => ({ ...p })));
  const [addr, setAddr] = useState({ ...item.body.shippingAddress });
  const names = new Map(item.display?.lines.map((l) => [l.productId, l.name]) ?? []);
  const unitDiscount = (p: (typeof lines)[number]) => (p.quantity > 0 ? p.discount / p.quantity : 0);

  const save = async () => {
    const kept = lines.filter((l) => l.quantity > 0);
    if (kept.length === 0) {
      notifications.show({ color: 'red', message: 'Please select valid products with quantity > 0' });
      return;
    }
    const payload: ShopOrderPayload = { isShop: true, products: kept, shippingAddress: addr, paymentStatus: item.body.paymentStatus };
    const total = kept.reduce((s, l) => s + lineTotal(l.price, l.discount / l.quantity, l.quantity), 0);
    const display = { ...item.display, lines: kept.map((l) => ({ productId: l.productId, name: names.get(l.productId) ?? 'Product', quantity: l.quantity, price: l.price })), total };
    await resendEditedShopOrder(item.id, payload, display);
    notifications.show({ color: 'teal', message: 'Sale saved again; it will be sent when possible.' });
    onDone();
  };

  return (
    <Stack gap="xs">
      {lines.map((l, i) => (
        <Group key={l.productId} wrap="nowrap" justify="space-between">
          <Text size="sm" style={{ flex: 1 }}>{names.get(l.productId) ?? l.productId.slice(-6)}</Text>
          <NumberInput
            aria-label={`Quantity of ${names.get(l.productId) ?? 'product'}`}
            w={90}
            min={0}
            value={l.quantity}
            onChange={(v) =>
              setLines((ls) => ls.map((x, j) => (j === i ? { ...x, quantity: Number(v) || 0, discount: unitDiscount(x) * (Number(v) || 0) } : x)))
            }
          />
        </Group>
      ))}
      <TextInput label="Address" value={addr.address} onChange={(e) => setAddr({ ...addr, address: e.currentTarget.value })} />
      <Group grow>
        <TextInput label="City" value={addr.city} onChange={(e) => setAddr({ ...addr, city: e.currentTarget.value })} />
        <TextInput label="Pincode" value={addr.pincode} onChange={(e) => setAddr({ ...addr, pincode: e.currentTarget.value })} />
      </Group>
      <TextInput label="Phone" value={addr.phoneNumber} onChange={(e) => setAddr({ ...addr, phoneNumber: e.currentTarget.value })} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>Cancel</Button>
        <Button onClick={() => void save()}>Resend</Button>
      </Group>
    </Stack>
  );
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

/** The outbox: what waits to be sent, and what needs attention (with Discard, and Edit and resend for a shop sale). */
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
      {waiting.length === 0 && <Text size="sm" c="dimmed">Nothing waiting.</Text>}
      {waiting.map((i) => {
        const age = now - i.createdAt;
        return (
          <Card key={i.id} withBorder padding="sm" data-testid="outbox-waiting">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={600} size="sm">{i.label}</Text>
                <Text size="xs" c={age > STALE_AFTER_MS ? 'red' : 'dimmed'}>
                  Made {when(i.createdAt)} ({age < 60_000 ? 'just now' : `${formatAge(age)} ago`}){age > STALE_AFTER_MS ? ' - waiting over 24 hours' : ''}
                </Text>
                {i.lastError && <Text size="xs" c="orange">Last try: {i.lastError}</Text>}
                <ItemLines item={i} />
              </Stack>
            </Group>
          </Card>
        );
      })}

      <Title order={5}>Needs attention ({attention.length})</Title>
      {attention.length === 0 && <Text size="sm" c="dimmed">Nothing needs attention.</Text>}
      {attention.map((i) => (
        <Card key={i.id} withBorder padding="sm" data-testid="outbox-attention">
          <Stack gap={4}>
            <Text fw={600} size="sm">{i.label}</Text>
            <Text size="xs" c="dimmed">Made {when(i.createdAt)}</Text>
            <Alert color="red" p="xs">{i.lastError ?? 'Refused by the server'}</Alert>
            <ItemLines item={i} />
            {i.kind === 'shopOrder' && (i as QueuedShopOrder).display && i.kind === 'shopOrder' && (
              <Text size="sm">Total {formatRupees((i as QueuedShopOrder).display!.total)}</Text>
            )}
            {editing === i.id ? (
              <ShopOrderEditor item={i as QueuedShopOrder} onDone={() => setEditing(null)} />
            ) : (
              <Group justify="flex-end" gap="xs">
                {i.kind === 'shopOrder' && (
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
      ))}
    </Stack>
  );
}
