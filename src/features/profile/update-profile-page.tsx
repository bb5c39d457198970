import {
  Alert,
  Box,
  Button,
  Card,
  Divider,
  Group,
  MultiSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type GstinProblem, gstinProblem, normalizeGstin } from '../../../core/gstin';
import { financialYear, INVOICE_PREFIX_MAX, INVOICE_PREFIX_PATTERN } from '../../../core/invoice';
import { isUpiId } from '../../../core/upi';
import type { MSG } from '../../../core/messages';
import { isTenDigitPhone, PINCODE } from '../../../core/phone';
import { type Address, PASSWORD_MIN, type UserDto } from '../../../core/schemas/user';
import { PageLoader } from '../../components/page-loader';
import { SmsCodeForm } from '../../components/sms-code-form';
import { ApiError, errorMessage } from '../../lib/api';
import { type Translate, useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { isOfflineError } from '../../lib/query-core';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useSession } from '../../stores/session';
import { AddressFields, type AddressErrors } from './address-fields';
import { fetchAreas, fetchErrorDetail, fetchProfile, type ProfileUpdate, saveProfile, verifyPhone } from './profile-api';

/** The form's messages in the interface language. */
const textsOf = (t: Translate<'profile'>, tc: Translate<'common'>, msg: typeof MSG) => ({
  nameRequired: t('nameRequired'),
  invalidEmail: t('invalidEmail'),
  gstin: { format: t('invalidGstin'), state: t('gstinState'), check: t('gstinCheck') } satisfies Record<GstinProblem, string>,
  required: t('required'),
  invalidPincode: t('invalidPincode'),
  invalidContact: t('invalidContact'),
  fixErrors: t('fixErrors'),
  invalidPhone: msg.invalidPhone,
  passwordsMismatch: msg.passwordsMismatch,
  passwordTooShort: tc('passwordTooShort', { n: PASSWORD_MIN }),
  invalidInvoicePrefix: t('invalidInvoicePrefix', { max: INVOICE_PREFIX_MAX }),
  invalidUpiId: t('invalidUpiId'),
  currentPasswordRequired: msg.currentPasswordRequired,
});
type Texts = ReturnType<typeof textsOf>;

interface Form {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirm: string;
  addresses: Address[];
  gstNumber: string;
  shopName: string;
  invoicePrefix: string;
  /** The UPI ID the counter's QR codes pay to (vendors and admins sell at the counter). */
  upiId: string;
  /** The areas the shop delivers to; none: every area. */
  deliveryAreas: string[];
  /** Asked when the phone, the password or the UPI ID changes: a signed-in phone alone may not change them. */
  currentPassword: string;
}

type Errors = Partial<Record<Exclude<keyof Form, 'addresses' | 'deliveryAreas'>, string>> & { addresses?: AddressErrors[] };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blankAddress = (): Address => ({ address: '', city: '', pincode: '', phoneNumber: '', area: '' });

/** True when the form changes what needs the current password: the phone, the password or the UPI ID. */
const needsCurrentPassword = (f: Form, p: UserDto, seller: boolean) =>
  f.phone !== p.phone || !!f.password || (seller && f.upiId.trim() !== (p.upiId ?? ''));

function validate(f: Form, vendor: boolean, TEXT: Texts, reauth: boolean): Errors {
  const e: Errors = {};
  if (reauth && !f.currentPassword) e.currentPassword = TEXT.currentPasswordRequired;
  if (!f.name.trim()) e.name = TEXT.nameRequired;
  if (f.email.trim() && !EMAIL.test(f.email.trim())) e.email = TEXT.invalidEmail;
  if (!isTenDigitPhone(f.phone)) e.phone = TEXT.invalidPhone;
  if (f.password) {
    if (f.password.length < PASSWORD_MIN) e.password = TEXT.passwordTooShort;
    else if (f.password !== f.confirm) e.confirm = TEXT.passwordsMismatch;
  }
  const addressErrors = f.addresses.map((a) => {
    const ae: AddressErrors = {};
    if (!a.address.trim()) ae.address = TEXT.required;
    if (!a.city.trim()) ae.city = TEXT.required;
    if (!PINCODE.test(a.pincode.trim())) ae.pincode = a.pincode.trim() ? TEXT.invalidPincode : TEXT.required;
    if (a.phoneNumber && !isTenDigitPhone(a.phoneNumber)) ae.phoneNumber = TEXT.invalidContact;
    return ae;
  });
  if (addressErrors.some((ae) => Object.keys(ae).length)) e.addresses = addressErrors;
  const gstin = vendor && f.gstNumber.trim() ? gstinProblem(normalizeGstin(f.gstNumber)) : null;
  if (gstin) e.gstNumber = TEXT.gstin[gstin];
  if (vendor && f.invoicePrefix.trim() && !INVOICE_PREFIX_PATTERN.test(f.invoicePrefix.trim())) e.invoicePrefix = TEXT.invalidInvoicePrefix;
  if (f.upiId.trim() && !isUpiId(f.upiId.trim())) e.upiId = TEXT.invalidUpiId;
  return e;
}

export default function UpdateProfilePage() {
  const profileQ = useCachedQuery('profile:edit', fetchProfile, { persist: false });
  const areasQ = useCachedQuery('areas', fetchAreas, { persist: false });
  const msg = useMsg();
  const tc = useT('common');
  const p = profileQ.data;
  if (profileQ.error !== undefined || (!profileQ.loading && (!p || typeof p !== 'object'))) {
    const detail =
      profileQ.error !== undefined
        ? isOfflineError(profileQ.error)
          ? tc('notSavedOffline')
          : `${msg.profileFetchError} ${fetchErrorDetail(profileQ.error) ?? msg.unknownError}`
        : msg.profileLoadError;
    return (
      <Alert color="red" role="alert" maw={640} mx="auto">
        {detail}
      </Alert>
    );
  }
  if (!p) return <PageLoader />;
  return <UpdateProfileForm profile={p} areas={areasQ.data ?? []} areasFailed={areasQ.error !== undefined} />;
}

const formOf = (p: UserDto): Form => ({
  name: p.name,
  email: p.email ?? '',
  phone: p.phone,
  password: '',
  confirm: '',
  addresses: (p.addresses ?? []).map((a) => ({ ...blankAddress(), ...a })),
  gstNumber: p.gstNumber ?? '',
  shopName: p.vendorDetails?.shopName ?? '',
  invoicePrefix: p.vendorDetails?.invoicePrefix ?? '',
  upiId: p.upiId ?? '',
  deliveryAreas: p.deliveryAreas ?? [],
  currentPassword: '',
});

function UpdateProfileForm({ profile, areas, areasFailed }: { profile: UserDto; areas: string[]; areasFailed: boolean }) {
  const navigate = useNavigate();
  const updateUser = useSession((s) => s.updateUser);
  const t = useT('profile');
  const tc = useT('common');
  const msg = useMsg();
  const TEXT = textsOf(t, tc, msg);
  const [form, setForm] = useState<Form>(() => formOf(profile));
  // after a refused save the messages follow the fields: each goes as soon as its field is fixed
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  /** A refusal the server tied to a field (a wrong current password, a password too easy to guess), until that field changes. */
  const [serverError, setServerError] = useState<{ field: keyof Errors; message: string } | null>(null);
  /** Set when the server texted a code to the new phone: the page then asks for it. */
  const [phoneStep, setPhoneStep] = useState<{ phone: string; message: string; body: ProfileUpdate } | null>(null);

  const done = () => {
    notifications.show({ message: msg.profileUpdated, color: 'green' });
    navigate('/profile', { state: { reload: true } });
  };

  if (phoneStep) {
    return (
      <PhoneCodeStep
        phone={phoneStep.phone}
        message={phoneStep.message}
        // asks again without the new password: it is saved already, and is now the current one
        resend={async () =>
          (
            await saveProfile({
              ...phoneStep.body,
              password: undefined,
              currentPassword: phoneStep.body.password || phoneStep.body.currentPassword,
            })
          ).phoneCodeMessage ?? null
        }
        back={() => setPhoneStep(null)}
        verified={(saved) => {
          updateUser({ phone: saved?.phone ?? phoneStep.phone });
          done();
        }}
      />
    );
  }

  const vendor = profile.role === 'vendor';
  const seller = vendor || profile.role === 'admin';
  const reauth = needsCurrentPassword(form, profile, seller);
  const errors: Errors = {
    ...(checked ? validate(form, vendor, TEXT, reauth) : {}),
    ...(serverError ? { [serverError.field]: serverError.message } : {}),
  };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    if (serverError?.field === key) setServerError(null);
    setForm((f) => (f ? { ...f, [key]: value } : f));
  };
  const setAddress = (i: number, next: Address) =>
    set(
      'addresses',
      form.addresses.map((a, j) => (j === i ? next : a)),
    );

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (!form) return;
    const found = validate(form, vendor, TEXT, reauth);
    setChecked(true);
    if (Object.keys(found).length) return;
    const body = {
      name: form.name.trim(),
      email: form.email.trim(),
      phone: form.phone,
      addresses: form.addresses.map((a) => ({
        address: a.address.trim(),
        city: a.city.trim(),
        pincode: a.pincode.trim(),
        phoneNumber: (a.phoneNumber ?? '').trim(),
        area: a.area ?? '',
      })),
      ...(form.password ? { password: form.password } : {}),
      ...(vendor
        ? {
            gstNumber: form.gstNumber.trim(),
            vendorDetails: { shopName: form.shopName.trim(), invoicePrefix: form.invoicePrefix.trim() },
            deliveryAreas: form.deliveryAreas,
          }
        : {}),
      ...(seller ? { upiId: form.upiId.trim() } : {}),
      ...(reauth ? { currentPassword: form.currentPassword } : {}),
    } satisfies ProfileUpdate;
    setSaving(true);
    try {
      const { profile: saved, phoneCodeMessage } = await saveProfile(body);
      updateUser({
        name: saved?.name ?? body.name,
        email: saved?.email ?? body.email,
        // a new phone counts only once its code is confirmed
        phone: saved?.phone ?? (phoneCodeMessage ? profile?.phone : body.phone),
        addresses: saved?.addresses ?? body.addresses,
        ...(vendor ? { gstNumber: saved?.gstNumber ?? body.gstNumber, vendorDetails: saved?.vendorDetails ?? profile?.vendorDetails } : {}),
        ...(seller ? { upiId: saved?.upiId ?? body.upiId } : {}),
      });
      if (phoneCodeMessage) {
        setPhoneStep({ phone: body.phone, message: phoneCodeMessage, body });
        setSaving(false);
        return;
      }
      done();
    } catch (err) {
      const field = err instanceof ApiError ? err.data?.field : undefined;
      if (field === 'currentPassword' || field === 'password')
        setServerError({ field, message: errorMessage(err, msg.profileUpdateFailed) });
      else notifications.show({ message: errorMessage(err, msg.profileUpdateFailed), color: 'red' });
      setSaving(false);
    }
  }

  const hasErrors = Object.keys(errors).length > 0;
  // the shop's UPI ID for its QR codes: in the shop details of a vendor, alone for an admin who sells
  const upiInput = (mt?: string) => (
    <TextInput
      mt={mt}
      label={t('upiId')}
      description={t('upiIdHint')}
      value={form.upiId}
      maxLength={100}
      onChange={(e) => set('upiId', e.currentTarget.value.replace(/\s/g, ''))}
      error={errors.upiId}
      autoComplete="off"
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={720} mx="auto" gap="md">
        <Title order={2}>{t('updateProfile')}</Title>
        {hasErrors && (
          <Alert color="red" role="alert">
            {TEXT.fixErrors}
          </Alert>
        )}

        <Card withBorder radius="lg" padding="lg">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('name')}
              required
              value={form.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
              autoComplete="name"
            />
            <TextInput
              label={t('email')}
              type="email"
              value={form.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={errors.email}
              autoComplete="email"
            />
            <TextInput
              label={t('phone')}
              inputMode="numeric"
              maxLength={10}
              value={form.phone}
              onChange={(e) => set('phone', e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
              error={errors.phone}
              autoComplete="tel-national"
            />
            <Box visibleFrom="xs" />
            <PasswordInput
              label={t('newPassword')}
              visibilityToggleButtonProps={{ 'aria-label': tc('passwordVisibility') }}
              description={t('keepPasswordHint')}
              value={form.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={errors.password}
              autoComplete="new-password"
            />
            <PasswordInput
              label={t('confirmNewPassword')}
              visibilityToggleButtonProps={{ 'aria-label': tc('passwordVisibility') }}
              description={t('onlyWhenChanging')}
              value={form.confirm}
              onChange={(e) => set('confirm', e.currentTarget.value)}
              error={errors.confirm}
              disabled={!form.password}
              autoComplete="new-password"
            />
          </SimpleGrid>

          {profile.role === 'admin' && upiInput('sm')}
          {vendor && (
            <>
              <Divider my="md" label={t('shopDetails')} labelPosition="left" />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label={t('gstNumber')}
                  description={t('gstinHint')}
                  value={form.gstNumber}
                  maxLength={15}
                  onChange={(e) => set('gstNumber', e.currentTarget.value.toUpperCase().replace(/\s/g, ''))}
                  error={errors.gstNumber}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
                <TextInput label={t('shopName')} value={form.shopName} onChange={(e) => set('shopName', e.currentTarget.value)} />
                <TextInput
                  label={t('invoicePrefix')}
                  description={t('invoicePrefixHint', {
                    example: `${form.invoicePrefix.trim() || t('prefixPlaceholder')}/${financialYear(new Date())}/000001`,
                  })}
                  value={form.invoicePrefix}
                  maxLength={INVOICE_PREFIX_MAX}
                  onChange={(e) => set('invoicePrefix', e.currentTarget.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
                  error={errors.invoicePrefix}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
                {upiInput()}
                <MultiSelect
                  label={t('deliveryAreas')}
                  description={t('deliveryAreasHint')}
                  placeholder={form.deliveryAreas.length ? undefined : t('everyArea')}
                  data={[...new Set([...areas, ...form.deliveryAreas])]}
                  value={form.deliveryAreas}
                  onChange={(v) => set('deliveryAreas', v)}
                  searchable
                  clearable
                  nothingFoundMessage={t('noSuchArea')}
                  data-testid="delivery-areas"
                />
                <div>
                  <Text size="sm" fw={500}>
                    {t('commission')}
                  </Text>
                  <Text data-testid="commission" c="dimmed">
                    {t('commissionSet', { n: profile.vendorDetails?.commissionPercentage ?? 0 })}
                  </Text>
                </div>
              </SimpleGrid>
            </>
          )}
        </Card>

        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" mb="sm">
            <Title order={4}>{t('addresses')}</Title>
            <Button variant="light" size="xs" onClick={() => set('addresses', [...form.addresses, blankAddress()])}>
              {t('addAddress')}
            </Button>
          </Group>
          {areasFailed && (
            <Alert color="red" variant="light" mb="sm" role="alert">
              {msg.areasLoadFailedRegister}
            </Alert>
          )}
          <Stack gap="sm">
            {form.addresses.length === 0 && (
              <Text c="dimmed" size="sm">
                {t('noAddresses')}
              </Text>
            )}
            {form.addresses.map((a, i) => (
              <AddressFields
                key={i}
                index={i}
                value={a}
                areas={areas}
                errors={errors.addresses?.[i]}
                onChange={(next) => setAddress(i, next)}
                onRemove={() =>
                  set(
                    'addresses',
                    form.addresses.filter((_, j) => j !== i),
                  )
                }
              />
            ))}
          </Stack>
        </Card>

        {reauth && (
          <Card withBorder radius="lg" padding="lg">
            <PasswordInput
              label={t('currentPassword')}
              description={t('currentPasswordHint')}
              visibilityToggleButtonProps={{ 'aria-label': tc('passwordVisibility') }}
              value={form.currentPassword}
              onChange={(e) => set('currentPassword', e.currentTarget.value)}
              error={errors.currentPassword}
              autoComplete="current-password"
              required
              maw={360}
              data-testid="current-password"
            />
          </Card>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate('/profile')} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('saveChanges')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A new phone: the 6-digit code sent to it confirms the change (the other fields are saved already). */
function PhoneCodeStep({
  phone,
  message,
  resend,
  back,
  verified,
}: {
  phone: string;
  message: string;
  resend: () => Promise<string | null>;
  back: () => void;
  verified: (saved: UserDto) => void;
}) {
  const t = useT('profile');
  const msg = useMsg();
  return (
    <Stack maw={440} mx="auto" gap="md">
      <Title order={2}>{t('confirmNewPhone')}</Title>
      <Card withBorder radius="lg" padding="lg">
        <Stack>
          <Text size="sm" c="dimmed">
            {t('newPhoneCodeSent', { phone })}
          </Text>
          <SmsCodeForm
            message={message}
            verify={(code) => verifyPhone(phone, code)}
            verified={verified}
            resend={resend}
            back={back}
            backLabel={t('changeNumber')}
            failText={msg.profileUpdateFailed}
            codeLabel={t('phoneCode')}
            testIdPrefix="phone"
          />
        </Stack>
      </Card>
    </Stack>
  );
}
