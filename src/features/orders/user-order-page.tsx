import { Alert, Badge, Box, Button, Divider, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { canDeleteOrder } from '../../../core/order-rules';
import { formatRupees } from '../../../core/money';
import { confirm } from '../../components/confirm';
import { PageLoader } from '../../components/page-loader';
import { ProductImage } from '../../components/product-card';
import { ApiError, errorMessage } from '../../lib/api';
import { useDateFormat } from '../../lib/format';
import { SummaryLine } from '../../components/summary-line';
import { useT } from '../../lib/i18n';
import { useLineName } from '../../lib/line-name';
import { useMsg } from '../../lib/messages';
import { useUnitText } from '../../lib/unit-text';
import { invalidate, useCachedQuery } from '../../lib/use-cached-query';
import { useLiveOrders } from '../../lib/use-live-orders';
import { PushButton } from '../../components/push-button';
import { ORDER_DATE, ordersApi, statusColor, statusKey, vendorLabel } from './orders-api';
import { orderRef } from '../../../core/order-ref';

/** Order detail, customer variant: with Delete while the order is Pending (its stock goes back to the shop). */
export default function UserOrderPage() {
  const t = useT('orders');
  const msg = useMsg();
  const units = useUnitText();
  const lineName = useLineName();
  const date = useDateFormat(ORDER_DATE);
  const navigate = useNavigate();
  const { orderId = '' } = useParams();
  const [deleting, setDeleting] = useState(false);
  const q = useCachedQuery(`my-order:${orderId}`, () => ordersApi.get(orderId), { persist: false });
  // this order's events (delivered, deleted by the shop) reload it
  useLiveOrders((e) => e.orderId === orderId, q.refresh);
  const order = q.data ?? null;
  const error =
    order || !q.error
      ? null
      : q.error instanceof ApiError && q.error.status === 404
        ? msg.orderNotFound
        : errorMessage(q.error, msg.ordersLoadFailed);

  const goHome = (
    <Button component={Link} to="/" variant="default">
      {t('goHome')}
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
      q.refresh();
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
      {order.status === 'Pending' && <PushButton label={t('notifyDelivered')} />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
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
                    <Group key={`${p.productId?._id ?? p.name}-${i}`} gap="sm" wrap="nowrap" data-testid="order-line">
                      <Box w={48} style={{ flexShrink: 0 }}>
                        <ProductImage src={p.image || p.productId?.image || p.productId?.images?.[0]} alt={name} />
                      </Box>
                      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" lineClamp={1}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {/* the per-unit price paid, as the product page and the cart show it */}
                          {units.quantity(p.quantity, p.unit)} x {formatRupees(Math.max(p.price - (p.discount || 0), 0))}
                          {units.perUnit(p.unit)}
                          {p.discount > 0
                            ? ` (${t('offEach', { amount: formatRupees(p.discount), per: units.perUnitWords(p.unit) })})`
                            : ''}
                        </Text>
                      </Stack>
                      <Text size="sm" fw={600}>
                        {formatRupees(p.lineTotal)}
                      </Text>
                    </Group>
                  );
                })}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <Title order={4}>{t('summary')}</Title>
              <SummaryLine
                label={t('totalAmount')}
                value={formatRupees(order.totalAmount)}
                note={order.totalDiscount > 0 ? t('afterDiscount') : undefined}
              />
              <SummaryLine
                label={t('totalDiscount')}
                value={order.totalDiscount > 0 ? `−${formatRupees(order.totalDiscount)}` : formatRupees(0)}
                note={order.totalDiscount > 0 ? t('discountTaken') : undefined}
              />
              <SummaryLine
                label={t('deliveryDiscount')}
                value={order.totalDeliveryDiscount > 0 ? `−${formatRupees(order.totalDeliveryDiscount)}` : formatRupees(0)}
              />
              <Divider />
              <SummaryLine label={t('totalPayable')} value={formatRupees(order.totalPayable)} strong />
              <SummaryLine label={t('payment')} value={payment} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      {canDeleteOrder(order.status) && (
        <Text size="xs" c="dimmed">
          {t('deleteHint')}
        </Text>
      )}
      <Group>
        {goHome}
        {/* the order's bill (tax invoice or bill of supply) to print or share: the customer's own orders only */}
        <Button component={Link} to={`/receipt/${encodeURIComponent(order._id)}`} variant="light" data-testid="order-bill">
          {t('bill')}
        </Button>
        {canDeleteOrder(order.status) && (
          <Button color="red" variant="light" onClick={() => void remove()} loading={deleting}>
            {t('deleteOrder')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
