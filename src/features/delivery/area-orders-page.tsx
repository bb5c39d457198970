import { Alert, Badge, Button, Card, Collapse, Divider, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import type { AreaOrderCard } from '../../../core/schemas/order';
import { OrderRefSearch } from '../../components/order-ref-search';
import { QueryView } from '../../components/query-view';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { PushButton } from '../../components/push-button';
import { AppIcon } from '../../components/app-icons';
import { RiderCashLink } from '../../components/rider-cash-link';
import { useLiveOrders } from '../../data/use-live-orders';
import { followedAreas, followArea } from './followed-areas';
import { useDateFormat } from '../../lib/format';
import { type Translate, useT } from '../../lib/i18n';
import { MARK_DELIVERED, UNDO_HOLD_MS, markDeliveredRequest, undoUntil } from '../../data/mark-delivered';
import { useLineName } from '../../lib/line-name';
import { useMsg } from '../../lib/messages';
import { useUnitText } from '../../lib/unit-text';
import { discardOutboxItem, enqueue } from '../../offline/actions';
import type { OutboxItem } from '../../offline/db';
import { useAreaOrders, useAreas, useOrderDetails } from './area-orders-api';
import { DeliverDialog } from './deliver-dialog';
import { customerLabel, mapUrl, telHref } from './order-text';
import { matchesOrderRef, orderRef } from '../../../core/order-ref';

/** Re-renders every `everyMs` while `active`: the undo countdown. */
function useNow(active: boolean, everyMs = 250) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

/** A thumb-sized link button (44 px high) whose label may wrap. */
const THUMB = {
  mih: 44,
  h: 'auto',
  // the root centres its content: with an auto height the inner box would sit at the top
  styles: { root: { display: 'inline-flex', alignItems: 'center' }, label: { whiteSpace: 'normal', lineHeight: 1.25, paddingBlock: 6 } },
} as const;

/**
 * Address with a Map button, and the phone as a Call button for the dialler: both are thumb-sized
 * buttons rather than words in a line, a rider taps them walking, one-handed.
 */
function Contact({ order, t }: { order: AreaOrderCard; t: Translate<'delivery'> }) {
  const msg = useMsg();
  const { address, phone } = order;
  return (
    <>
      <Text size="sm">
        <Text span c="dimmed">
          {t('address')}{' '}
        </Text>
        {address || msg.noAddressProvided}
      </Text>
      {!phone && (
        <Text size="sm">
          <Text span c="dimmed">
            {t('phone')}{' '}
          </Text>
          -
        </Text>
      )}
      {(phone || address) && (
        <Group gap="xs" wrap="wrap">
          {phone && (
            <Button
              component="a"
              href={telHref(phone)}
              variant="light"
              color="green"
              leftSection={<AppIcon name="phone" size={18} />}
              data-testid="tel-link"
              {...THUMB}
            >
              {t('callPhone', { phone })}
            </Button>
          )}
          {address && (
            <Button
              component="a"
              href={mapUrl(address)}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<AppIcon name="pin" size={18} />}
              aria-label={t('openMapOf', { address })}
              data-testid="map-link"
              {...THUMB}
            >
              {t('openMap')}
            </Button>
          )}
        </Group>
      )}
    </>
  );
}

/** A delivered order: compact, with Undo for its first 5 seconds, so the next order moves up. */
function DeliveredCard({ order, item, t }: { order: AreaOrderCard; item: OutboxItem | undefined; t: Translate<'delivery'> }) {
  const until = undoUntil(item);
  const now = useNow(until > Date.now());
  const left = Math.ceil((until - now) / 1000);
  const undo = async () => {
    if (!item || !(await discardOutboxItem(item.id))) return;
    notifications.show({ color: 'blue', message: t('undone', { n: orderRef(order) }) });
  };
  return (
    <Card
      withBorder
      radius="lg"
      padding="sm"
      data-testid="area-order"
      data-status="Delivered"
      bg="var(--mantine-color-green-light)"
      style={{ alignSelf: 'start' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('orderNumber', { n: orderRef(order) })} · {customerLabel(order, t('walkInCustomer'))}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {order.address}
          </Text>
          {item && left <= 0 && (
            <Text size="xs" c="orange.9" fw={600}>
              {t('waitingToSync')}
              {(item.body as { cashCollected?: boolean }).cashCollected ? ` · ${t('cashNoted')}` : ''}
            </Text>
          )}
        </div>
        {left > 0 ? (
          <Button
            size="sm"
            mih={44}
            variant="white"
            color="dark"
            onClick={() => void undo()}
            aria-label={t('undoOf', { n: orderRef(order) })}
            data-testid="undo-delivery"
            style={{ flexShrink: 0 }}
          >
            {t('undo', { s: left })}
          </Button>
        ) : (
          <Badge color="green" variant="filled" style={{ flexShrink: 0 }}>
            {t('statusDelivered')}
          </Badge>
        )}
      </Group>
    </Card>
  );
}

/** Button labels may take two lines (Tamil labels are long for half a phone's width). */
const WRAP = {
  root: { paddingInline: 10 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25, paddingBlock: 6 },
} as const;

/**
 * The order's lines, under a button that says how many: the list carries the count only, the lines
 * come with the order's details (saved on this device with the area, so they open offline too).
 */
function CardLines({ order, t }: { order: AreaOrderCard; t: Translate<'delivery'> }) {
  const [open, setOpen] = useState(false);
  const msg = useMsg();
  const units = useUnitText();
  const lineName = useLineName();
  const details = useOrderDetails(open ? order._id : null);
  const lines = details.data?.products;
  return (
    <>
      <Button
        variant="subtle"
        mih={44}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        justify="space-between"
        rightSection={open ? '▲' : '▼'}
        data-testid="card-lines-toggle"
      >
        {order.lines === 1 ? t('itemCountOne') : t('itemCount', { n: order.lines })}
      </Button>
      <Collapse expanded={open}>
        <Stack gap={2} mt={4} data-testid="card-lines">
          {lines ? (
            lines.map((p, i) => (
              <Group key={`${p.productId?._id ?? 'x'}-${i}`} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {lineName(p) || msg.unnamedProduct} × {units.quantity(p.quantity, p.unit)}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatRupees(p.lineTotal)}
                </Text>
              </Group>
            ))
          ) : details.error ? (
            <Text size="sm" c="red.8">
              {msg.ordersLoadFailed}
            </Text>
          ) : (
            <Loader size="xs" aria-label={t('itemsLoading')} />
          )}
        </Stack>
      </Collapse>
    </>
  );
}

function OrderCard({ order, t, onDeliver }: { order: AreaOrderCard; t: Translate<'delivery'>; onDeliver: (o: AreaOrderCard) => void }) {
  const when = useDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  const total = formatRupees(order.totalPayable);
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      data-testid="area-order"
      data-status={order.status}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {customerLabel(order, t('walkInCustomer'))}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {order.customerEmail || t('noEmail')}
          </Text>
        </div>
        <Badge color="yellow" c="dark" variant="light" style={{ flexShrink: 0 }}>
          {t('statusPending')}
        </Badge>
      </Group>
      <Stack gap={4} mt="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('orderNumber', { n: orderRef(order) })} ·{' '}
            {Number.isNaN(Date.parse(order.createdAt)) ? '' : when.format(new Date(order.createdAt))}
          </Text>
          <Text fw={700}>{total}</Text>
        </Group>
        <Contact order={order} t={t} />
        {order.shopName && (
          <Text size="sm">
            <Text span c="dimmed">
              {t('shop')}{' '}
            </Text>
            {order.shopName}
          </Text>
        )}
      </Stack>
      <Divider my="sm" />
      <CardLines order={order} t={t} />
      <div style={{ flex: 1 }} />
      <Group mt="md" gap="sm" grow wrap="nowrap" align="stretch">
        <Button component={Link} to={`/vendor/orders/${order._id}`} variant="light" h="auto" mih={44} styles={WRAP}>
          {t('viewDetails')}
        </Button>
        <Button
          color="green"
          h="auto"
          mih={44}
          styles={WRAP}
          onClick={() => onDeliver(order)}
          aria-label={t('markDeliveredOf', { n: orderRef(order) })}
          data-testid="card-deliver"
        >
          {t('markDelivered')}
        </Button>
      </Group>
    </Card>
  );
}

/** Choose another area right here (no trip to Home): the list is saved on this device. */
function AreaSwitch({ area, t }: { area: string; t: Translate<'delivery'> }) {
  const areas = useAreas();
  const navigate = useNavigate();
  const options = areas && !areas.includes(area) ? [area, ...areas] : (areas ?? [area]);
  return (
    <NativeSelect
      label={t('area')}
      data={options}
      value={area}
      onChange={(e) => navigate(`/orders-by-area/${encodeURIComponent(e.currentTarget.value)}`)}
      w={{ base: '100%', xs: 220 }}
      styles={{ input: { height: 44 } }}
      data-testid="area-switch"
    />
  );
}

export default function AreaOrdersPage() {
  const { area = '' } = useParams();
  const t = useT('delivery');
  const msg = useMsg();
  const { orders, localDeliveries, error, loading, reload, fromCache, offline, refreshing, savedAt } = useAreaOrders(area);
  // a delivery order of this area placed, delivered or deleted anywhere reloads the list
  useLiveOrders((e) => e.area.trim().toLowerCase() === area.trim().toLowerCase(), reload);
  const [followed, setFollowed] = useState(() => followedAreas());
  const [asking, setAsking] = useState<AreaOrderCard | null>(null);
  // the area's list comes whole (not paged), so the search runs over it here
  const [ref, setRef] = useState('');

  const deliver = async (order: AreaOrderCard, cash: boolean) => {
    setAsking(null);
    try {
      // Held on this device for the undo, then sent through the outbox (offline: when the connection returns).
      await enqueue(MARK_DELIVERED, markDeliveredRequest(order._id, cash, orderRef(order)), { holdMs: UNDO_HOLD_MS });
      notifications.show({
        color: 'green',
        message: t(cash ? 'deliveredCashToast' : 'deliveredToast', { n: orderRef(order) }),
        autoClose: 2500,
      });
    } catch {
      notifications.show({ color: 'red', message: msg.markDeliveredFailed });
    }
  };

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {t('pendingOrdersFor', { area })}
        </Title>
        <Group gap="xs" align="flex-end" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
          <div style={{ flex: 1 }}>
            <AreaSwitch area={area} t={t} />
          </div>
          <Button variant="light" mih={44} onClick={reload} loading={loading && !!orders}>
            {t('refresh')}
          </Button>
        </Group>
      </Group>
      {/* the cash he carries, in sight above every area's list */}
      <Stack gap={0} mb="sm">
        <RiderCashLink />
      </Stack>
      <Stack gap={4} mb="sm">
        <PushButton
          label={t('notifyAreaOrders')}
          areas={followArea(followed, area)}
          covered={followed.some((a) => a.toLowerCase() === area.toLowerCase())}
          onOn={() => setFollowed(followArea(followed, area, true))}
        />
        {followed.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('notifyAreasHint', { areas: followed.join(', ') })}
          </Text>
        )}
      </Stack>
      <SavedDataBadge savedAt={savedAt} fromCache={fromCache} offline={offline} refreshing={refreshing} />
      <QueryView
        query={{ error, refresh: reload }}
        data={orders}
        failed={msg.ordersLoadFailed}
        offline={t('offlineNotSaved')}
        empty={
          <Alert color="gray" variant="light">
            {msg.noPendingOrdersFor({ area })}
          </Alert>
        }
      >
        {(orders) => {
          const pending = orders.filter((o) => o.status !== 'Delivered');
          const delivered = orders.length - pending.length;
          const shown = orders.filter((o) => matchesOrderRef(o, ref));
          return (
            <>
              <Text c="dimmed" size="sm" mb="sm" data-testid="pending-count">
                {pending.length === 1 ? t('pendingCountOne') : t('pendingCount', { n: pending.length })}
                {delivered > 0 ? ` · ${t('deliveredHere', { n: delivered })}` : ''}
              </Text>
              {pending.length === 0 && (
                <Alert color="green" variant="light" mb="sm">
                  {t('allDelivered', { area })}
                </Alert>
              )}
              <OrderRefSearch value={ref} onChange={setRef} maw={{ base: '100%', sm: 360 }} mb="sm" />
              {shown.length === 0 && (
                <Alert color="gray" variant="light">
                  {msg.noOrdersFound}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {shown.map((o) =>
                  o.status === 'Delivered' ? (
                    <DeliveredCard key={o._id} order={o} item={localDeliveries.get(o._id)} t={t} />
                  ) : (
                    <OrderCard key={o._id} order={o} t={t} onDeliver={setAsking} />
                  ),
                )}
              </SimpleGrid>
            </>
          );
        }}
      </QueryView>
      <DeliverDialog order={asking} onClose={() => setAsking(null)} onConfirm={(o, cash) => void deliver(o, cash)} />
    </>
  );
}
