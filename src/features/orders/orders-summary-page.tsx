import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { shoppingPlace } from '../../stores/cart';
import { InstallHint } from './install-hint';
import { OrderCard } from './order-card';

/** The orders a checkout just created, one per vendor, passed in navigation state. */
export default function OrdersSummaryPage() {
  const t = useT('orders');
  const msg = useMsg();
  const { state } = useLocation();
  const orders: OrderDto[] = Array.isArray((state as { orders?: unknown } | null)?.orders) ? (state as { orders: OrderDto[] }).orders : [];
  const total = orders.reduce((s, o) => s + (o.totalPayable ?? o.totalAmount ?? 0), 0);

  return (
    <Stack gap="md">
      <Title order={2}>{t('orderSummary')}</Title>
      {orders.length === 0 ? (
        <Text c="dimmed">{msg.noOrdersFound}</Text>
      ) : (
        <>
          <Alert color="green" title={t('thankYou')}>
            {orders.length > 1 ? `${t('splitIntoOrders', { n: orders.length })} ` : ''}
            {t('totalPayableColon')} <b>{formatRupees(total)}</b>
          </Alert>
          {/* the checkout lands here with the orders it made */}
          <InstallHint afterOrder />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {orders.map((o) => (
              <OrderCard key={o._id} order={o} to={`/order/${o._id}`} />
            ))}
          </SimpleGrid>
        </>
      )}
      <Group>
        <Button component={Link} to="/my-orders" variant="default">
          {t('myOrders')}
        </Button>
        <Button component={Link} to={shoppingPlace()} variant="subtle">
          {t('continueShopping')}
        </Button>
      </Group>
    </Stack>
  );
}
