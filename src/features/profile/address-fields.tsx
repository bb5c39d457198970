import { ActionIcon, Card, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { Address } from '../../../core/schemas/user';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';

export type AddressErrors = Partial<Record<keyof Address, string>>;

const digits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);

/** One editable saved address on the update-profile form. */
export function AddressFields({
  index,
  value,
  areas,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  value: Address;
  areas: string[];
  errors?: AddressErrors;
  onChange: (next: Address) => void;
  onRemove: () => void;
}) {
  const t = useT('profile');
  const msg = useMsg();
  const set = (key: keyof Address) => (v: string) => onChange({ ...value, [key]: v });
  const areaOptions = value.area && !areas.includes(value.area) ? [value.area, ...areas] : areas;
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
        <TextInput
          label={t('address')}
          value={value.address}
          onChange={(e) => set('address')(e.currentTarget.value)}
          error={errors?.address}
          required
        />
        <TextInput
          label={t('city')}
          value={value.city}
          onChange={(e) => set('city')(e.currentTarget.value)}
          error={errors?.city}
          required
        />
        <TextInput
          label={t('pincode')}
          placeholder={msg.pincodeHint}
          inputMode="numeric"
          maxLength={6}
          value={value.pincode}
          onChange={(e) => set('pincode')(digits(e.currentTarget.value, 6))}
          error={errors?.pincode}
          required
        />
        <TextInput
          label={t('contactNumber')}
          inputMode="numeric"
          maxLength={10}
          value={value.phoneNumber ?? ''}
          onChange={(e) => set('phoneNumber')(digits(e.currentTarget.value, 10))}
          error={errors?.phoneNumber}
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
          error={errors?.area}
        />
      </SimpleGrid>
    </Card>
  );
}
