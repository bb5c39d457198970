import { Alert, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { formatRupees } from '../../../core/money';
import { PAYMENT_STATUSES } from '../../../core/order-statuses';
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS, type PaymentMethod } from '../../../core/payments';
import {
  duplicateLineKeys,
  emptyLine,
  initialShopAddress,
  shopOrderTotal,
  toShopOrderPayload,
  validateShopOrder,
  type ShopAddress,
  type ShopOrderLine,
} from '../../../core/shop-order';
import { errorMessage } from '../../lib/api';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useSession } from '../../stores/session';
import { fetchShopProducts, SHOP_PRODUCTS, submitShopOrder } from './shop-order-api';
import { ShopOrderLineRow } from './shop-order-line';

/** /order "Create sales order": a walk-in (shop) sale at the counter. */
export default function ShopOrderPage() {
  const user = useSession((s) => s.userInfo);
  const navigate = useNavigate();
  // Saved on this device: offline, the products seen last (with their time) and the sale goes to the outbox.
  const q = useCachedQuery(SHOP_PRODUCTS, fetchShopProducts, { offlineNotice: true });
  const products = useMemo(() => q.data?.filter((p) => p.isActive) ?? null, [q.data]);
  const loadError = !products && q.error ? MSG.productsLoadFailed : null;
  const [lines, setLines] = useState<ShopOrderLine[]>(() => [emptyLine()]);
  const [address, setAddress] = useState<ShopAddress>(() => initialShopAddress(user?.addresses));
  const [paymentStatus, setPaymentStatus] = useState<string>('Paid');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  const duplicates = useMemo(() => duplicateLineKeys(lines), [lines]);
  const total = useMemo(() => shopOrderTotal(lines), [lines]);
  const showVendor = user?.role === 'admin';

  const setLine = (key: string, next: ShopOrderLine) => setLines((ls) => ls.map((l) => (l.key === key ? next : l)));
  const setField = (key: keyof ShopAddress, value: string) => setAddress((a) => ({ ...a, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateShopOrder(lines, address);
    setAlert(problem);
    if (problem) {
      requestAnimationFrame(() => alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
      return;
    }
    setSaving(true);
    try {
      const sent = await submitShopOrder(toShopOrderPayload(lines, address, paymentStatus, paymentMethod));
      notifications.show(sent ? { color: 'green', message: MSG.orderCreated } : { color: 'yellow', message: MSG.saleQueued });
      setLines([emptyLine()]);
      setAddress(initialShopAddress(useSession.getState().userInfo?.addresses));
      setPaymentStatus('Paid');
      setPaymentMethod('cash');
      navigate('/PendingOrders');
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, MSG.createOrderFailed) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2}>Create sales order</Title>

        {loadError ? (
          <Alert color="red" title={loadError}>
            <Button size="xs" variant="white" color="red" onClick={q.refresh}>
              Retry
            </Button>
          </Alert>
        ) : products === null ? (
          <Skeleton h={220} radius="md" />
        ) : products.length === 0 ? (
          <Alert color="yellow">
            You have no active products to sell yet.{' '}
            <Text component={Link} to="/createProduct" c="teal.8" fw={600} span>
              Create a product
            </Text>
          </Alert>
        ) : (
          <Stack gap="sm">
            {lines.map((line, i) => (
              <ShopOrderLineRow
                key={line.key}
                index={i}
                line={line}
                products={products}
                duplicate={duplicates.has(line.key)}
                showVendor={showVendor}
                canRemove={lines.length > 1}
                onChange={(next) => setLine(line.key, next)}
                onRemove={() => setLines((ls) => ls.filter((l) => l.key !== line.key))}
              />
            ))}
            <Group justify="space-between" align="center">
              <Button variant="light" onClick={() => setLines((ls) => [...ls, emptyLine()])}>
                + Add item
              </Button>
              <Text fw={800} size="xl" data-testid="order-total">
                Order total: {formatRupees(total)}
              </Text>
            </Group>
          </Stack>
        )}

        <Paper withBorder radius="md" p="sm">
          <Title order={4} mb="xs">
            Shipping address
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Address"
              required
              value={address.address}
              onChange={(e) => setField('address', e.currentTarget.value)}
              maxLength={300}
            />
            <TextInput
              label="City"
              required
              value={address.city}
              onChange={(e) => setField('city', e.currentTarget.value)}
              maxLength={100}
            />
            <TextInput
              label="Pincode"
              required
              description={MSG.pincodeHint}
              value={address.pincode}
              onChange={(e) => setField('pincode', e.currentTarget.value)}
              inputMode="numeric"
              maxLength={6}
            />
            <TextInput
              label="Phone number"
              required
              description="Customer or shop contact"
              value={address.phoneNumber}
              onChange={(e) => setField('phoneNumber', e.currentTarget.value)}
              inputMode="tel"
              maxLength={15}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Select
              label="Payment status"
              data={[...PAYMENT_STATUSES]}
              value={paymentStatus}
              onChange={(v) => setPaymentStatus(v ?? 'Paid')}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
            {paymentStatus === 'Paid' && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="paid-by">
                  Paid by
                </Text>
                {/* buttons, not a dropdown: one tap at the counter (and no extra combobox code) */}
                <Group gap={4} role="group" aria-labelledby="paid-by">
                  {PAYMENT_METHODS.map((m) => (
                    <Button
                      key={m}
                      size="xs"
                      variant={paymentMethod === m ? 'filled' : 'default'}
                      aria-pressed={paymentMethod === m}
                      onClick={() => setPaymentMethod(m)}
                    >
                      {PAYMENT_METHOD_NAMES[m]}
                    </Button>
                  ))}
                </Group>
              </Stack>
            )}
            <Stack gap={4} align="flex-end" style={{ flex: 1 }}>
              <Text size="sm" c="dimmed">
                {lines.length} {lines.length === 1 ? 'item line' : 'item lines'}
              </Text>
              <Text fw={800} size="lg">
                {formatRupees(total)}
              </Text>
            </Stack>
          </Group>
          {alert && (
            <Alert color="red" mt="sm" ref={alertRef} role="alert">
              {alert}
            </Alert>
          )}
          <Button type="submit" fullWidth size="md" mt="sm" loading={saving} disabled={!products || products.length === 0}>
            Create Order
          </Button>
        </Paper>
      </Stack>
    </form>
  );
}
