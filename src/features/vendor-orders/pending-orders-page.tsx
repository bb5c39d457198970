import { Alert, Badge, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useUnitText } from '../../lib/unit-text';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { PushButton } from '../../components/push-button';
import { useLiveOrders } from '../../data/use-live-orders';
import { saveToCache, useCachedQuery } from '../../data/use-cached-query';
import { usePendingDeliveredIds } from '../../data/mark-delivered';
import { useOutboxItems } from '../../offline/hooks';
import { OutboxCard, outboxView } from '../../offline/outbox-views';
import { useOrderTexts } from './order-texts';
import { fetchPendingOrders, formatAddress, type OrderDto } from './vendor-orders-api';
import { orderRef } from '../../../core/order-ref';

/** Memoized: the outbox feed re-renders the page as a replay goes on (hundreds of cards), the orders stay the same. */
const PendingOrderCard = memo(function PendingOrderCard({ order: o }: { order: OrderDto }) {
  const address = formatAddress(o.shippingAddress, o.area);
  const t = useT('vendor-orders');
  const msg = useMsg();
  const texts = useOrderTexts();
  const units = useUnitText();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="pending-order">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{t('orderNumber', { n: orderRef(o) })}</Text>
          <Text size="xs" c="dimmed">
            {texts.dateTime(o.createdAt)}
            {texts.invoice(o) ? ` · ${texts.invoice(o)}` : ''}
          </Text>
        </div>
        {/* never squeezed by a long order line beside it: "PENDING" in full at every width */}
        <Badge
          color={o.status === 'Delivered' ? 'green' : 'orange'}
          variant="light"
          miw="max-content"
          style={{ flexShrink: 0 }}
          data-testid="pending-order-status"
        >
          {texts.status(o.status)}
        </Badge>
      </Group>
      <Stack gap={2} mt="xs">
        <Text size="sm" fw={600}>
          {texts.customer(o)}
        </Text>
        {o.customerId?.email && (
          <Text size="sm" c="dimmed">
            {o.customerId.email}
          </Text>
        )}
        <Text size="sm">{address || msg.noAddressProvided}</Text>
        {o.shippingAddress?.phoneNumber && (
          <Text size="sm" c="dimmed">
            ☎ {o.shippingAddress.phoneNumber}
          </Text>
        )}
      </Stack>
      <Divider my="xs" />
      <Stack gap={2}>
        {o.products.map((p, i) => (
          <Group key={i} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" lineClamp={1}>
              {texts.line(o, i)}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {units.quantity(p.quantity, p.unit)} × {formatRupees(p.price)}
              {units.perUnit(p.unit)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" mt="auto" pt="sm">
        <Text fw={800}>{t('totalAmount', { amount: formatRupees(o.totalPayable ?? o.totalAmount) })}</Text>
        <Button component={Link} to={`/vendor/orders/${o._id}`} variant="light" mih={44}>
          {t('viewDetails')}
        </Button>
      </Group>
    </Card>
  );
});

/** Loads the pending list and saves each order, so its detail page opens offline too. */
async function loadPendingOrders(): Promise<OrderDto[]> {
  const list = await fetchPendingOrders();
  await Promise.all(list.map((o) => saveToCache(`order:${o._id}`, o)));
  return list;
}

/** /PendingOrders. */
export default function PendingOrdersPage() {
  // Offline cache: saved list at once, then the network; sales made here and not yet synced on top.
  const q = useCachedQuery('vendor-pending-orders', loadPendingOrders, { refetchOnSync: true });
  // the stream carries this shop's order events only: any of them may change the list
  useLiveOrders(() => true, q.refresh);
  const outbox = useOutboxItems();
  const deliveredHere = usePendingDeliveredIds();
  const orders = useMemo(() => (q.data ? q.data.filter((o) => !deliveredHere.has(o._id)) : null), [q.data, deliveredHere]);
  // Sales made here that the server does not have yet (a sale's outbox id is its order's _id).
  const waiting = useMemo(() => {
    const known = new Set(q.data?.map((o) => o._id));
    return outbox.filter((i) => outboxView(i.kind).Card && !known.has(i.id));
  }, [q.data, outbox]);
  const t = useT('vendor-orders');
  const msg = useMsg();

  return (
    <Stack gap="md">
      <PageHeader title={t('pendingOrders')} mb={0} link={{ to: '/order', label: t('newSale'), variant: 'light' }} />
      <PushButton label={t('notifyNewOrders')} />
      <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
      {waiting.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {waiting.map((i) => (
            <OutboxCard key={i.id} item={i} />
          ))}
        </SimpleGrid>
      )}
      <QueryView
        query={q}
        data={orders}
        failed={msg.ordersLoadFailed}
        loader={
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={220} radius="md" />
            ))}
          </SimpleGrid>
        }
        empty={waiting.length === 0 && <Alert color="gray">{msg.noPendingOrders}</Alert>}
      >
        {(orders) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {orders.map((o) => (
              <PendingOrderCard key={o._id} order={o} />
            ))}
          </SimpleGrid>
        )}
      </QueryView>
    </Stack>
  );
}
