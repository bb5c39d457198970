import { Alert, Anchor, Badge, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { PageLoader } from '../../components/page-loader';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useAreaOrders } from './area-orders-api';
import { RetryAlert } from '../../components/retry-alert';
import { MARK_DELIVERED, markDeliveredRequest } from '../../lib/mark-delivered';
import { enqueue } from '../../offline/actions';

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

function addressLine(a: OrderDto['shippingAddress']) {
  const text = [a?.address, a?.area, a?.city, a?.pincode].filter(Boolean).join(', ');
  return text || MSG.noAddressProvided;
}

/**
 * Cash on delivery: the order is delivered and its total was paid in cash. Through the outbox like
 * Mark Delivered (saved on this device first, shown Delivered at once, sent when possible).
 */
function CashCollectedButton({ order }: { order: OrderDto }) {
  const [busy, setBusy] = useState(false);
  const collect = async () => {
    setBusy(true);
    try {
      await enqueue(MARK_DELIVERED, markDeliveredRequest(order._id, true));
      notifications.show({ color: 'green', message: `${MSG.orderMarkedDelivered} Cash collected.` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button mt="xs" fullWidth color="green" variant="outline" onClick={() => void collect()} loading={busy}>
      Delivered, cash collected {formatRupees(order.totalPayable ?? order.totalAmount)}
    </Button>
  );
}

function OrderCard({ order }: { order: OrderDto }) {
  const phone = order.shippingAddress?.phoneNumber || order.customerId?.phone || '';
  return (
    <Card withBorder radius="lg" padding="md" data-testid="area-order" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {order.customerId?.name ?? 'Walk-in customer'}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {order.customerId?.email || 'No Email'}
          </Text>
        </div>
        <Badge color={order.status === 'Delivered' ? 'green' : 'yellow'} variant="light">
          {order.status}
        </Badge>
      </Group>
      <Stack gap={4} mt="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Order #{order.orderNumber} · {Number.isNaN(Date.parse(order.createdAt)) ? '' : when.format(new Date(order.createdAt))}
          </Text>
          <Text fw={700}>{formatRupees(order.totalPayable ?? order.totalAmount)}</Text>
        </Group>
        <Text size="sm">
          <Text span c="dimmed">
            Address:{' '}
          </Text>
          {addressLine(order.shippingAddress)}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Phone:{' '}
          </Text>
          {phone ? (
            <Anchor href={`tel:${phone}`} size="sm">
              {phone}
            </Anchor>
          ) : (
            '-'
          )}
        </Text>
        {order.vendorId?.shopName && (
          <Text size="sm">
            <Text span c="dimmed">
              Shop:{' '}
            </Text>
            {order.vendorId.shopName}
          </Text>
        )}
      </Stack>
      <Divider my="sm" />
      <Stack gap={2}>
        {order.products.map((p, i) => (
          <Group key={`${p.productId?._id ?? 'x'}-${i}`} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {p.name || p.productId?.name || MSG.unnamedProduct} × {p.quantity}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatRupees(p.lineTotal ?? p.price * p.quantity)}
            </Text>
          </Group>
        ))}
      </Stack>
      <div style={{ flex: 1 }} />
      <Button component={Link} to={`/vendor/orders/${order._id}`} mt="md" fullWidth variant="light">
        View Details
      </Button>
      {order.status === 'Pending' && order.paymentStatus !== 'Paid' && <CashCollectedButton order={order} />}
    </Card>
  );
}

export default function AreaOrdersPage() {
  const { area = '' } = useParams();
  const { orders, error, loading, reload, fromCache, offline, refreshing, savedAt } = useAreaOrders(area);

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          Pending Orders for {area}
        </Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/Home" size="sm">
            Change area
          </Button>
          <Button variant="light" size="sm" onClick={reload} loading={loading && !!orders}>
            Refresh
          </Button>
        </Group>
      </Group>
      <SavedDataBadge savedAt={savedAt} fromCache={fromCache} offline={offline} refreshing={refreshing} />
      {error ? (
        <RetryAlert title={MSG.ordersLoadFailed} onRetry={reload} />
      ) : !orders ? (
        <PageLoader />
      ) : orders.length === 0 ? (
        <Alert color="gray" variant="light">
          {MSG.noPendingOrdersFor(area)}
        </Alert>
      ) : (
        <>
          <Text c="dimmed" size="sm" mb="sm">
            {orders.length} pending order{orders.length === 1 ? '' : 's'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {orders.map((o) => (
              <OrderCard key={o._id} order={o} />
            ))}
          </SimpleGrid>
        </>
      )}
    </>
  );
}
