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
import { PINCODE, TEN_DIGIT_PHONE } from '../../../core/phone';
import { shippingAddressSchema } from '../../../core/schemas/order';
import type { z } from 'zod';
import type { Address, areasResponse, UserDto } from '../../../core/schemas/user';
import { api, errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useCart } from '../../stores/cart';
import { useSession } from '../../stores/session';

const EMPTY: Address = { address: '', city: '', pincode: '', phoneNumber: '', area: '' };
const FIELDS = ['address', 'city', 'pincode', 'phoneNumber', 'area'] as const;

const norm = (a: Partial<Address>) => FIELDS.map((f) => (a[f] ?? '').trim().toLowerCase()).join('|');
const sameAddress = (a: Partial<Address>, b: Partial<Address>) => norm(a) === norm(b);
const fill = (a: Partial<Address> | null | undefined): Address => ({
  ...EMPTY,
  ...Object.fromEntries(FIELDS.map((f) => [f, a?.[f] ?? ''])),
});

const fetchAreas = () => api.get<z.infer<typeof areasResponse>>('users/misc/areas');

export default function ShippingPage() {
  const t = useT('cart');
  const msg = useMsg();
  const navigate = useNavigate();
  const saved = useSession((s) => s.userInfo?.addresses ?? []);
  const updateUser = useSession((s) => s.updateUser);
  const shippingAddress = useCart((s) => s.shippingAddress);
  const saveShippingAddress = useCart((s) => s.saveShippingAddress);
  const [form, setForm] = useState<Address>(() => fill(shippingAddress ?? saved[0]));
  const [errors, setErrors] = useState<Partial<Record<keyof Address, string>>>({});
  const areasQ = useCachedQuery('areas', fetchAreas, { persist: false });
  const areas = areasQ.data ? (areasQ.data.areas ?? []) : null;
  const areasError = !areas && areasQ.error ? errorMessage(areasQ.error, msg.areaListLoadFailed) : null;
  const [busy, setBusy] = useState(false);

  const set = (field: keyof Address, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = shippingAddressSchema.safeParse(form);
    if (!parsed.success) {
      notifications.show({ message: msg.shippingAllFields, color: 'red' });
      return;
    }
    const address: Address = parsed.data;
    const fieldErrors: typeof errors = {};
    if (!PINCODE.test(address.pincode)) fieldErrors.pincode = t('enterPincode');
    if (!TEN_DIGIT_PHONE.test(address.phoneNumber)) fieldErrors.phoneNumber = t('enterPhone');
    if (areas && !areas.includes(address.area)) fieldErrors.area = t('chooseAreaFromList');
    if (Object.keys(fieldErrors).length) {
      setErrors(fieldErrors);
      return;
    }
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
                    onClick={() => {
                      setForm(fill(a));
                      setErrors({});
                    }}
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
              <Anchor
                component="button"
                type="button"
                onClick={() => {
                  setForm(EMPTY);
                  setErrors({});
                }}
                size="sm"
                ta="left"
              >
                {t('useNewAddress')}
              </Anchor>
            </Stack>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: saved.length > 0 ? 7 : 12 }}>
          <Paper withBorder p="md" radius="md" maw={560}>
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <TextInput
                  label={t('address')}
                  value={form.address}
                  onChange={(e) => set('address', e.currentTarget.value)}
                  maxLength={300}
                  required
                  autoComplete="street-address"
                />
                <SimpleGrid cols={2} spacing="sm">
                  <TextInput
                    label={t('city')}
                    value={form.city}
                    onChange={(e) => set('city', e.currentTarget.value)}
                    maxLength={100}
                    required
                    autoComplete="address-level2"
                  />
                  <TextInput
                    label={t('pincode')}
                    description={msg.pincodeHint}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    value={form.pincode}
                    onChange={(e) => set('pincode', e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
                    inputMode="numeric"
                    maxLength={6}
                    error={errors.pincode}
                    required
                    autoComplete="postal-code"
                  />
                </SimpleGrid>
                <TextInput
                  label={t('phoneNumber')}
                  value={form.phoneNumber}
                  onChange={(e) => set('phoneNumber', e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
                  inputMode="tel"
                  maxLength={10}
                  error={errors.phoneNumber}
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
                  error={errors.area}
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
