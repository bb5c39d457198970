import { Badge, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { MSG } from '../../../core/messages';
import { formatRupees } from '../../../core/money';
import { shopSaleTotal } from '../../../core/shop-order';
import type { OutboxItem } from '../../offline/db';
import { lineQuantity } from './line-quantity';
import { type QueuedShopSale, lineName } from './shop-sale';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** A shop sale made on this device that the server does not have yet: "Waiting to sync" (or refused: "Needs attention"). */
export default function QueuedSaleCard({ item: queued }: { item: OutboxItem }) {
  const item = queued as QueuedShopSale;
  const a = item.body.shippingAddress;
  const address = [a.address, [a.city, a.pincode].filter(Boolean).join(' ')].filter((s) => s && s.trim()).join(', ');
  const failed = item.status === 'failed';
  return (
    <Card withBorder radius="md" padding="sm" data-testid="queued-sale" style={{ borderStyle: 'dashed' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>Shop sale</Text>
          <Text size="xs" c="dimmed">
            {dateTime.format(new Date(item.body.createdAt))}
          </Text>
        </div>
        <Badge color={failed ? 'red' : 'yellow'} c={failed ? undefined : 'dark'} variant={failed ? 'light' : 'filled'}>
          {failed ? 'Needs attention' : 'Waiting to sync'}
        </Badge>
      </Group>
      <Stack gap={2} mt="xs">
        <Text size="sm" fw={600}>
          Walk-in customer
        </Text>
        <Text size="sm">{address || MSG.noAddressProvided}</Text>
        {a.phoneNumber && (
          <Text size="sm" c="dimmed">
            ☎ {a.phoneNumber}
          </Text>
        )}
        <Text size="xs" c="dimmed" data-testid="provisional-bill">
          Provisional bill: the invoice number is given when the sale reaches the server.
        </Text>
        {failed && item.lastError && (
          <Text size="sm" c="red">
            {item.lastError}
          </Text>
        )}
      </Stack>
      <Divider my="xs" />
      <Stack gap={2}>
        {item.body.products.map((l, i) => (
          <Group key={i} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" lineClamp={1}>
              {lineName(item, l.productId, MSG.unnamedProduct)}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {lineQuantity(item, l.productId, l.quantity)} × {formatRupees(l.price)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" mt="auto" pt="sm">
        <Text fw={800}>Total: {formatRupees(shopSaleTotal(item.body.products))}</Text>
        <Text size="xs" c="dimmed">
          {failed ? 'Open the sync badge to fix' : 'Saved on this device'}
        </Text>
      </Group>
    </Card>
  );
}
