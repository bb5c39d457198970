import { Alert, Anchor, Button, Divider, Loader, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { MSG } from '../../../core/messages';
import { isIndianMobile, PINCODE } from '../../../core/phone';
import { PASSWORD_MIN } from '../../../core/schemas/user';
import { SmsCodeForm } from '../../components/sms-code-form';
import { safeRedirect } from '../../lib/safe-redirect';
import { errorMessage } from '../../lib/api';
import { type Translate, useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useSession } from '../../stores/session';
import { AuthCard, digitsOnly } from './auth-card';
import { fetchAreas, followAccountLanguage, register, toUserInfo, verifyRegistration } from './auth-api';

const EMPTY = { name: '', phone: '', password: '', confirm: '', address: '', city: '', pincode: '', phoneNumber: '', area: '' };
type Form = typeof EMPTY;
const REQUIRED: Array<keyof Form> = ['name', 'phone', 'password', 'confirm', 'address', 'city', 'pincode', 'area'];

/** The checks in the order the spec gives them: required fields, then the phone, then the password confirmation. */
function validateRegistration(f: Form, msg: typeof MSG, t: Translate<'account'>, tc: Translate<'common'>): string | null {
  if (REQUIRED.some((k) => !f[k].trim())) return msg.fillRequired;
  if (!isIndianMobile(f.phone)) return msg.invalidPhoneDot;
  if (f.password !== f.confirm) return msg.passwordsMismatch;
  if (f.password.length < PASSWORD_MIN) return tc('passwordTooShort', { n: PASSWORD_MIN });
  if (!PINCODE.test(f.pincode.trim())) return t('invalidPincode');
  return null;
}

export default function RegisterPage() {
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Not saved on the device: nobody is signed in yet.
  const areasQ = useCachedQuery('register:areas', fetchAreas, { persist: false });
  const areas = areasQ.data ?? [];
  const areasState = areasQ.data ? 'ready' : areasQ.error ? 'failed' : 'loading';
  /** Set once the server has texted a code: the page then asks for it (step 2). */
  const [sent, setSent] = useState<string | null>(null);
  const setCredentials = useSession((s) => s.setCredentials);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const t = useT('account');
  const ta = useT('auth');
  const tc = useT('common');
  const msg = useMsg();

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof Form) => ({
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value),
  });

  /** Step 1 (also "Send the code again"): the server texts a code and answers one message for every phone. */
  async function sendDetails(): Promise<string | null> {
    const { message } = await register({
      name: form.name.trim(),
      phone: form.phone,
      password: form.password,
      address: {
        address: form.address.trim(),
        city: form.city.trim(),
        pincode: form.pincode.trim(),
        phoneNumber: form.phoneNumber.trim(),
        area: form.area,
      },
    });
    return message;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateRegistration(form, msg, t, tc);
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      setSent(await sendDetails());
    } catch (err) {
      setError(errorMessage(err, msg.somethingWrong));
    } finally {
      setSubmitting(false);
    }
  }

  if (sent !== null) {
    return (
      <CodeStep
        phone={form.phone}
        message={sent}
        resend={sendDetails}
        back={() => {
          setSent(null);
          setError(null);
        }}
        verified={async (res) => {
          setCredentials(toUserInfo(res));
          await followAccountLanguage(res.language);
          navigate(safeRedirect(params.get('redirect')), { replace: true });
        }}
      />
    );
  }

  return (
    <AuthCard title={ta('createAccount')} subtitle={t('registerSubtitle')} width={560}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert" data-testid="register-error">
              {error}
            </Alert>
          )}
          <TextInput label={t('name')} autoComplete="name" required {...text('name')} />
          <TextInput
            label={ta('phone')}
            placeholder={ta('phonePlaceholder')}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            required
            value={form.phone}
            onChange={(e) => set('phone')(digitsOnly(e.currentTarget.value, 10))}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <PasswordInput
              label={ta('password')}
              visibilityToggleButtonProps={{ 'aria-label': tc('passwordVisibility') }}
              autoComplete="new-password"
              placeholder={t('atLeastChars', { n: PASSWORD_MIN })}
              required
              {...text('password')}
            />
            <PasswordInput
              label={t('confirmPassword')}
              visibilityToggleButtonProps={{ 'aria-label': tc('passwordVisibility') }}
              autoComplete="new-password"
              required
              {...text('confirm')}
            />
          </SimpleGrid>
          <Divider label={t('deliveryAddress')} labelPosition="left" mt="xs" />
          <TextInput
            label={t('address')}
            placeholder={t('addressPlaceholder')}
            autoComplete="street-address"
            required
            {...text('address')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t('city')} autoComplete="address-level2" required {...text('city')} />
            <TextInput
              label={t('pincode')}
              placeholder={msg.pincodeHint}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              required
              value={form.pincode}
              onChange={(e) => set('pincode')(digitsOnly(e.currentTarget.value, 6))}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label={t('area')}
              placeholder={areasState === 'loading' ? t('loadingAreas') : t('chooseYourArea')}
              data={areas}
              value={form.area || null}
              onChange={(v) => set('area')(v ?? '')}
              disabled={areasState !== 'ready'}
              rightSection={areasState === 'loading' ? <Loader size="xs" aria-label={t('loadingAreasLabel')} /> : undefined}
              searchable
              nothingFoundMessage={t('noSuchArea')}
              required
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={t('contactNumber')}
              placeholder={t('contactPlaceholder')}
              inputMode="numeric"
              maxLength={10}
              value={form.phoneNumber}
              onChange={(e) => set('phoneNumber')(digitsOnly(e.currentTarget.value, 10))}
            />
          </SimpleGrid>
          {areasState === 'failed' && (
            <Alert color="red" role="alert">
              {msg.areasLoadFailedRegister}
            </Alert>
          )}
          <Button type="submit" size="md" loading={submitting} fullWidth mt="xs">
            {t('register')}
          </Button>
          <Text size="sm" ta="center">
            {t('haveAccount')}{' '}
            <Anchor component={Link} to="/" fw={600}>
              {ta('signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** Step 2: the 6-digit code from the SMS creates the account. */
function CodeStep({
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
  verified: (res: Awaited<ReturnType<typeof verifyRegistration>>) => void;
}) {
  const t = useT('account');
  const msg = useMsg();
  return (
    <AuthCard title={t('confirmPhoneTitle')} subtitle={t('codeSentTo', { phone })} width={440}>
      <SmsCodeForm
        message={message}
        verify={(code) => verifyRegistration(phone, code)}
        verified={verified}
        resend={resend}
        back={back}
        backLabel={t('changeDetails')}
        failText={msg.somethingWrong}
        codeLabel={t('registrationCode')}
        testIdPrefix="register"
      />
    </AuthCard>
  );
}
