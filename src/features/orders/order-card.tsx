import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { ORDER_DATE, statusColor, statusKey, vendorLabel } from './orders-api';
import { orderRef } from '../../../core/order-ref';

/** One order in a list: reference, date, vendor, total, status and View Order. */
export function OrderCard({ order, to }: { order: OrderDto; to: string }) {
  const t = useT('orders');
  const date = useDateFormat(ORDER_DATE);
  // counted by lines: kilos, litres and pieces never add up to a number of items
  const items = order.products?.length ?? 0;
  const status = statusKey(order.status);
  return (
    <Paper withBorder p="md" radius="md" data-testid="order-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {t('orderNo', { id: orderRef(order) })}
          </Text>
          <Badge color={statusColor(order.status)} variant="light" tt="none" style={{ flexShrink: 0 }} miw="max-content">
            {status ? t(status) : order.status}
          </Badge>
        </Group>
        {order.createdAt && (
          <Text size="sm" c="dimmed">
            {date.format(new Date(order.createdAt))}
          </Text>
        )}
        <Text size="sm">
          {t('vendor')} <b>{vendorLabel(order)}</b>
        </Text>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Stack gap={0}>
            <Text size="sm">
              {t('total')} <b>{formatRupees(order.totalPayable ?? order.totalAmount)}</b>
            </Text>
            {items > 0 && (
              <Text size="xs" c="dimmed">
                {items === 1 ? t('oneItem') : t('itemsCount', { n: items })}
              </Text>
            )}
          </Stack>
          <Button component={Link} to={to} variant="light" mih={44}>
            {t('viewOrder')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
