import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { OrderCard } from './order-card';

/** The orders a checkout just created, one per vendor, passed in navigation state. */
export default function OrdersSummaryPage() {
  const { state } = useLocation();
  const orders: OrderDto[] = Array.isArray((state as { orders?: unknown } | null)?.orders) ? (state as { orders: OrderDto[] }).orders : [];
  const total = orders.reduce((s, o) => s + (o.totalPayable ?? o.totalAmount ?? 0), 0);

  return (
    <Stack gap="md">
      <Title order={2}>Order Summary</Title>
      {orders.length === 0 ? (
        <Text c="dimmed">{MSG.noOrdersFound}</Text>
      ) : (
        <>
          <Alert color="green" title="Thank you! Your order has been placed.">
            {orders.length > 1 ? `Your cart had items from ${orders.length} vendors, so it became ${orders.length} orders. ` : ''}Total
            payable: <b>{formatRupees(total)}</b>
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {orders.map((o) => (
              <OrderCard key={o._id} order={o} to={`/order/${o._id}`} />
            ))}
          </SimpleGrid>
        </>
      )}
      <Group>
        <Button component={Link} to="/my-orders" variant="default">
          My Orders
        </Button>
        <Button component={Link} to="/user-categories" variant="subtle">
          Continue Shopping
        </Button>
      </Group>
    </Stack>
  );
}
