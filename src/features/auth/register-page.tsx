import { Alert, Anchor, Button, Divider, Loader, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { isIndianMobile, PINCODE } from '../../../core/phone';
import { PASSWORD_MIN, passwordTooShort } from '../../../core/schemas/user';
import { SmsCodeForm } from '../../components/sms-code-form';
import { safeRedirect } from '../../lib/safe-redirect';
import { errorMessage } from '../../lib/api';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useSession } from '../../stores/session';
import { AuthCard, digitsOnly } from './auth-card';
import { fetchAreas, register, toUserInfo, verifyRegistration } from './auth-api';

const EMPTY = { name: '', phone: '', password: '', confirm: '', address: '', city: '', pincode: '', phoneNumber: '', area: '' };
type Form = typeof EMPTY;
const REQUIRED: Array<keyof Form> = ['name', 'phone', 'password', 'confirm', 'address', 'city', 'pincode', 'area'];
export const INVALID_PINCODE = 'Please enter a valid 6-digit pincode.';

/** The checks in the order the spec gives them: required fields, then the phone, then the password confirmation. */
export function validateRegistration(f: Form): string | null {
  if (REQUIRED.some((k) => !f[k].trim())) return MSG.fillRequired;
  if (!isIndianMobile(f.phone)) return MSG.invalidPhoneDot;
  if (f.password !== f.confirm) return MSG.passwordsMismatch;
  if (f.password.length < PASSWORD_MIN) return passwordTooShort;
  if (!PINCODE.test(f.pincode.trim())) return INVALID_PINCODE;
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
    const problem = validateRegistration(form);
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      setSent(await sendDetails());
    } catch (err) {
      setError(errorMessage(err, MSG.somethingWrong));
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
        verified={(res) => {
          setCredentials(toUserInfo(res));
          navigate(safeRedirect(params.get('redirect')), { replace: true });
        }}
      />
    );
  }

  return (
    <AuthCard title="Create an account" subtitle="Order from shops near you in a few taps." width={560}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert" data-testid="register-error">
              {error}
            </Alert>
          )}
          <TextInput label="Name" autoComplete="name" required {...text('name')} />
          <TextInput
            label="Phone"
            placeholder="10-digit mobile number"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            required
            value={form.phone}
            onChange={(e) => set('phone')(digitsOnly(e.currentTarget.value, 10))}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              placeholder={`At least ${PASSWORD_MIN} characters`}
              required
              {...text('password')}
            />
            <PasswordInput label="Confirm Password" autoComplete="new-password" required {...text('confirm')} />
          </SimpleGrid>
          <Divider label="Delivery address" labelPosition="left" mt="xs" />
          <TextInput label="Address" placeholder="Door number, street" autoComplete="street-address" required {...text('address')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="City" autoComplete="address-level2" required {...text('city')} />
            <TextInput
              label="Pincode"
              placeholder={MSG.pincodeHint}
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
              label="Area"
              placeholder={areasState === 'loading' ? 'Loading areas…' : 'Choose your area'}
              data={areas}
              value={form.area || null}
              onChange={(v) => set('area')(v ?? '')}
              disabled={areasState !== 'ready'}
              rightSection={areasState === 'loading' ? <Loader size="xs" aria-label="Loading areas" /> : undefined}
              searchable
              nothingFoundMessage="No such area"
              required
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label="Contact Number"
              placeholder="Optional, for the delivery person"
              inputMode="numeric"
              maxLength={10}
              value={form.phoneNumber}
              onChange={(e) => set('phoneNumber')(digitsOnly(e.currentTarget.value, 10))}
            />
          </SimpleGrid>
          {areasState === 'failed' && (
            <Alert color="red" role="alert">
              {MSG.areasLoadFailedRegister}
            </Alert>
          )}
          <Button type="submit" size="md" loading={submitting} fullWidth mt="xs">
            Register
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/" fw={600}>
              Sign In
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
  return (
    <AuthCard title="Confirm your phone" subtitle={`Almost done: enter the code sent to +91\u00a0${phone}.`} width={440}>
      <SmsCodeForm
        message={message}
        verify={(code) => verifyRegistration(phone, code)}
        verified={verified}
        resend={resend}
        back={back}
        backLabel="Change details"
        failText={MSG.somethingWrong}
        codeLabel="Registration code"
        testIdPrefix="register"
      />
    </AuthCard>
  );
}
