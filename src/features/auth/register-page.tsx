import { Alert, Anchor, Divider, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { PASSWORD_MIN, USER_LIMITS } from '../../../core/schemas/limits';
import type { registerSchema } from '../../../core/schemas/user';
import { NewPasswordFields } from '../../components/new-password-fields';
import { useT } from '../../lib/i18n';
import { safeRedirect } from '../../lib/safe-redirect';
import { repeats, useSchemaForm } from '../../lib/use-schema-form';
import { useSession } from '../../stores/session';
import { AuthCard, digitsOnly } from './auth-card';
import { followAccountLanguage, register, toUserInfo } from './auth-api';
import { RegisterAddressFields } from './register-address-fields';
import { RegisterCodeStep } from './register-code-step';
import { EMPTY_REGISTRATION, type RegisterValues } from './register-values';
import { SubmitButton } from '../../components/submit-button';

type Details = z.output<typeof registerSchema>;

const schema = () => import('../../../core/schemas/user').then((m) => m.registerSchema);
/** The confirmation is the form's own: the request has no such field. */
const check = repeats<RegisterValues>('confirm', 'password');

export default function RegisterPage() {
  const form = useSchemaForm({ schema, initial: EMPTY_REGISTRATION, check });
  /** Set once the server has texted a code: the page then asks for it (step 2). */
  const [sent, setSent] = useState<{ message: string; details: Details } | null>(null);
  const setCredentials = useSession((s) => s.setCredentials);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const t = useT('account');
  const ta = useT('auth');
  const { values, set } = form;

  /** Step 1 (also "Send the code again"): the server texts a code and answers one message for every phone. */
  const sendDetails = async (details: Details) => (await register(details)).message;

  // a refusal that names no field of the form: its message, else the spec's "Something went wrong"
  const submit = form.submit(async (details) => setSent({ message: await sendDetails(details), details }));

  if (sent !== null) {
    return (
      <RegisterCodeStep
        phone={sent.details.phone}
        message={sent.message}
        resend={() => sendDetails(sent.details)}
        back={() => setSent(null)}
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
      <form onSubmit={submit} noValidate ref={form.formRef}>
        <Stack>
          {form.banner && (
            <Alert color="red" role="alert" data-testid="register-error">
              {form.banner}
            </Alert>
          )}
          <TextInput
            label={t('name')}
            autoComplete="name"
            required
            maxLength={USER_LIMITS.name}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={form.error('name')}
          />
          <TextInput
            label={ta('phone')}
            placeholder={ta('phonePlaceholder')}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            required
            value={values.phone}
            onChange={(e) => set('phone', digitsOnly(e.currentTarget.value, 10))}
            error={form.error('phone')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NewPasswordFields
              form={form}
              password={{ label: ta('password'), placeholder: t('atLeastChars', { n: PASSWORD_MIN }) }}
              confirm={{ label: t('confirmPassword') }}
              required
            />
          </SimpleGrid>
          <Divider label={t('deliveryAddress')} labelPosition="left" mt="xs" />
          <RegisterAddressFields form={form} />
          <SubmitButton loading={form.saving} mt="xs">
            {t('register')}
          </SubmitButton>
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
