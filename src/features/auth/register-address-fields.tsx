import { Alert, Loader, Select, SimpleGrid, TextInput } from '@mantine/core';
import { ADDRESS_LIMITS } from '../../../core/schemas/limits';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import type { SchemaForm } from '../../lib/use-schema-form';
import { digitsOnly } from './auth-card';
import { fetchAreas } from './auth-api';
import type { RegisterValues } from './register-values';

type Address = RegisterValues['address'];

/** The delivery address of a new account: street, city, pincode, the area (from the server's list) and a contact number. */
export function RegisterAddressFields({ form }: { form: SchemaForm<RegisterValues, unknown> }) {
  const t = useT('account');
  const msg = useMsg();
  // Not saved on the device: nobody is signed in yet.
  const areasQ = useCachedQuery('register:areas', fetchAreas, { persist: false });
  const areasState = areasQ.data ? 'ready' : areasQ.error ? 'failed' : 'loading';
  const address = form.values.address;
  const set = (key: keyof Address, value: string) => form.set('address', { ...address, [key]: value });
  const text = (key: keyof Address) => ({
    value: address[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    maxLength: ADDRESS_LIMITS[key],
    error: form.error(`address.${key}`),
  });

  return (
    <>
      <TextInput label={t('address')} placeholder={t('addressPlaceholder')} autoComplete="street-address" required {...text('address')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t('city')} autoComplete="address-level2" required {...text('city')} />
        <TextInput
          label={t('pincode')}
          placeholder={msg.pincodeHint}
          inputMode="numeric"
          autoComplete="postal-code"
          required
          {...text('pincode')}
          onChange={(e) => set('pincode', digitsOnly(e.currentTarget.value, ADDRESS_LIMITS.pincode))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={t('area')}
          placeholder={areasState === 'loading' ? t('loadingAreas') : t('chooseYourArea')}
          data={areasQ.data ?? []}
          value={address.area || null}
          onChange={(v) => set('area', v ?? '')}
          disabled={areasState !== 'ready'}
          rightSection={areasState === 'loading' ? <Loader size="xs" aria-label={t('loadingAreasLabel')} /> : undefined}
          searchable
          nothingFoundMessage={t('noSuchArea')}
          required
          comboboxProps={{ withinPortal: true }}
          error={form.error('address.area')}
        />
        <TextInput
          label={t('contactNumber')}
          placeholder={t('contactPlaceholder')}
          inputMode="numeric"
          {...text('phoneNumber')}
          onChange={(e) => set('phoneNumber', digitsOnly(e.currentTarget.value, ADDRESS_LIMITS.phoneNumber))}
        />
      </SimpleGrid>
      {areasState === 'failed' && (
        <Alert color="red" role="alert">
          {msg.areasLoadFailedRegister}
        </Alert>
      )}
    </>
  );
}
