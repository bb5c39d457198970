import { soldQuantityText } from '../../../core/packs';
import { lineBatchesText } from './line-batches';
import { linePricingNote } from '../../../core/pricing';
import { Alert, Badge, Box, Button, Card, Checkbox, Divider, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import { voidableOn } from '../../../core/sale-void';
import { confirm } from '../../components/confirm';
import { PLACEHOLDER_IMAGE } from '../../components/image-uploader';
import { QueryView } from '../../components/query-view';
import { RoundNav } from '../../components/round-nav';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { can } from '../../lib/can';
import { useMsg } from '../../lib/messages';
import { useUnitText } from '../../lib/unit-text';
import { useSession } from '../../stores/session';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { usePendingDeliveredIds } from '../../data/mark-delivered';
import { awaitOutcome } from '../../offline/actions';
import { useSavedImage } from '../../offline/saved-image';
import { enqueueMarkDelivered } from './mark-delivered';
import { OrderReturns, useOrderReturns } from './order-returns';
import { useOrderTexts } from './order-texts';
import { RecordedOffline } from './recorded-offline';
import { UpiConfirmation } from '../../components/upi-confirmation';
import { deleteOrder, fetchOrder, formatAddress, type OrderDto } from './vendor-orders-api';
import { EwayEinvoicePanel } from './eway-einvoice-panel';
import { orderRef } from '../../../core/order-ref';

const VoidSaleDialog = lazy(() => import('./void-sale-dialog'));

/** A line of the shipping card: its dimmed label, then the value. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}{' '}
      </Text>
      {children}
    </Text>
  );
}

/** A line's photo; offline, the placeholder unless this device has the photo (no request that can only fail). */
function LineImage({ src, alt }: { src: string; alt: string }) {
  const shown = useSavedImage(src);
  if (shown === undefined) return <Box w={56} h={56} style={{ flexShrink: 0 }} />;
  return <Image src={shown || PLACEHOLDER_IMAGE} fallbackSrc={PLACEHOLDER_IMAGE} w={56} h={56} radius="sm" fit="cover" alt={alt} />;
}

/** The cash box's label (which ticks it) is a 44 px high target, not just the 20 px box. */
const CASH_ROW = {
  body: { alignItems: 'center' },
  label: { minHeight: 44, display: 'flex', alignItems: 'center', cursor: 'pointer' },
} as const;

/** /vendor/orders/:orderId — order detail for vendor, delivery and admin. */
export default function OrderDetailPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const t = useT('vendor-orders');
  const msg = useMsg();
  // Offline: the copy saved when this order (or its area's list) was last seen.
  const q = useCachedQuery(`order:${orderId}`, () => fetchOrder(orderId), { offlineNotice: true });
  const backHome = (
    <Button mih={44} component={Link} to="/Home" variant="default">
      {t('backToHome')}
    </Button>
  );
  // A deleted order is not found, even when a copy of it is saved here.
  return (
    <QueryView query={q} failed={msg.ordersLoadFailed} notFound={msg.orderNotFound} action={backHome}>
      {(order) => <OrderDetail order={order} change={q.mutate} backHome={backHome} />}
    </QueryView>
  );
}

function OrderDetail({
  order,
  change,
  backHome,
}: {
  order: OrderDto;
  /** Shows (and saves) another copy of the order at once: the change made here, or the server's answer. */
  change: (next: () => OrderDto) => void;
  backHome: ReactNode;
}) {
  const user = useSession((s) => s.userInfo);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'deliver' | 'delete' | null>(null);
  // cash on delivery: the rider ticks it when the customer paid the total in cash
  const [cashCollected, setCashCollected] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const pendingDelivered = usePendingDeliveredIds();
  const staff = can(user, 'sell');
  const t = useT('vendor-orders');
  const msg = useMsg();
  const texts = useOrderTexts();
  const units = useUnitText();
  // the order's credit notes (staff only): a sale with returns is no longer voided, and lists them
  const { key: returnsKey, returns } = useOrderReturns(order, staff);

  const deliver = async (cash: boolean) => {
    setBusy('deliver');
    try {
      // Through the outbox: saved first, shown Delivered at once, sent when possible.
      const item = await enqueueMarkDelivered(order._id, cash, orderRef(order));
      const local: OrderDto = {
        ...order,
        status: 'Delivered',
        deliveredAt: order.deliveredAt ?? new Date().toISOString(),
        ...(cash ? { paymentStatus: 'Paid', paymentMethod: 'cash' as const } : {}),
      };
      change(() => local); // shown and saved at once
      const sent = await awaitOutcome(item.id, 5_000);
      const done = cash ? t('deliveredCash', { done: msg.orderMarkedDelivered }) : msg.orderMarkedDelivered;
      notifications.show({
        color: 'green',
        message: sent ? done : t('savedWillSync', { done }),
      });
      // the server's copy, now that it has the change
      if (sent) invalidate(`order:${order._id}`);
    } catch (err) {
      change(() => order);
      notifications.show({ color: 'red', message: errorMessage(err, msg.markDeliveredFailed) });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!(await confirm(msg.confirmDeleteOrder))) return;
    setBusy('delete');
    try {
      await deleteOrder(order._id);
      notifications.show({ color: 'green', message: msg.orderDeleted });
      const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
      if (canGoBack) navigate(-1);
      else navigate('/PendingOrders', { replace: true });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, msg.deleteOrderFailed) });
      setBusy(null);
    }
  };

  const delivered = order.status === 'Delivered' || pendingDelivered.has(order._id);
  const canHandle = can(user, 'handleOrders');
  const canDelete = staff && order.status === 'Pending';
  const address = formatAddress(order.shippingAddress, order.area);
  const unpaid = order.paymentStatus !== 'Paid';
  // a sale on a shop customer's account is settled by payments on the account, never by "Cash collected"
  const onAccount = order.paymentMethod === 'credit';
  const namedCustomer = order.shopCustomerId ? texts.customer(order) : null;
  // a handed-over counter sale, on its India-time day: its vendor or an admin may void it (core/sale-void)
  const canVoid =
    staff && order.isShop && order.status === 'Delivered' && !order.voidedAt && voidableOn(order.createdAt) && !returns?.creditNotes.length;

  return (
    <Stack gap="md" maw={820} mx="auto">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{t('orderNumber', { n: orderRef(order) })}</Title>
          <Text size="sm" fw={600} data-testid="invoice-number">
            {order.invoiceNumber ? t('invoiceNumber', { number: order.invoiceNumber }) : t('invoiceAtDelivery')}
          </Text>
          <Text size="sm" c="dimmed">
            {texts.dateTime(order.createdAt)}
            {order.isShop ? ` · ${t('shopSale')}` : ''}
            {order.paymentStatus ? ` · ${t('paymentStatus', { status: texts.payment(order.paymentStatus) })}` : ''}
            {(order.paymentStatus === 'Paid' || order.payments) && texts.paidBy(order) ? ` (${texts.paidBy(order)})` : ''}
            {order.paymentMethod === 'credit' ? ` · ${t('onAccount')}` : ''}
          </Text>
          <RecordedOffline order={order} />
          <UpiConfirmation payment={order.payment} />
          {pendingDelivered.has(order._id) && (
            <Text size="xs" c="orange.8" fw={600} data-testid="waiting-to-sync">
              {t('deliveredWaitingSync')}
            </Text>
          )}
        </div>
        <Stack gap={4} align="flex-end">
          <Badge size="lg" color={delivered ? 'green' : 'red'} variant="light" data-testid="delivery-status">
            {delivered ? t('delivered') : t('notDelivered')}
          </Badge>
          {order.voidedAt && (
            <Badge size="lg" color="red" variant="filled" data-testid="voided-badge">
              {t('voided')}
            </Badge>
          )}
        </Stack>
      </Group>
      {order.voidedAt && (
        <Alert color="red" variant="light" data-testid="voided-note">
          {t('voidedNote', { at: texts.dateTime(order.voidedAt), reason: order.voidReason ?? '' })}
        </Alert>
      )}

      <Card withBorder radius="md" padding="sm">
        <Title order={4} mb={6}>
          {t('shipping')}
        </Title>
        <Stack gap={2}>
          <Labelled label={t('nameLabel')}>
            <span data-testid="order-customer">{texts.customer(order)}</span>
          </Labelled>
          <Labelled label={t('emailLabel')}>{order.customerId?.email || '-'}</Labelled>
          <Labelled label={t('addressLabel')}>{address || msg.noAddressProvided}</Labelled>
          {texts.phone(order) && (
            <Labelled label={t('phoneLabel')}>
              <span data-testid="order-phone">{texts.phone(order)}</span>
            </Labelled>
          )}
          {delivered && order.deliveredAt && <Labelled label={t('deliveredAtLabel')}>{texts.dateTime(order.deliveredAt)}</Labelled>}
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="sm">
        <Title order={4} mb={6}>
          {t('items')}
        </Title>
        <Stack gap="xs">
          {order.products.map((p, i) => {
            const img = p.image || p.productId?.image || p.productId?.images?.[0] || '';
            return (
              <Group key={i} wrap="nowrap" gap="sm" data-testid="order-item">
                <LineImage src={img} alt={texts.line(order, i)} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} lineClamp={2}>
                    {texts.line(order, i)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {/* a pack line: "2 bag (50 kg) × ₹1,200" */}
                    {t('qtyPrice', {
                      qty: soldQuantityText(units, p.quantity, p.unit, p.packName, p.packFactor),
                      price: formatRupees(p.price),
                    })}
                    {p.packName ? ` / ${p.packName}` : units.perUnit(p.unit)}
                    {p.discount > 0 ? ` ${t('discountEach', { amount: formatRupees(p.discount), per: units.perUnitWords(p.unit) })}` : ''}
                  </Text>
                  {/* a product kept in batches: the batches the line took and their expiry, as the bills print them */}
                  {p.batches?.length ? (
                    <Text size="sm" c="dimmed" data-testid="order-line-batches">
                      {lineBatchesText(p, t, units)}
                    </Text>
                  ) : null}
                  {/* the price list and scheme that priced the line (core/pricing.ts) */}
                  {linePricingNote(p) && (
                    <Text size="sm" c="green.8" data-testid="order-line-pricing">
                      {linePricingNote(p)}
                    </Text>
                  )}
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
                {t('items')}
              </Text>
              <Text size="sm">{formatRupees(order.totalAmount)}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('deliveryDiscount')}
              </Text>
              <Text size="sm">−{formatRupees(order.totalDeliveryDiscount)}</Text>
            </Group>
          </>
        )}
        <Group justify="space-between">
          <Text fw={800} size="lg">
            {t('total')}
          </Text>
          <Text fw={800} size="lg" data-testid="order-total">
            {formatRupees(order.totalPayable ?? order.totalAmount)}
          </Text>
        </Group>
      </Card>

      {/* returns and credit notes: the vendor's or an admin's, once delivered (a voided sale lists none) */}
      {staff && (
        <OrderReturns order={order} returns={returns} cacheKey={returnsKey} canReturn={order.status === 'Delivered' && !order.voidedAt} />
      )}

      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {backHome}
          {/* the bill (tax invoice or bill of supply, 58/80 mm or A4, share) is the receipt page, for riders too */}
          <Button mih={44} variant="default" component={Link} to={`/receipt/${order._id}`} data-testid="receipt-link">
            {t('bill')}
          </Button>
        </Group>
        {canHandle && (
          <Group gap="sm">
            {/* a rider goes on to the area's next order or back to its list, not to Home */}
            {can(user, 'deliver') && order.area && <RoundNav area={order.area} orderId={order._id} delivered={delivered} />}
            {!delivered && unpaid && (
              <Checkbox
                label={t('cashCollected')}
                styles={CASH_ROW}
                checked={cashCollected}
                onChange={(e) => setCashCollected(e.currentTarget.checked)}
              />
            )}
            {!delivered && (
              <Button
                mih={44}
                color="green"
                onClick={() => void deliver(unpaid && cashCollected)}
                loading={busy === 'deliver'}
                disabled={busy === 'delete'}
              >
                {t('markDelivered')}
              </Button>
            )}
            {!delivered && unpaid && namedCustomer && !cashCollected && (
              <Text size="sm" c="dimmed" data-testid="to-account-note">
                {t('toAccountIfUnpaid', { name: namedCustomer })}
              </Text>
            )}
            {delivered && unpaid && !onAccount && !pendingDelivered.has(order._id) && (
              <Button mih={44} variant="light" color="green" onClick={() => void deliver(true)} loading={busy === 'deliver'}>
                {t('cashCollected')}
              </Button>
            )}
            {canVoid && (
              <Button mih={44} color="red" variant="outline" onClick={() => setVoiding(true)} data-testid="void-sale">
                {t('voidSale')}
              </Button>
            )}
            {canDelete && (
              <Button
                mih={44}
                color="red"
                variant="outline"
                onClick={() => void remove()}
                loading={busy === 'delete'}
                disabled={busy === 'deliver'}
              >
                {t('deleteOrder')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {staff && <EwayEinvoicePanel order={order} onSaved={(o) => change(() => o)} />}
      {voiding && (
        <Suspense fallback={null}>
          <VoidSaleDialog
            order={order}
            onClose={() => setVoiding(false)}
            onVoided={(voided) => {
              setVoiding(false);
              change(() => voided);
              invalidate(`order:${order._id}`);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
