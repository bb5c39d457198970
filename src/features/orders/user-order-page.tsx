import { Alert, Badge, Box, Button, Divider, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { formatRupees } from '../../../core/money';
import { PageLoader } from '../../components/page-loader';
import { ProductImage } from '../../components/product-card';
import { ApiError, errorMessage } from '../../lib/api';
import { useCachedQuery } from '../../lib/use-cached-query';
import { orderDate, ordersApi, shortId, statusColor, vendorLabel } from './orders-api';

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

/** Order detail, customer variant. */
export default function UserOrderPage() {
  const { orderId = '' } = useParams();
  const q = useCachedQuery(`my-order:${orderId}`, () => ordersApi.get(orderId), { persist: false });
  const order = q.data ?? null;
  const error =
    order || !q.error
      ? null
      : q.error instanceof ApiError && q.error.status === 404
        ? MSG.orderNotFound
        : errorMessage(q.error, MSG.ordersLoadFailed);

  const goHome = (
    <Button component={Link} to="/" variant="default">
      Go Home
    </Button>
  );

  if (error)
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="red" w="100%">
          {error}
        </Alert>
        {goHome}
      </Stack>
    );
  if (!order) return <PageLoader />;

  const a = order.shippingAddress ?? {};
  const area = a.area || order.area;
  const fullAddress = [a.address, a.city, a.pincode ? `${a.pincode}` : '', area].filter(Boolean).join(', ');
  const phone = a.phoneNumber || order.customerId?.phone || '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>Order #{shortId(order._id)}</Title>
        <Badge color={statusColor(order.status)} size="lg" variant="light" data-testid="order-status">
          {order.status}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Placed {orderDate(order.createdAt)} · Vendor: {vendorLabel(order)}
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Title order={4} mb={4}>
                Shipping
              </Title>
              {order.customerId?.name && <Text size="sm">{order.customerId.name}</Text>}
              <Text size="sm">Phone: {phone || '-'}</Text>
              <Text size="sm">Address: {fullAddress || MSG.noAddressProvided}</Text>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={4} mb="xs">
                Items
              </Title>
              <Stack gap="xs">
                {order.products.map((p, i) => (
                  <Group key={`${p.productId?._id ?? p.name}-${i}`} gap="sm" wrap="nowrap" data-testid="order-line">
                    <Box w={48} style={{ flexShrink: 0 }}>
                      <ProductImage src={p.image || p.productId?.image || p.productId?.images?.[0]} alt={p.name} />
                    </Box>
                    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" lineClamp={1}>
                        {p.name || p.productId?.name || MSG.unnamedProduct}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {p.quantity} x {formatRupees(p.price)}
                        {p.discount > 0 ? ` - ${formatRupees(p.discount)} off each` : ''}
                      </Text>
                    </Stack>
                    <Text size="sm" fw={600}>
                      {formatRupees(p.lineTotal)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <Title order={4}>Summary</Title>
              <Line label="Total Amount" value={formatRupees(order.totalAmount)} />
              <Line label="Total Discount" value={formatRupees(order.totalDiscount)} />
              <Line label="Delivery Discount" value={formatRupees(order.totalDeliveryDiscount)} />
              <Divider />
              <Line label="Total Payable" value={formatRupees(order.totalPayable)} strong />
              <Line label="Payment" value={order.paymentStatus} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Group>{goHome}</Group>
    </Stack>
  );
}
