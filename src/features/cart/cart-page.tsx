import { Anchor, Box, Button, Grid, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Coded } from '../../../core/coded';
import { lineTotal } from '../../../core/cart';
import { formatRupees } from '../../../core/money';
import { cartQuantityStep, formatQuantity, isDecimalUnit, MAX_QUANTITY, quantityError } from '../../../core/units';
import { Price } from '../../components/price';
import { displayName, ProductImage } from '../../components/product-card';
import { useT } from '../../lib/i18n';
import { useText } from '../../lib/messages';
import { shoppingPlace, useCart, type CartItem } from '../../stores/cart';
import { SummaryBox } from './cart-summary';

/** A rule's coded message in the interface language (the catalogues load on its first showing). */
function CodedText({ c }: { c: Coded }) {
  return useText()(c);
}

/**
 * Why a typed quantity cannot go into the cart: more than the stock, else core's quantity rule (more
 * than 0, whole pieces, at most 3 decimals for loose goods). Null when it can.
 */
function quantityProblem(typed: string | number, item: CartItem): { coded: Coded } | { stock: number } | null {
  const unit = item.unit ?? 'pcs';
  const q = typeof typed === 'number' ? typed : typed.trim() === '' ? NaN : Number(typed);
  // past the stock: the stock is what the customer needs to know first
  if (Number.isFinite(q) && q > item.countInStock) return { stock: item.countInStock };
  const rule = quantityError(q, unit, item.name);
  return rule ? { coded: rule } : null;
}

function CartLine({ item, onValidity }: { item: CartItem; onValidity: (id: string, ok: boolean) => void }) {
  const t = useT('cart');
  const addToCart = useCart((s) => s.addToCart);
  const removeFromCart = useCart((s) => s.removeFromCart);
  const name = displayName(item);
  const unit = item.unit ?? 'pcs';
  const decimals = isDecimalUnit(unit);
  /** What is typed: kept as typed; the cart takes it only when it is a quantity the stock allows. */
  const [typed, setTyped] = useState<string | number>(item.qty);
  const problem = quantityProblem(typed, item);
  useEffect(() => onValidity(item._id, problem === null), [item._id, problem === null, onValidity]);
  const change = (v: string | number) => {
    setTyped(v);
    if (quantityProblem(v, item) === null) addToCart({ ...item, qty: Number(v) });
  };
  const error =
    problem === null ? undefined : 'stock' in problem ? (
      t('onlyInStock', { n: formatQuantity(problem.stock, unit) })
    ) : (
      <Suspense fallback={null}>
        <CodedText c={problem.coded} />
      </Suspense>
    );
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
          <Price mrp={item.mrp} shopPrice={item.price} discount={item.discount} isFree={item.isFree} unit={unit} size="sm" />
          {item.discount > 0 && (
            <Text size="xs" c="green.9">
              {t('discountEach', { amount: formatRupees(item.discount) })}
            </Text>
          )}
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            {/* typed or stepped, up to the stock; never clamped or rounded behind the customer's back */}
            <NumberInput
              aria-label={t('quantityOf', { name: item.name })}
              value={typed}
              onChange={change}
              min={cartQuantityStep(unit)}
              max={Math.min(item.countInStock, MAX_QUANTITY)}
              step={cartQuantityStep(unit)}
              clampBehavior="none"
              allowNegative={false}
              allowDecimal={decimals}
              decimalScale={decimals ? 3 : 0}
              inputMode={decimals ? 'decimal' : 'numeric'}
              error={error}
              w={120}
              styles={{ input: { minHeight: 44 } }}
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
                <CartLine key={item._id} item={item} onValidity={onValidity} />
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
            <Button fullWidth disabled={empty || blocked} onClick={() => navigate('/shipping')}>
              {t('proceedToCheckout')}
            </Button>
            {blocked && (
              <Text size="sm" c="red.8" ta="center">
                {t('fixQuantities')}
              </Text>
            )}
            <Button fullWidth variant="default" component={Link} to={shoppingPlace()}>
              {t('addMoreItems')}
            </Button>
          </SummaryBox>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
