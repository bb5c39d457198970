import { Anchor, Box, Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { lineTotal } from '../../../core/cart';
import { formatRupees } from '../../../core/money';
import { cartQuantityOptions, perUnit } from '../../../core/units';
import { ProductImage } from '../../components/product-card';
import { useCart, type CartItem } from '../../stores/cart';
import { SummaryBox } from './cart-summary';

/**
 * Quantity choices 1 to 10 (0.25 to 10 in quarter steps for loose goods by the kg or litre), not above
 * the stock, always including the current quantity.
 */
const quantityChoices = (item: CartItem) => {
  const all = cartQuantityOptions(item.unit ?? 'pcs');
  const stock = item.countInStock || 10;
  const fit = all.filter((q) => q <= stock || q === item.qty);
  if (!fit.includes(item.qty)) fit.push(item.qty);
  return (fit.length ? fit : all.slice(0, 1)).sort((a, b) => a - b).map(String);
};

function CartLine({ item }: { item: CartItem }) {
  const addToCart = useCart((s) => s.addToCart);
  const removeFromCart = useCart((s) => s.removeFromCart);
  const name = item.Tamil ? `${item.Tamil} - ${item.name}` : item.name;
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
              Sold by {item.vendorName}
            </Text>
          )}
          <Group gap="md" wrap="wrap">
            <Text size="sm">
              Price: {formatRupees(item.price)}
              {perUnit(item.unit ?? 'pcs')}
            </Text>
            {item.discount > 0 && (
              <Text size="sm" c="red.7">
                Discount: {formatRupees(item.discount)} each
              </Text>
            )}
          </Group>
          <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
            <Select
              aria-label={`Quantity of ${item.name}`}
              data={quantityChoices(item)}
              value={String(item.qty)}
              onChange={(v) => v && addToCart({ ...item, qty: Number(v) })}
              allowDeselect={false}
              w={90}
              size="xs"
            />
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                Subtotal
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
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

export default function CartPage() {
  const navigate = useNavigate();
  const cart = useCart();
  const empty = cart.cartItems.length === 0;

  return (
    <Stack gap="md">
      <Title order={2}>Shopping Cart</Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {empty ? (
            <Paper withBorder p="lg" radius="md">
              <Text>
                Your cart is empty.{' '}
                <Anchor component={Link} to="/user-categories">
                  Start shopping
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
            title="Order Summary"
            rows={[
              ['Item lines', cart.cartItems.length],
              ['Total items', cart.totalItems],
              ['Total discount', formatRupees(cart.totalDiscount)],
            ]}
            total={['Total price', formatRupees(cart.itemsPrice)]}
          >
            <Button fullWidth disabled={empty} onClick={() => navigate('/shipping')}>
              Proceed to Checkout
            </Button>
            <Button fullWidth variant="default" component={Link} to="/user-categories">
              Add More Items
            </Button>
          </SummaryBox>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
