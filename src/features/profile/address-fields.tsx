import { ActionIcon, Card, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { ADDRESS_LIMITS } from '../../../core/schemas/limits';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import type { AddressValues } from './profile-values';

const digits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);

/** One editable saved address on the update-profile form; `error` gives a field's error by its name. */
export function AddressFields({
  index,
  value,
  areas,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  value: AddressValues;
  areas: string[];
  error: (field: keyof AddressValues) => ReactNode;
  onChange: (next: AddressValues) => void;
  onRemove: () => void;
}) {
  const t = useT('profile');
  const msg = useMsg();
  const set = (key: keyof AddressValues) => (v: string) => onChange({ ...value, [key]: v });
  const areaOptions = value.area && !areas.includes(value.area) ? [value.area, ...areas] : areas;
  const text = (key: keyof AddressValues) => ({
    value: value[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value),
    maxLength: ADDRESS_LIMITS[key],
    error: error(key),
  });
  return (
    <Card withBorder radius="md" padding="sm" data-testid="address-fields">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {t('addressN', { n: index + 1 })}
        </Text>
        <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('removeAddressN', { n: index + 1 })}>
          ✕
        </ActionIcon>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={t('address')} required {...text('address')} />
        <TextInput label={t('city')} required {...text('city')} />
        <TextInput
          label={t('pincode')}
          placeholder={msg.pincodeHint}
          inputMode="numeric"
          required
          {...text('pincode')}
          onChange={(e) => set('pincode')(digits(e.currentTarget.value, ADDRESS_LIMITS.pincode))}
        />
        <TextInput
          label={t('contactNumber')}
          inputMode="numeric"
          {...text('phoneNumber')}
          onChange={(e) => set('phoneNumber')(digits(e.currentTarget.value, ADDRESS_LIMITS.phoneNumber))}
        />
        <Select
          label={t('area')}
          placeholder={t('chooseArea')}
          data={areaOptions}
          value={value.area || null}
          onChange={(v) => set('area')(v ?? '')}
          searchable
          clearable
          nothingFoundMessage={t('noSuchArea')}
          error={error('area')}
        />
      </SimpleGrid>
    </Card>
  );
}
