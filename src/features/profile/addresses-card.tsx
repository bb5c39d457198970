import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { USER_LIMITS } from '../../../core/schemas/limits';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { AddressFields } from './address-fields';
import { blankAddress } from './profile-values';
import type { ProfileForm } from './use-profile-form';

/** The saved addresses: each editable and removable, and one more can be added. */
export function AddressesCard({ form, areas, areasFailed }: { form: ProfileForm; areas: string[]; areasFailed: boolean }) {
  const t = useT('profile');
  const msg = useMsg();
  const addresses = form.values.addresses;
  const setAddresses = (next: typeof addresses) => form.set('addresses', next);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('addresses')}</Title>
        <Button
          variant="light"
          size="xs"
          onClick={() => setAddresses([...addresses, blankAddress()])}
          disabled={addresses.length >= USER_LIMITS.addresses}
        >
          {t('addAddress')}
        </Button>
      </Group>
      {areasFailed && (
        <Alert color="red" variant="light" mb="sm" role="alert">
          {msg.areasLoadFailedRegister}
        </Alert>
      )}
      <Stack gap="sm">
        {addresses.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('noAddresses')}
          </Text>
        )}
        {addresses.map((a, i) => (
          <AddressFields
            key={i}
            index={i}
            value={a}
            areas={areas}
            error={(field) => form.error(`addresses.${i}.${field}`)}
            onChange={(next) => setAddresses(addresses.map((b, j) => (j === i ? next : b)))}
            onRemove={() => setAddresses(addresses.filter((_, j) => j !== i))}
          />
        ))}
      </Stack>
    </Card>
  );
}
