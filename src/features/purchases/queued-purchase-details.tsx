import { Stack, Text } from '@mantine/core';
import type { OutboxItem } from '../../offline/db';
import { useT } from '../../lib/i18n';
import type { QueuedPurchase } from './purchase-kind';

/** A queued bill's lines in the outbox drawer. */
export default function QueuedPurchaseDetails({ item: queued }: { item: OutboxItem }) {
  const t = useT('purchases');
  const item = queued as QueuedPurchase;
  return (
    <Stack gap={0}>
      {item.body.lines.map((l) => (
        <Text key={l.productId} size="xs" c="dimmed">
          {item.display?.names[l.productId] ?? t('product')} × {l.quantity}
        </Text>
      ))}
    </Stack>
  );
}
