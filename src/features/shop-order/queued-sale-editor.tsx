import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type ShopOrderPayload, toPerUnitDiscount } from '../../../core/shop-order';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import type { OutboxItem } from '../../offline/db';
import { type QueuedShopSale, lineName } from './shop-sale';
import { resendShopSale } from './shop-sale-outbox';

/** Edit and resend a sale the server refused (Needs attention): quantities and the address. */
export default function QueuedSaleEditor({ item: queued, onDone }: { item: OutboxItem; onDone: () => void }) {
  const t = useT('shop-order');
  const msg = useMsg();
  const item = queued as QueuedShopSale;
  // the counter discount stays per unit whatever the new quantity (a line queued by an older client is converted)
  const [lines, setLines] = useState(item.body.products.map(toPerUnitDiscount));
  const [addr, setAddr] = useState({ ...item.body.shippingAddress });

  const save = async () => {
    const kept = lines.filter((l) => l.quantity > 0);
    if (kept.length === 0) {
      notifications.show({ color: 'red', message: msg.invalidShopLines });
      return;
    }
    const payload: ShopOrderPayload = {
      isShop: true,
      products: kept,
      shippingAddress: addr,
      paymentStatus: item.body.paymentStatus,
      ...(item.body.paymentMethod ? { paymentMethod: item.body.paymentMethod } : {}),
      ...(item.body.handedOver ? { handedOver: true } : {}),
    };
    await resendShopSale(item, payload, {
      lines: kept.map((l) => ({
        ...item.display?.lines.find((d) => d.productId === l.productId),
        productId: l.productId,
        name: lineName(item, l.productId, t('product')),
      })),
    });
    notifications.show({ color: 'teal', message: t('savedAgain') });
    onDone();
  };

  return (
    <Stack gap="xs">
      {lines.map((l, i) => (
        <Group key={l.productId} wrap="nowrap" justify="space-between">
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
      <TextInput label={t('address')} value={addr.address} onChange={(e) => setAddr({ ...addr, address: e.currentTarget.value })} />
      <Group grow>
        <TextInput label={t('city')} value={addr.city} onChange={(e) => setAddr({ ...addr, city: e.currentTarget.value })} />
        <TextInput label={t('pincode')} value={addr.pincode} onChange={(e) => setAddr({ ...addr, pincode: e.currentTarget.value })} />
      </Group>
      <TextInput label={t('phone')} value={addr.phoneNumber} onChange={(e) => setAddr({ ...addr, phoneNumber: e.currentTarget.value })} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button onClick={() => void save()}>{t('resend')}</Button>
      </Group>
    </Stack>
  );
}
