import { Alert, Anchor, Box, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { lineTotal } from '../../../core/cart';
import { formatQuantity, perUnit } from '../../../core/units';
import { MSG } from '../../../core/messages';
import { formatRupees } from '../../../core/money';
import type { z } from 'zod';
import type { createOrderResponse } from '../../../core/schemas/order';
import { ProductImage } from '../../components/product-card';
import { ApiError, api, errorMessage } from '../../lib/api';
import { useCart } from '../../stores/cart';
import { SummaryBox } from './cart-summary';

type PriceUpdate = { productId: string; price: number; discount: number };

export default function PlaceOrderPage() {
  const navigate = useNavigate();
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!cart.shippingAddress) return <Navigate to="/shipping" replace />;
  const address = cart.shippingAddress;
  const empty = cart.cartItems.length === 0;

  const place = async () => {
    if (empty) {
      setError(MSG.cartEmpty);
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
        setError(MSG.noOrdersCreated);
        return;
      }
      c.clearCart();
      if (orders.length === 1) navigate(`/userOrder/${orders[0]._id}`);
      else navigate('/orders-summary', { state: { orders } });
    } catch (err) {
      const prices = err instanceof ApiError && err.status === 409 ? (err.data?.prices as PriceUpdate[] | undefined) : undefined;
      if (prices?.length) {
        // the server's prices win: update the cart and let the customer decide with the new totals
        useCart.getState().updatePrices(prices);
        const t = useCart.getState();
        modals.openConfirmModal({
          title: 'Prices have changed',
          children: (
            <Stack gap="xs">
              <Text size="sm">{errorMessage(err, 'Some prices in your cart have changed.')}</Text>
              <Text size="sm">
                Your cart now shows the current prices. New total: <b>{formatRupees(t.totalPrice)}</b>. Place the order at these prices?
              </Text>
            </Stack>
          ),
          labels: { confirm: 'Place Order', cancel: 'Review Cart' },
          onConfirm: () => void place(),
        });
        return;
      }
      const message = errorMessage(err, MSG.somethingWrong);
      setError(message);
      notifications.show({ title: MSG.errorPlacingOrder, message, color: 'red' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>Review Order</Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Group justify="space-between" mb={4}>
                <Title order={4}>Shipping</Title>
                <Anchor component={Link} to="/shipping" size="sm">
                  Change
                </Anchor>
              </Group>
              <Text size="sm" data-testid="shipping-address">
                {address.address}, {address.city} - {address.pincode}
                {address.area ? `, ${address.area}` : ''}
              </Text>
              {address.phoneNumber && (
                <Text size="sm" c="dimmed">
                  Phone: {address.phoneNumber}
                </Text>
              )}
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Group justify="space-between" mb="xs">
                <Title order={4}>Order Items</Title>
                <Anchor component={Link} to="/cart" size="sm">
                  Edit cart
                </Anchor>
              </Group>
              {empty ? (
                <Text c="dimmed">Your cart is empty.</Text>
              ) : (
                <Stack gap="xs">
                  {cart.cartItems.map((i) => (
                    <Group key={i._id} gap="sm" wrap="nowrap" align="center" data-testid="order-item">
                      <Box w={48} style={{ flexShrink: 0 }}>
                        <ProductImage src={i.image} alt={i.name} />
                      </Box>
                      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                        <Anchor component={Link} to={`/product/${i._id}`} size="sm" lineClamp={1}>
                          {i.Tamil ? `${i.Tamil} - ${i.name}` : i.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {formatQuantity(i.qty, i.unit ?? 'pcs')} x {formatRupees(i.price)}
                          {perUnit(i.unit ?? 'pcs')}
                          {i.discount > 0 ? ` - ${formatRupees(i.discount)} off each` : ''}
                          {i.vendorName ? ` · ${i.vendorName}` : ''}
                        </Text>
                      </Stack>
                      <Text size="sm" fw={600}>
                        {formatRupees(lineTotal(i.price, i.discount, i.qty))}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SummaryBox
            title="Order Summary"
            rows={[
              ['Items', formatRupees(cart.itemsPrice)],
              ['Total Discount', formatRupees(cart.totalDiscount)],
              ['Delivery Discount', formatRupees(cart.totalDeliveryDiscount)],
              ['Shipping', formatRupees(cart.shippingPrice)],
              ['Tax', formatRupees(cart.taxPrice)],
            ]}
            total={['Total', formatRupees(cart.totalPrice)]}
          >
            {error && (
              <Alert color="red" title={error === MSG.cartEmpty || error === MSG.noOrdersCreated ? undefined : MSG.errorPlacingOrder}>
                {error}
              </Alert>
            )}
            <Button fullWidth size="md" disabled={empty} loading={busy} onClick={() => void place()}>
              Place Order
            </Button>
            {empty && (
              <Text size="sm" c="red" ta="center">
                {MSG.cartEmpty}
              </Text>
            )}
          </SummaryBox>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
