import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { ADDRESS_LIMITS } from '../../../core/schemas/limits';
import { formatRupees, toRupees } from '../../../core/money';
import { type ShopOrderPayload, toPerUnitDiscount } from '../../../core/shop-order';
import { restBy, splitProblem } from '../../../core/split-payment';
import { fetchCustomers, SHOP_CUSTOMERS } from '../../data/shop-customers';
import { useCachedQuery } from '../../data/use-cached-query';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import type { OutboxItem } from '../../offline/db';
import { asCounterLines, editedSaleTotal, pricedTotalsPaise } from './queued-sale-total';
import { useTillCatalog } from './use-till-catalog';
import { displayLineOf, type QueuedShopSale, lineName } from './shop-sale';
import { soldInKey } from '../../../core/packs';
import { resendShopSale } from './shop-sale-outbox';
import { useCounterPricing } from './use-counter-pricing';

const addressSchema = () => import('../../../core/schemas/order').then((m) => m.shopAddressSchema);

/**
 * Edit and resend a sale the server refused (Needs attention): quantities and the address. The total is priced as at the
 * counter (the customer's price list, quantity breaks, schemes, packs: use-counter-pricing.ts), less the points the sale
 * redeems (fewer when the bill got smaller), and goes with the sale as the till's total.
 */
export default function QueuedSaleEditor({ item: queued, onDone }: { item: OutboxItem; onDone: () => void }) {
  const t = useT('shop-order');
  const msg = useMsg();
  const item = queued as QueuedShopSale;
  // the counter discount stays per unit whatever the new quantity (a line queued by an older client is converted)
  const [lines, setLines] = useState(item.body.products.map(toPerUnitDiscount));
  // the address checked as the server checks it (shopOrderSchema's shippingAddress), each mistake beside its field
  // the products and customers saved on the device (offline too): the counter's pricing of the edited lines
  const products = useTillCatalog({ sync: false }).data ?? null;
  const customerId = item.body.customerId;
  const customers = useCachedQuery(customerId ? SHOP_CUSTOMERS : null, () => fetchCustomers(), { refetchOnSync: true });
  const priceListId = customers.data?.find((c) => c._id === customerId)?.priceListId;
  const kept = useMemo(() => lines.filter((l) => l.quantity > 0), [lines]);
  const counterLines = useMemo(() => asCounterLines(kept, item.display), [kept, item.display]);
  const pricing = useCounterPricing(counterLines, products, priceListId);
  const charged = editedSaleTotal(pricedTotalsPaise(kept, pricing.byKey), item.body.redeemPoints, item.display?.loyalty);
  const totalPaise = charged.totalPaise ?? charged.billPaise;
  // the till's total goes only once everything that prices the sale is known (else the server prices it)
  const priced = pricing.ready && products !== null && (!customerId || !customers.loading);
  const address = useSchemaForm({ schema: addressSchema, initial: () => ({ ...item.body.shippingAddress }) });
  const addr = address.values;
  const field = (key: keyof typeof addr, max: number) => ({
    value: addr[key] ?? '',
    onChange: (e: { currentTarget: { value: string } }) => address.set(key, e.currentTarget.value),
    maxLength: max,
    error: address.error(key),
  });

  const save = async () => {
    if (kept.length === 0) {
      notifications.show({ color: 'red', message: msg.invalidShopLines });
      return;
    }
    if (!(await address.validate()).ok) return;
    // paid in parts: the last part takes up a change of the total, the others stay as they were paid
    const split = item.body.payments;
    const parts = split?.length ? restBy(totalPaise, split, split[split.length - 1].method) : undefined;
    const wrong = parts && splitProblem(totalPaise, parts, { customer: !!item.body.customerId });
    if (wrong) {
      notifications.show({ color: 'red', message: t(`split_${wrong}`, { total: formatRupees(totalPaise / 100) }) });
      return;
    }
    const payload: ShopOrderPayload = {
      isShop: true,
      products: kept,
      shippingAddress: addr,
      paymentStatus: item.body.paymentStatus,
      ...(parts ? { payments: parts } : item.body.paymentMethod ? { paymentMethod: item.body.paymentMethod } : {}),
      ...(item.body.handedOver ? { handedOver: true } : {}),
      ...(item.body.customerId ? { customerId: item.body.customerId } : {}),
      // a credit sale refused over the limit was already handed over: resending it is the cashier's confirmation
      ...(item.body.paymentMethod === 'credit' ? { confirmOverLimit: true } : {}),
      ...(charged.redeemPoints ? { redeemPoints: charged.redeemPoints } : {}),
      ...(priced && charged.totalPaise !== null ? { tillTotal: toRupees(charged.totalPaise) } : {}),
    };
    await resendShopSale(item, payload, {
      lines: kept.map((l) => {
        const now = pricing.byKey.get(soldInKey(l));
        return {
          ...displayLineOf(item.display?.lines, l),
          productId: l.productId,
          name: lineName(item, l.productId, t('product')),
          // how the line is priced now, at its new quantity, for the provisional bill
          ...(now ? { pricing: { ...now, quantity: l.quantity } } : {}),
        };
      }),
      ...(item.display?.loyalty ? { loyalty: item.display.loyalty } : {}),
    });
    notifications.show({ color: 'teal', message: t('savedAgain') });
    onDone();
  };

  return (
    <Stack gap="xs">
      {lines.map((l, i) => (
        <Group key={soldInKey(l)} wrap="nowrap" justify="space-between">
          <Text size="sm" style={{ flex: 1 }}>
            {lineName(item, l.productId, l.productId.slice(-6))}
          </Text>
          <NumberInput
            aria-label={t('quantityOf', { name: lineName(item, l.productId, t('product')) })}
            w={90}
            min={0}
            decimalScale={3}
            value={l.quantity}
            onChange={(v) => setLines((ls) => ls.map((x, j) => (j === i ? { ...x, quantity: Number(v) || 0 } : x)))}
          />
        </Group>
      ))}
      {charged.offPaise > 0 && (
        <Text size="sm" c="green.9" data-testid="edit-redeem-off">
          {t('pointsOff', { n: charged.redeemPoints ?? 0, amount: formatRupees(toRupees(charged.offPaise)) })}
        </Text>
      )}
      <Text size="sm" fw={700} ta="right" data-testid="edit-total">
        {t('totalPlain', { total: formatRupees(toRupees(totalPaise)) })}
      </Text>
      <TextInput label={t('address')} {...field('address', ADDRESS_LIMITS.address)} />
      <Group grow align="flex-start">
        <TextInput label={t('city')} {...field('city', ADDRESS_LIMITS.city)} />
        <TextInput label={t('pincode')} {...field('pincode', ADDRESS_LIMITS.pincode)} />
      </Group>
      <TextInput label={t('phone')} {...field('phoneNumber', ADDRESS_LIMITS.phoneNumber)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button onClick={() => void save()}>{t('resend')}</Button>
      </Group>
    </Stack>
  );
}
