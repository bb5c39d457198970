import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { orderDate, shortId, statusColor, vendorLabel } from './orders-api';

/** One order in a list: reference, date, vendor, total, status and View Order. */
export function OrderCard({ order, to }: { order: OrderDto; to: string }) {
  const items = order.products?.reduce((n, p) => n + p.quantity, 0) ?? 0;
  return (
    <Paper withBorder p="md" radius="md" data-testid="order-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>Order #{shortId(order._id)}</Text>
          <Badge color={statusColor(order.status)} variant="light">
            {order.status}
          </Badge>
        </Group>
        {order.createdAt && (
          <Text size="sm" c="dimmed">
            {orderDate(order.createdAt)}
          </Text>
        )}
        <Text size="sm">
          Vendor: <b>{vendorLabel(order)}</b>
        </Text>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Stack gap={0}>
            <Text size="sm">
              Total: <b>{formatRupees(order.totalPayable ?? order.totalAmount)}</b>
            </Text>
            {items > 0 && (
              <Text size="xs" c="dimmed">
                {items} {items === 1 ? 'item' : 'items'}
              </Text>
            )}
          </Stack>
          <Button component={Link} to={to} size="xs" variant="light">
            View Order
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
