import { Alert, Badge, Button, Card, Checkbox, Divider, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { formatRupees } from '../../../core/money';
import { PAYMENT_METHOD_NAMES, isPaymentMethod } from '../../../core/payments';
import { formatQuantity, perUnit } from '../../../core/units';
import { ORDER_HANDLER_ROLES } from '../../../core/roles';
import { confirm } from '../../components/confirm';
import { type Paper, PrintControls } from '../../components/print-sheet';
import { PLACEHOLDER_IMAGE } from '../../components/image-uploader';
import { PageLoader } from '../../components/page-loader';
import { ApiError, errorMessage } from '../../lib/api';
import { useSession } from '../../stores/session';
import { invalidate, useCachedQuery } from '../../lib/use-cached-query';
import { usePendingDeliveredIds } from '../../lib/mark-delivered';
import { awaitOutcome } from '../../offline/actions';
import { enqueueMarkDelivered } from './mark-delivered';
import { OrderBill } from './order-bill';
import { customerName, deleteOrder, fetchOrder, formatAddress, formatDateTime, lineName, type OrderDto } from './vendor-orders-api';

/** /vendor/orders/:orderId — order detail for vendor, delivery and admin. */
export default function OrderDetailPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const role = useSession((s) => s.userInfo?.role);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'deliver' | 'delete' | null>(null);
  // cash on delivery: the rider ticks it when the customer paid the total in cash
  const [cashCollected, setCashCollected] = useState(false);
  // the printable bill, shown on request
  const [bill, setBill] = useState<Paper | null>(null);
  const pendingDelivered = usePendingDeliveredIds();
  // Offline: the copy saved when this order (or its area's list) was last seen.
  const q = useCachedQuery(`order:${orderId}`, () => fetchOrder(orderId), { offlineNotice: true });
  const order = q.data ?? null;
  // A deleted order is not found, even when a copy of it is saved here.
  const notFound = q.error instanceof ApiError && q.error.status === 404;
  const error = notFound ? MSG.orderNotFound : !order && q.error ? MSG.ordersLoadFailed : null;

  const deliver = async (cash: boolean) => {
    if (!order) return;
    setBusy('deliver');
    try {
      // Through the outbox: saved first, shown Delivered at once, sent when possible.
      const item = await enqueueMarkDelivered(order._id, cash);
      const local: OrderDto = {
        ...order,
        status: 'Delivered',
        deliveredAt: order.deliveredAt ?? new Date().toISOString(),
        ...(cash ? { paymentStatus: 'Paid', paymentMethod: 'cash' as const } : {}),
      };
      q.mutate(() => local); // shown and saved at once
      const sent = await awaitOutcome(item.id, 5_000);
      const done = cash ? `${MSG.orderMarkedDelivered} Cash collected.` : MSG.orderMarkedDelivered;
      notifications.show({
        color: 'green',
        message: sent ? done : `${done} Saved on this device; it will sync when the connection returns.`,
      });
      // the server's copy, now that it has the change
      if (sent) invalidate(`order:${order._id}`);
    } catch (err) {
      q.mutate(() => order);
      notifications.show({ color: 'red', message: errorMessage(err, MSG.markDeliveredFailed) });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!order || !(await confirm(MSG.confirmDeleteOrder))) return;
    setBusy('delete');
    try {
      await deleteOrder(order._id);
      notifications.show({ color: 'green', message: MSG.orderDeleted });
      const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
      if (canGoBack) navigate(-1);
      else navigate('/PendingOrders', { replace: true });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, MSG.deleteOrderFailed) });
      setBusy(null);
    }
  };

  const backHome = (
    <Button component={Link} to="/Home" variant="default">
      Back to Home
    </Button>
  );

  if (error)
    return (
      <Stack>
        <Alert color="red" role="alert">
          {error}
        </Alert>
        <Group>{backHome}</Group>
      </Stack>
    );
  if (!order) return <PageLoader />;

  const delivered = order.status === 'Delivered' || pendingDelivered.has(order._id);
  const canHandle = !!role && ORDER_HANDLER_ROLES.includes(role);
  const canDelete = canHandle && role !== 'delivery' && order.status === 'Pending';
  const address = formatAddress(order.shippingAddress, order.area);
  const unpaid = order.paymentStatus !== 'Paid';

  return (
    <Stack gap="md" maw={820} mx="auto">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>Order #{order.orderNumber}</Title>
          <Text size="sm" fw={600} data-testid="invoice-number">
            Invoice {order.invoiceNumber}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(order.createdAt)}
            {order.isShop ? ' · Shop sale' : ''}
            {order.paymentStatus ? ` · Payment: ${order.paymentStatus}` : ''}
            {order.paymentStatus === 'Paid' && isPaymentMethod(order.paymentMethod)
              ? ` (${PAYMENT_METHOD_NAMES[order.paymentMethod]})`
              : ''}
          </Text>
          {pendingDelivered.has(order._id) && (
            <Text size="xs" c="orange.8" fw={600} data-testid="waiting-to-sync">
              Delivered on this device - waiting to sync
            </Text>
          )}
        </div>
        <Badge size="lg" color={delivered ? 'green' : 'red'} variant="light" data-testid="delivery-status">
          {delivered ? 'Delivered' : 'Not Delivered'}
        </Badge>
      </Group>

      <Card withBorder radius="md" padding="sm">
        <Title order={4} mb={6}>
          Shipping
        </Title>
        <Stack gap={2}>
          <Text size="sm">
            <Text span c="dimmed">
              Name:{' '}
            </Text>
            {customerName(order)}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Email:{' '}
            </Text>
            {order.customerId?.email || '-'}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Address:{' '}
            </Text>
            {address || MSG.noAddressProvided}
          </Text>
          {order.shippingAddress?.phoneNumber && (
            <Text size="sm">
              <Text span c="dimmed">
                Phone:{' '}
              </Text>
              {order.shippingAddress.phoneNumber}
            </Text>
          )}
          {delivered && order.deliveredAt && (
            <Text size="sm">
              <Text span c="dimmed">
                Delivered at:{' '}
              </Text>
              {formatDateTime(order.deliveredAt)}
            </Text>
          )}
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="sm">
        <Title order={4} mb={6}>
          Items
        </Title>
        <Stack gap="xs">
          {order.products.map((p, i) => {
            const img = p.image || p.productId?.image || p.productId?.images?.[0] || '';
            return (
              <Group key={i} wrap="nowrap" gap="sm" data-testid="order-item">
                <Image
                  src={img || PLACEHOLDER_IMAGE}
                  fallbackSrc={PLACEHOLDER_IMAGE}
                  w={56}
                  h={56}
                  radius="sm"
                  fit="cover"
                  alt={lineName(order, i)}
                />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} lineClamp={2}>
                    {lineName(order, i)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Qty: {formatQuantity(p.quantity, p.unit)} × {formatRupees(p.price)}
                    {perUnit(p.unit)}
                    {p.discount > 0 ? ` (−${formatRupees(p.discount)} each)` : ''}
                  </Text>
                </div>
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatRupees(p.lineTotal)}
                </Text>
              </Group>
            );
          })}
        </Stack>
        <Divider my="sm" />
        {order.totalDeliveryDiscount > 0 && (
          <>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Items
              </Text>
              <Text size="sm">{formatRupees(order.totalAmount)}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Delivery discount
              </Text>
              <Text size="sm">−{formatRupees(order.totalDeliveryDiscount)}</Text>
            </Group>
          </>
        )}
        <Group justify="space-between">
          <Text fw={800} size="lg">
            Total
          </Text>
          <Text fw={800} size="lg" data-testid="order-total">
            {formatRupees(order.totalPayable ?? order.totalAmount)}
          </Text>
        </Group>
      </Card>

      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {backHome}
          {bill ? (
            <PrintControls paper={bill} onPaper={setBill} label="Print bill" />
          ) : (
            <Button variant="default" onClick={() => setBill('80mm')}>
              Bill
            </Button>
          )}
        </Group>
        {canHandle && (
          <Group gap="sm">
            {!delivered && unpaid && (
              <Checkbox label="Cash collected" checked={cashCollected} onChange={(e) => setCashCollected(e.currentTarget.checked)} />
            )}
            {!delivered && (
              <Button
                color="green"
                onClick={() => void deliver(unpaid && cashCollected)}
                loading={busy === 'deliver'}
                disabled={busy === 'delete'}
              >
                Mark Delivered
              </Button>
            )}
            {delivered && unpaid && !pendingDelivered.has(order._id) && (
              <Button variant="light" color="green" onClick={() => void deliver(true)} loading={busy === 'deliver'}>
                Cash collected
              </Button>
            )}
            {canDelete && (
              <Button color="red" variant="outline" onClick={() => void remove()} loading={busy === 'delete'} disabled={busy === 'deliver'}>
                Delete Order
              </Button>
            )}
          </Group>
        )}
      </Group>
      {bill && <OrderBill order={order} paper={bill} />}
    </Stack>
  );
}
