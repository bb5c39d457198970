import { Stack, Text } from '@mantine/core';
import { formatRupees } from '../../../core/money';
import { shopSaleTotal } from '../../../core/shop-order';
import type { OutboxItem } from '../../offline/db';
import { lineQuantity } from './line-quantity';
import { type QueuedShopSale, lineName } from './shop-sale';

/** A queued sale's lines in the outbox drawer, and its total when it needs attention. */
export default function QueuedSaleDetails({ item: queued }: { item: OutboxItem }) {
  const item = queued as QueuedShopSale;
  if (!item.display) return null;
  return (
    <>
      <Stack gap={0}>
        {item.body.products.map((l) => (
          <Text key={l.productId} size="xs" c="dimmed">
            {lineName(item, l.productId, 'Product')} × {lineQuantity(item, l.productId, l.quantity)}
          </Text>
        ))}
      </Stack>
      {item.status === 'failed' && <Text size="sm">Total {formatRupees(shopSaleTotal(item.body.products))}</Text>}
    </>
  );
}
