import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { lineTotal } from '../../../core/cart';
import { formatRupees } from '../../../core/money';
import { Price } from '../../components/price';
import { displayName, ProductImage } from '../../components/product-card';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { shoppingPlace, useCart, type CartItem } from '../../stores/cart';
import { CartQuantity } from './cart-quantity';
import { SummaryBox, takenOff, WithSummary } from '../../components/summary-line';

function CartLine({ item, onValidity }: { item: CartItem; onValidity: (id: string, ok: boolean) => void }) {
  const t = useT('cart');
  const removeFromCart = useCart((s) => s.removeFromCart);
  const name = displayName(item);
  const units = useUnitText();
  const unit = item.unit ?? 'pcs';
  return (
    <Paper withBorder p="sm" radius="md" data-testid="cart-item">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Box w={72} style={{ flexShrink: 0 }}>
          <ProductImage src={item.image} alt={item.name} />
        </Box>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={`/product/${item._id}`} fw={600} size="sm" lineClamp={2} mih={44} style={{ alignContent: 'center' }}>
            {name}
          </Anchor>
          {item.vendorName && (
            <Text size="xs" c="dimmed">
              {t('soldBy', { vendor: item.vendorName })}
            </Text>
          )}
          {/* the price as the product page shows it: what is paid per unit, the MRP struck through */}
          <Price mrp={item.mrp} shopPrice={item.price} discount={item.discount} isFree={item.isFree} unit={unit} size="sm" />
          {item.discount > 0 && (
            <Text size="xs" c="green.9">
              {t('discountEach', { amount: formatRupees(item.discount), per: units.perUnitWords(unit) })}
            </Text>
          )}
          {/* the subtotal moves under the stepper when a narrow phone has no room beside it */}
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <CartQuantity item={item} onValidity={onValidity} />
            <Stack gap={0} align="flex-end" ml="auto">
              <Text size="xs" c="dimmed">
                {t('subtotal')}
              </Text>
              <Text fw={700} size="sm" data-testid="line-subtotal">
                {formatRupees(lineTotal(item.price, item.discount, item.qty))}
              </Text>
            </Stack>
          </Group>
        </Stack>
      </Group>
      <Group justify="flex-end" mt={6}>
        <Button variant="subtle" color="red" mih={44} px="sm" onClick={() => removeFromCart(item._id)}>
          {t('remove')}
        </Button>
      </Group>
    </Paper>
  );
}

export default function CartPage() {
  const t = useT('cart');
  const navigate = useNavigate();
  const cart = useCart();
  const empty = cart.cartItems.length === 0;
  /** Lines whose typed quantity the cart did not take: checkout waits until they are corrected. */
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const onValidity = useCallback((id: string, ok: boolean) => {
    setInvalid((prev) => {
      if (prev.has(id) !== ok) return prev;
      const next = new Set(prev);
      if (ok) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const blocked = cart.cartItems.some((i) => invalid.has(i._id));

  return (
    <Stack gap="md">
      <Title order={2}>{t('shoppingCart')}</Title>
      <WithSummary>
        {empty ? (
          <Paper withBorder p="lg" radius="md">
            <Text>
              {t('cartEmpty')}{' '}
              <Anchor component={Link} to={shoppingPlace()}>
                {t('startShopping')}
              </Anchor>
            </Text>
          </Paper>
        ) : (
          <Stack gap="sm">
            {cart.cartItems.map((item) => (
              <CartLine key={item._id} item={item} onValidity={onValidity} />
            ))}
          </Stack>
        )}
        <SummaryBox
          title={t('orderSummary')}
          rows={[
            [t('itemLines'), cart.cartItems.length],
            [t('totalItems'), cart.totalItems],
            [t('totalDiscountCart'), takenOff(cart.totalDiscount), cart.totalDiscount > 0 ? t('discountTaken') : undefined],
          ]}
          total={[t('totalPrice'), formatRupees(cart.itemsPrice)]}
        >
          <Button fullWidth mih={44} disabled={empty || blocked} onClick={() => navigate('/shipping')}>
            {t('proceedToCheckout')}
          </Button>
          {blocked && (
            <Text size="sm" c="red.8" ta="center">
              {t('fixQuantities')}
            </Text>
          )}
          <Button fullWidth mih={44} variant="default" component={Link} to={shoppingPlace()}>
            {t('addMoreItems')}
          </Button>
        </SummaryBox>
      </WithSummary>
    </Stack>
  );
}
