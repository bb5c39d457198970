import { Anchor, Badge, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { formatRupees } from '../../../core/money';
import { shopSaleTotal } from '../../../core/shop-order';
import { Link } from 'react-router-dom';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import type { OutboxItem } from '../../offline/db';
import { useUnitText } from '../../lib/unit-text';
import { type QueuedShopSale, lineName } from './shop-sale';

/** A shop sale made on this device that the server does not have yet: "Waiting to sync" (or refused: "Needs attention"). */
export default function QueuedSaleCard({ item: queued }: { item: OutboxItem }) {
  const t = useT('shop-order');
  const msg = useMsg();
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const { quantity: qty } = useUnitText();
  const item = queued as QueuedShopSale;
  const unitOfLine = (productId: string) => item.display?.lines.find((l) => l.productId === productId)?.unit ?? 'pcs';
  const a = item.body.shippingAddress;
  const address = [a.address, [a.city, a.pincode].filter(Boolean).join(' ')].filter((s) => s && s.trim()).join(', ');
  const failed = item.status === 'failed';
  return (
    <Card withBorder radius="md" padding="sm" data-testid="queued-sale" style={{ borderStyle: 'dashed' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{t('shopSale')}</Text>
          <Text size="xs" c="dimmed">
            {dateTime.format(new Date(item.body.createdAt))}
          </Text>
        </div>
        <Badge color={failed ? 'red' : 'yellow'} c={failed ? undefined : 'dark'} variant={failed ? 'light' : 'filled'}>
          {failed ? t('needsAttention') : t('waitingToSync')}
        </Badge>
      </Group>
      <Stack gap={2} mt="xs">
        <Text size="sm" fw={600}>
          {t('walkIn')}
        </Text>
        <Text size="sm">{address || msg.noAddressProvided}</Text>
        {a.phoneNumber && (
          <Text size="sm" c="dimmed">
            ☎ {a.phoneNumber}
          </Text>
        )}
        <Text size="xs" c="dimmed" data-testid={item.body.invoiceNumber ? 'till-number-bill' : 'provisional-bill'}>
          {item.body.invoiceNumber ? t('tillNumberNote', { number: item.body.invoiceNumber }) : t('provisionalNote')}{' '}
          <Anchor component={Link} to={`/receipt/${item.id}`} size="xs">
            {t('viewBill')}
          </Anchor>
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
              {lineName(item, l.productId, msg.unnamedProduct)}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {qty(l.quantity, unitOfLine(l.productId))} × {formatRupees(l.price)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" mt="auto" pt="sm">
        <Text fw={800}>{t('totalIs', { total: formatRupees(item.body.tillTotal ?? shopSaleTotal(item.body.products)) })}</Text>
        <Text size="xs" c="dimmed">
          {failed ? t('openSyncToFix') : t('savedOnDevice')}
        </Text>
      </Group>
    </Card>
  );
}
