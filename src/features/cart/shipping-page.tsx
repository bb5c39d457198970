import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { ADDRESS_LIMITS } from '../../../core/schemas/limits';
import type { Address, areasResponse, UserDto } from '../../../core/schemas/user';
import { api, errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import type { FieldProblem } from '../../lib/schema-errors';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useCachedQuery } from '../../data/use-cached-query';
import { useCart } from '../../stores/cart';
import { useSession } from '../../stores/session';

const EMPTY: Address = { address: '', city: '', pincode: '', phoneNumber: '', area: '' };
const FIELDS = ['address', 'city', 'pincode', 'phoneNumber', 'area'] as const;

const digits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);
const norm = (a: Partial<Address>) => FIELDS.map((f) => (a[f] ?? '').trim().toLowerCase()).join('|');
const sameAddress = (a: Partial<Address>, b: Partial<Address>) => norm(a) === norm(b);
const fill = (a: Partial<Address> | null | undefined): Address => ({
  ...EMPTY,
  ...Object.fromEntries(FIELDS.map((f) => [f, a?.[f] ?? ''])),
});

const fetchAreas = () => api.get<z.infer<typeof areasResponse>>('users/misc/areas');
const schema = () => import('../../../core/schemas/order').then((m) => m.shippingAddressSchema);
/** Checkout refuses an area that is not a delivery area (the list may lack an old saved one). */
const areaFromList =
  (areas: string[] | null) =>
  (a: Address): FieldProblem[] =>
    areas && a.area && !areas.includes(a.area) ? [{ field: 'area', code: 'chooseAreaFromList' }] : [];

export default function ShippingPage() {
  const t = useT('cart');
  const msg = useMsg();
  const navigate = useNavigate();
  const saved = useSession((s) => s.userInfo?.addresses ?? []);
  const updateUser = useSession((s) => s.updateUser);
  const shippingAddress = useCart((s) => s.shippingAddress);
  const saveShippingAddress = useCart((s) => s.saveShippingAddress);
  const areasQ = useCachedQuery('areas', fetchAreas, { persist: false });
  const areas = areasQ.data ? (areasQ.data.areas ?? []) : null;
  const shipping = useSchemaForm({ schema, initial: () => fill(shippingAddress ?? saved[0]), check: areaFromList(areas) });
  const { values: form, setValues: setForm } = shipping;
  const areasError = !areas && areasQ.error ? errorMessage(areasQ.error, msg.areaListLoadFailed) : null;
  const [busy, setBusy] = useState(false);

  const set = (field: keyof Address, value: string) => setForm((f) => ({ ...f, [field]: value }));
  const text = (field: keyof Address) => ({
    value: form[field],
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    maxLength: ADDRESS_LIMITS[field],
    error: shipping.error(field),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = await shipping.validate();
    if (!checked.ok) {
      // the spec's toast for a blank field; every mistake is also named beside its field
      if (Object.values(checked.errors).some((c) => c.code === 'shippingAllFields'))
        notifications.show({ message: msg.shippingAllFields, color: 'red' });
      return;
    }
    const address: Address = checked.data;
    if (!saved.some((a) => sameAddress(a, address))) {
      setBusy(true);
      try {
        const user = await api.put<UserDto>('users/addresses', { addresses: [...saved, address] });
        updateUser({ addresses: user.addresses });
      } catch (err) {
        notifications.show({ message: errorMessage(err, msg.addressSaveFailed), color: 'red' });
        setBusy(false);
        return;
      }
      setBusy(false);
    }
    saveShippingAddress(address);
    navigate('/placeorder');
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('shipping')}</Title>
      <Grid gap="md">
        {saved.length > 0 && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="xs">
              <Text fw={600}>{t('savedAddresses')}</Text>
              {saved.map((a, i) => {
                const selected = sameAddress(a, form);
                return (
                  <UnstyledButton
                    key={`${norm(a)}-${i}`}
                    onClick={() => setForm(fill(a))}
                    aria-pressed={selected}
                    data-testid="saved-address"
                  >
                    <Paper
                      withBorder
                      p="sm"
                      radius="md"
                      style={{ borderColor: selected ? 'var(--mantine-color-teal-6)' : undefined, borderWidth: selected ? 2 : 1 }}
                    >
                      <Text size="sm" fw={500}>
                        {a.address}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {[a.city, a.pincode].filter(Boolean).join(' - ')}
                        {a.area ? `, ${a.area}` : ''}
                      </Text>
                      {a.phoneNumber && (
                        <Text size="xs" c="dimmed">
                          {t('phone', { phone: a.phoneNumber })}
                        </Text>
                      )}
                    </Paper>
                  </UnstyledButton>
                );
              })}
              <Anchor component="button" type="button" onClick={() => setForm(EMPTY)} size="sm" ta="left">
                {t('useNewAddress')}
              </Anchor>
            </Stack>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: saved.length > 0 ? 7 : 12 }}>
          <Paper withBorder p="md" radius="md" maw={560}>
            <form onSubmit={submit} noValidate ref={shipping.formRef}>
              <Stack gap="sm">
                <TextInput label={t('address')} {...text('address')} required autoComplete="street-address" />
                <SimpleGrid cols={2} spacing="sm">
                  <TextInput label={t('city')} {...text('city')} required autoComplete="address-level2" />
                  <TextInput
                    label={t('pincode')}
                    description={msg.pincodeHint}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    {...text('pincode')}
                    onChange={(e) => set('pincode', digits(e.currentTarget.value, ADDRESS_LIMITS.pincode))}
                    inputMode="numeric"
                    required
                    autoComplete="postal-code"
                  />
                </SimpleGrid>
                <TextInput
                  label={t('phoneNumber')}
                  {...text('phoneNumber')}
                  onChange={(e) => set('phoneNumber', digits(e.currentTarget.value, ADDRESS_LIMITS.phoneNumber))}
                  inputMode="tel"
                  required
                  autoComplete="tel-national"
                />
                <Select
                  label={t('area')}
                  placeholder={areas ? t('chooseArea') : areasError ? '' : t('loadingAreas')}
                  data={areas ?? []}
                  value={form.area || null}
                  onChange={(v) => set('area', v ?? '')}
                  searchable
                  disabled={!areas}
                  error={shipping.error('area')}
                  required
                />
                {areasError && <Alert color="red">{areasError}</Alert>}
                <Group justify="flex-end">
                  <Button type="submit" loading={busy}>
                    {t('continue')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
