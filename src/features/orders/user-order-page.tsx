import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { canDeleteOrder } from '../../../core/order-rules';
import { formatRupees } from '../../../core/money';
import { confirm } from '../../components/confirm';
import { QueryView } from '../../components/query-view';
import { BoughtLine } from '../../components/bought-line';
import { errorMessage } from '../../lib/api';
import { useDateFormat } from '../../lib/format';
import { SummaryBox, SummaryLine, takenOff, WithSummary } from '../../components/summary-line';
import { useT } from '../../lib/i18n';
import { useLineName } from '../../lib/line-name';
import { useMsg } from '../../lib/messages';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { useLiveOrders } from '../../data/use-live-orders';
import { PushButton } from '../../components/push-button';
import type { OrderDto } from '../../../core/schemas/order';
import { ORDER_DATE, ordersApi, statusColor, statusKey, vendorLabel } from './orders-api';
import { InstallHint } from './install-hint';
import { orderRef } from '../../../core/order-ref';

/** Order detail, customer variant: with Delete while the order is Pending (its stock goes back to the shop). */
export default function UserOrderPage() {
  const t = useT('orders');
  const msg = useMsg();
  const { orderId = '' } = useParams();
  const q = useCachedQuery(`my-order:${orderId}`, () => ordersApi.get(orderId), { persist: false });
  // this order's events (delivered, deleted by the shop) reload it
  useLiveOrders((e) => e.orderId === orderId, q.refresh);
  const goHome = (
    <Button component={Link} to="/" variant="default" mih={44}>
      {t('goHome')}
    </Button>
  );
  return (
    <QueryView query={q} failed={msg.ordersLoadFailed} notFound={msg.orderNotFound} action={goHome}>
      {(order) => <UserOrder order={order} reload={q.refresh} goHome={goHome} />}
    </QueryView>
  );
}

function UserOrder({ order, reload, goHome }: { order: OrderDto; reload: () => void; goHome: ReactNode }) {
  const t = useT('orders');
  const msg = useMsg();
  const lineName = useLineName();
  const date = useDateFormat(ORDER_DATE);
  const navigate = useNavigate();
  // the checkout lands here with `placed`
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  const [deleting, setDeleting] = useState(false);

  const a = order.shippingAddress ?? {};
  const area = a.area || order.area;
  const fullAddress = [a.address, a.city, a.pincode ? `${a.pincode}` : '', area].filter(Boolean).join(', ');
  const phone = a.phoneNumber || order.customerId?.phone || '';
  const status = statusKey(order.status);
  const payment =
    order.paymentStatus === 'Paid' ? t('paymentPaid') : order.paymentStatus === 'Pending' ? t('paymentPending') : order.paymentStatus;

  const remove = async () => {
    const yes = await confirm(msg.confirmDeleteOrder, {
      title: t('deleteTitle'),
      confirmLabel: t('deleteOrder'),
      cancelLabel: t('keepOrder'),
    });
    if (!yes) return;
    setDeleting(true);
    try {
      await ordersApi.remove(order._id);
      notifications.show({ message: msg.orderDeleted, color: 'green' });
      invalidate('my-orders');
      navigate('/my-orders', { replace: true });
    } catch (err) {
      notifications.show({ message: errorMessage(err, msg.deleteOrderFailed), color: 'red' });
      reload();
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {t('orderNo', { id: orderRef(order) })}
        </Title>
        <Badge
          color={statusColor(order.status)}
          size="lg"
          variant="light"
          tt="none"
          data-testid="order-status"
          style={{ flexShrink: 0 }}
          miw="max-content"
        >
          {status ? t(status) : order.status}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('placedBy', { date: date.format(new Date(order.createdAt)), vendor: vendorLabel(order) })}
      </Text>
      <InstallHint afterOrder={placed} />
      {order.status === 'Pending' && <PushButton label={t('notifyDelivered')} />}
      <WithSummary>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb={4}>
              {t('shipping')}
            </Title>
            {order.customerId?.name && <Text size="sm">{order.customerId.name}</Text>}
            <Text size="sm">{t('phone', { phone: phone || '-' })}</Text>
            <Text size="sm">{t('address', { address: fullAddress || msg.noAddressProvided })}</Text>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="xs">
              {t('items')}
            </Title>
            <Stack gap="xs">
              {order.products.map((p, i) => {
                const name = lineName(p) || msg.unnamedProduct;
                return (
                  <BoughtLine
                    key={`${p.productId?._id ?? p.name}-${i}`}
                    image={p.image || p.productId?.image || p.productId?.images?.[0]}
                    alt={name}
                    name={
                      <Text size="sm" lineClamp={1}>
                        {name}
                      </Text>
                    }
                    quantity={p.quantity}
                    unit={p.unit}
                    price={p.price}
                    discount={p.discount || 0}
                    total={p.lineTotal}
                    testId="order-line"
                  />
                );
              })}
            </Stack>
          </Paper>
        </Stack>
        <SummaryBox
          title={t('summary')}
          rows={[
            [t('totalAmount'), formatRupees(order.totalAmount), order.totalDiscount > 0 ? t('afterDiscount') : undefined],
            [t('totalDiscount'), takenOff(order.totalDiscount), order.totalDiscount > 0 ? t('discountTaken') : undefined],
            [t('deliveryDiscount'), takenOff(order.totalDeliveryDiscount)],
          ]}
          total={[t('totalPayable'), formatRupees(order.totalPayable)]}
        >
          <SummaryLine label={t('payment')} value={payment} />
        </SummaryBox>
      </WithSummary>
      {canDeleteOrder(order.status) && (
        <Text size="xs" c="dimmed">
          {t('deleteHint')}
        </Text>
      )}
      <Group>
        {goHome}
        {/* the order's bill (tax invoice or bill of supply) to print or share: the customer's own orders only */}
        <Button component={Link} to={`/receipt/${encodeURIComponent(order._id)}`} variant="light" mih={44} data-testid="order-bill">
          {t('bill')}
        </Button>
        {canDeleteOrder(order.status) && (
          <Button color="red" variant="light" mih={44} onClick={() => void remove()} loading={deleting}>
            {t('deleteOrder')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
