import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { lineTotal } from '../../../core/cart';
import { formatRupees } from '../../../core/money';
import type { z } from 'zod';
import type { createOrderResponse } from '../../../core/schemas/order';
import { BoughtLine } from '../../components/bought-line';
import { displayName } from '../../components/product-card';
import { ApiError, api, errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCart } from '../../stores/cart';
import { SummaryBox, takenOff, WithSummary } from '../../components/summary-line';

type PriceUpdate = { productId: string; price: number; discount: number };

export default function PlaceOrderPage() {
  const t = useT('cart');
  const msg = useMsg();
  const navigate = useNavigate();
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!cart.shippingAddress) return <Navigate to="/shipping" replace />;
  const address = cart.shippingAddress;
  const empty = cart.cartItems.length === 0;

  const place = async () => {
    if (empty) {
      setError(msg.cartEmpty);
      return;
    }
    // read the store at call time: after a price update the confirmation sends the new prices
    const c = useCart.getState();
    setBusy(true);
    setError(null);
    try {
      const res = await api.post<z.infer<typeof createOrderResponse>>('Orders', {
        products: c.cartItems.map((i) => ({
          productId: i._id,
          quantity: i.qty,
          price: i.price,
          discount: i.discount,
          vendorId: i.vendorId,
        })),
        totalAmount: c.itemsPrice,
        totalDiscount: c.totalDiscount,
        totalDeliveryDiscount: c.totalDeliveryDiscount,
        shippingAddress: c.shippingAddress,
      });
      const orders = res?.orders ?? [];
      if (orders.length === 0) {
        setError(msg.noOrdersCreated);
        return;
      }
      c.clearCart();
      // `placed`: the order page knows it was just placed (the install hint after a first order)
      if (orders.length === 1) navigate(`/userOrder/${orders[0]._id}`, { state: { placed: true } });
      else navigate('/orders-summary', { state: { orders } });
    } catch (err) {
      const prices = err instanceof ApiError && err.status === 409 ? (err.data?.prices as PriceUpdate[] | undefined) : undefined;
      if (prices?.length) {
        // the server's prices win: update the cart and let the customer decide with the new totals
        useCart.getState().updatePrices(prices);
        const now = useCart.getState();
        modals.openConfirmModal({
          title: t('pricesChanged'),
          children: (
            <Stack gap="xs">
              <Text size="sm">{errorMessage(err, t('pricesChangedBody'))}</Text>
              <Text size="sm">
                {t('pricesNowShown')} {t('newTotal')} <b>{formatRupees(now.totalPrice)}</b>. {t('placeAtThesePrices')}
              </Text>
            </Stack>
          ),
          labels: { confirm: t('placeOrder'), cancel: t('reviewCart') },
          onConfirm: () => void place(),
        });
        return;
      }
      const message = errorMessage(err, msg.somethingWrong);
      setError(message);
      notifications.show({ title: msg.errorPlacingOrder, message, color: 'red' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('reviewOrder')}</Title>
      <WithSummary>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" mb={4}>
              <Title order={4}>{t('shipping')}</Title>
              <Anchor component={Link} to="/shipping" size="sm">
                {t('change')}
              </Anchor>
            </Group>
            <Text size="sm" data-testid="shipping-address">
              {address.address}, {address.city} - {address.pincode}
              {address.area ? `, ${address.area}` : ''}
            </Text>
            {address.phoneNumber && (
              <Text size="sm" c="dimmed">
                {t('phone', { phone: address.phoneNumber })}
              </Text>
            )}
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb={4}>
              {t('payment')}
            </Title>
            <Text size="sm" data-testid="payment-method">
              {t('cashOnDelivery')}
            </Text>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" mb="xs">
              <Title order={4}>{t('orderItems')}</Title>
              <Anchor component={Link} to="/cart" size="sm">
                {t('editCart')}
              </Anchor>
            </Group>
            {empty ? (
              <Text c="dimmed">{t('cartEmpty')}</Text>
            ) : (
              <Stack gap="xs">
                {cart.cartItems.map((i) => (
                  <BoughtLine
                    key={i._id}
                    image={i.image}
                    alt={i.name}
                    name={
                      <Anchor component={Link} to={`/product/${i._id}`} size="sm">
                        {displayName(i)}
                      </Anchor>
                    }
                    quantity={i.qty}
                    unit={i.unit ?? 'pcs'}
                    price={i.price}
                    discount={i.discount}
                    total={lineTotal(i.price, i.discount, i.qty)}
                    after={i.vendorName ? ` · ${i.vendorName}` : ''}
                    testId="order-item"
                  />
                ))}
              </Stack>
            )}
          </Paper>
        </Stack>
        <SummaryBox
          title={t('orderSummary')}
          rows={[
            // Items is already net of the product discounts: said so, and the discount is shown as taken off
            [t('items'), formatRupees(cart.itemsPrice), cart.totalDiscount > 0 ? t('pricesAfterDiscount') : undefined],
            [t('totalDiscount'), takenOff(cart.totalDiscount), cart.totalDiscount > 0 ? t('discountTaken') : undefined],
            [t('deliveryDiscount'), takenOff(cart.totalDeliveryDiscount)],
            [t('shippingCost'), formatRupees(cart.shippingPrice)],
            // prices include GST: nothing is added, the amount inside them is shown (core/cart-totals cartGstPaise)
            [t('tax'), cart.gstIncluded === null ? t('pricesIncludeGst') : t('includesGst', { amount: formatRupees(cart.gstIncluded) })],
          ]}
          total={[t('total'), formatRupees(cart.totalPrice)]}
        >
          {error && (
            <Alert color="red" title={error === msg.cartEmpty || error === msg.noOrdersCreated ? undefined : msg.errorPlacingOrder}>
              {error}
            </Alert>
          )}
          <Button fullWidth size="md" disabled={empty} loading={busy} onClick={() => void place()}>
            {t('placeOrder')}
          </Button>
          {empty && (
            <Text size="sm" c="red" ta="center">
              {msg.cartEmpty}
            </Text>
          )}
        </SummaryBox>
      </WithSummary>
    </Stack>
  );
}
