import { NativeSelect, Paper, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { GST_STATES } from '../../../core/gstin';
import { ADDRESS_LIMITS } from '../../../core/schemas/limits';
import type { ShopAddress } from '../../../core/shop-order';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';

/**
 * Where a counter sale goes: the street, city, pincode and phone (the counter's own for a sale handed over), and the
 * state it is delivered to (its place of supply) for a sale delivered later. On a phone it shows only when `shown`.
 */
export default function ShippingAddressCard(props: {
  address: ShopAddress;
  setField: (key: keyof ShopAddress, value: string) => void;
  error: (path: string) => ReactNode | undefined;
  /** The customer whose address it is, when it came from the chosen customer. */
  fromCustomer: string | null;
  handedOver: boolean;
  shipState: string;
  setShipState: (code: string) => void;
  shown: boolean;
  streetRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useT('shop-order');
  const msg = useMsg();
  const { address, setField, error } = props;
  return (
    <Paper withBorder radius="md" p="sm" visibleFrom={props.shown ? undefined : 'sm'} data-testid="shipping-address">
      <Title order={4} mb={props.fromCustomer ? 2 : 'xs'}>
        {t('shippingAddress')}
      </Title>
      {props.fromCustomer && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="address-from-customer">
          {t('addressFromCustomer', { name: props.fromCustomer })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          ref={props.streetRef}
          label={t('address')}
          required
          value={address.address}
          onChange={(e) => setField('address', e.currentTarget.value)}
          error={error('address')}
          maxLength={ADDRESS_LIMITS.address}
        />
        <TextInput
          label={t('city')}
          required
          value={address.city}
          onChange={(e) => setField('city', e.currentTarget.value)}
          error={error('city')}
          maxLength={ADDRESS_LIMITS.city}
        />
        <TextInput
          label={t('pincode')}
          required
          description={msg.pincodeHint}
          value={address.pincode}
          onChange={(e) => setField('pincode', e.currentTarget.value)}
          error={error('pincode')}
          inputMode="numeric"
          maxLength={ADDRESS_LIMITS.pincode}
        />
        <TextInput
          label={t('phoneNumber')}
          required
          description={t('phoneHint')}
          value={address.phoneNumber}
          onChange={(e) => setField('phoneNumber', e.currentTarget.value)}
          error={error('phoneNumber')}
          inputMode="tel"
          maxLength={ADDRESS_LIMITS.phoneNumber}
        />
        {!props.handedOver && (
          <NativeSelect
            label={t('shipState')}
            description={t('shipStateHint')}
            value={props.shipState}
            onChange={(e) => props.setShipState(e.currentTarget.value)}
            data={GST_STATES.map((s) => ({ value: s.code, label: `${s.code} ${s.name}` }))}
            data-testid="ship-state"
          />
        )}
      </SimpleGrid>
    </Paper>
  );
}
