import { Stack, Text } from '@mantine/core';
import { formatRupees } from '../../../core/money';
import { shopSaleTotal } from '../../../core/shop-order';
import type { OutboxItem } from '../../offline/db';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { type QueuedShopSale, lineName } from './shop-sale';

/** A queued sale's lines in the outbox drawer, and its total when it needs attention. */
export default function QueuedSaleDetails({ item: queued }: { item: OutboxItem }) {
  const t = useT('shop-order');
  const { quantity: qty } = useUnitText();
  const item = queued as QueuedShopSale;
  const unitOfLine = (productId: string) => item.display?.lines.find((l) => l.productId === productId)?.unit ?? 'pcs';
  if (!item.display) return null;
  return (
    <>
      <Stack gap={0}>
        {item.body.products.map((l) => (
          <Text key={l.productId} size="xs" c="dimmed">
            {lineName(item, l.productId, t('product'))} × {qty(l.quantity, unitOfLine(l.productId))}
          </Text>
        ))}
      </Stack>
      {item.status === 'failed' && (
        <Text size="sm">{t('totalPlain', { total: formatRupees(item.body.tillTotal ?? shopSaleTotal(item.body.products)) })}</Text>
      )}
    </>
  );
}
