import { Anchor, Box, Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { lineTotal } from '../../../core/cart';
import { formatRupees } from '../../../core/money';
import { cartQuantityOptions } from '../../../core/units';
import { Price } from '../../components/price';
import { displayName, ProductImage } from '../../components/product-card';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { shoppingPlace, useCart, type CartItem } from '../../stores/cart';
import { SummaryBox } from './cart-summary';

/**
 * Quantity choices 1 to 10 (0.25 to 10 in quarter steps for loose goods by the kg or litre), not above
 * the stock, always including the current quantity.
 */
const quantityChoices = (item: CartItem, label: (q: number) => string) => {
  const all = cartQuantityOptions(item.unit ?? 'pcs');
  const stock = item.countInStock || 10;
  const fit = all.filter((q) => q <= stock || q === item.qty);
  if (!fit.includes(item.qty)) fit.push(item.qty);
  // each choice shows its unit ("1.5 kg"), the value stays the bare number
  return (fit.length ? fit : all.slice(0, 1)).sort((a, b) => a - b).map((q) => ({ value: String(q), label: label(q) }));
};

function CartLine({ item }: { item: CartItem }) {
  const t = useT('cart');
  const addToCart = useCart((s) => s.addToCart);
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
          <Anchor component={Link} to={`/product/${item._id}`} fw={600} size="sm" lineClamp={2}>
            {name}
          </Anchor>
          {item.vendorName && (
            <Text size="xs" c="dimmed">
              {t('soldBy', { vendor: item.vendorName })}
            </Text>
          )}
          {/* the price as the product page shows it: what is paid per unit, the MRP struck through */}
          <Price mrp={item.mrp} shopPrice={item.price} discount={item.discount} unit={item.unit ?? 'pcs'} size="sm" />
          {item.discount > 0 && (
            <Text size="xs" c="green.9">
              {t('discountEach', { amount: formatRupees(item.discount), per: units.perUnitWords(unit) })}
            </Text>
          )}
          <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
            <Select
              aria-label={t('quantityOf', { name: item.name })}
              data={quantityChoices(item, (q) => units.quantity(q, unit))}
              value={String(item.qty)}
              onChange={(v) => v && addToCart({ ...item, qty: Number(v) })}
              allowDeselect={false}
              w={110}
              size="xs"
            />
            <Stack gap={0} align="flex-end">
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
        <Button variant="subtle" color="red" size="compact-sm" onClick={() => removeFromCart(item._id)}>
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

  return (
    <Stack gap="md">
      <Title order={2}>{t('shoppingCart')}</Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
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
                <CartLine key={item._id} item={item} />
              ))}
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SummaryBox
            title={t('orderSummary')}
            rows={[
              [t('itemLines'), cart.cartItems.length],
              [t('totalItems'), cart.totalItems],
              [
                t('totalDiscountCart'),
                cart.totalDiscount > 0 ? `−${formatRupees(cart.totalDiscount)}` : formatRupees(0),
                cart.totalDiscount > 0 ? t('discountTaken') : undefined,
              ],
            ]}
            total={[t('totalPrice'), formatRupees(cart.itemsPrice)]}
          >
            <Button fullWidth disabled={empty} onClick={() => navigate('/shipping')}>
              {t('proceedToCheckout')}
            </Button>
            <Button fullWidth variant="default" component={Link} to={shoppingPlace()}>
              {t('addMoreItems')}
            </Button>
          </SummaryBox>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
