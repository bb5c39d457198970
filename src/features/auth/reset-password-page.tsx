import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { isIndianMobile } from '../../../core/phone';
import { PASSWORD_MIN } from '../../../core/schemas/limits';
import { NewPasswordFields } from '../../components/new-password-fields';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { repeats, useSchemaForm } from '../../lib/use-schema-form';
import { AuthCard, digitsOnly, PhoneInput } from './auth-card';
import { requestResetCode, resetPassword, undoPhoneChange } from './auth-api';
import { SubmitButton } from '../../components/submit-button';

const SIGN_IN_DELAY_MS = 2500;

/** Each kind's request: its schema and the name of its code field (`otp` for a reset, `code` for an undo). */
const KINDS: Record<
  'reset' | 'undo',
  { schema: () => Promise<z.ZodType<{ phone: string; password: string }>>; codeField: 'otp' | 'code' }
> = {
  reset: { schema: () => import('../../../core/schemas/user').then((m) => m.resetPasswordSchema), codeField: 'otp' },
  undo: { schema: () => import('../../../core/schemas/user').then((m) => m.undoPhoneChangeSchema), codeField: 'code' },
};
const EMPTY = { phone: '', otp: '', code: '', password: '', confirm: '' };
/** The confirmation is the form's own: the request has no such field. */
const check = repeats<typeof EMPTY>('confirm', 'password');

export default function ResetPasswordPage() {
  return <CodeAndNewPassword kind="reset" />;
}

/**
 * A phone, the 6-digit code texted to it and a new password: a password reset, or (`undo`) taking the
 * account back to its old phone with the code texted there when the phone was changed.
 */
export function CodeAndNewPassword({ kind }: { kind: 'reset' | 'undo' }) {
  const state = useLocation().state as { phone?: string; message?: string } | null;
  const phoneFromState = state?.phone && isIndianMobile(state.phone) ? state.phone : '';
  const { schema, codeField } = KINDS[kind];
  const form = useSchemaForm({ schema, initial: { ...EMPTY, phone: phoneFromState }, check });
  const [info, setInfo] = useState<string | null>(state?.message ?? null);
  const [done, setDone] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const t = useT('account');
  const msg = useMsg();
  const { values, set } = form;

  const submit = form.submit(
    async ({ phone, password }) => {
      const code = values[codeField];
      const { message } = kind === 'reset' ? await resetPassword(phone, code, password) : await undoPhoneChange(phone, code, password);
      setInfo(null);
      setDone(message);
      timer.current = setTimeout(() => navigate('/', { replace: true }), SIGN_IN_DELAY_MS);
    },
    kind === 'reset' ? t('resetFailed') : t('undoFailed'),
  );

  /** Another code: the server checks the phone (a refusal names it, beside the field). */
  async function resend() {
    setResending(true);
    form.refuse(null);
    try {
      setInfo((await requestResetCode(values.phone)).message);
    } catch (err) {
      form.refuse(err, msg.sendOtpFailed);
    } finally {
      setResending(false);
    }
  }

  const title = kind === 'reset' ? t('resetTitle') : t('undoTitle');
  if (done) {
    return (
      <AuthCard title={title}>
        <Stack>
          <Alert color="green" role="status">
            {done}
          </Alert>
          <Button component={Link} to="/" replace size="md" fullWidth>
            {t('goToSignIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} subtitle={kind === 'reset' ? t('resetSubtitle') : t('undoSubtitle')}>
      <form onSubmit={submit} noValidate ref={form.formRef}>
        <Stack>
          {info && (
            <Alert color="green" role="status">
              {info}
            </Alert>
          )}
          {form.banner && (
            <Alert color="red" role="alert">
              {form.banner}
            </Alert>
          )}
          <PhoneInput
            value={values.phone}
            onChange={(phone) => set('phone', phone)}
            readOnly={!!phoneFromState}
            variant={phoneFromState ? 'filled' : 'default'}
            required
            error={form.error('phone')}
          />
          <TextInput
            label={t('code')}
            description={t('codeDescription')}
            value={values[codeField]}
            onChange={(e) => set(codeField, digitsOnly(e.currentTarget.value, 6))}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
            required
            error={form.error(codeField)}
          />
          <NewPasswordFields
            form={form}
            password={{ label: t('newPassword'), description: t('atLeastChars', { n: PASSWORD_MIN }) }}
            confirm={{ label: t('confirmNewPassword') }}
            required
          />
          <SubmitButton loading={form.saving}>{kind === 'reset' ? title : t('undoButton')}</SubmitButton>
          <Group justify={kind === 'reset' ? 'space-between' : 'flex-end'} gap="xs">
            {/* the undo code was texted once, at the change: there is none to send again */}
            {kind === 'reset' && (
              <Button variant="subtle" size="compact-sm" onClick={() => void resend()} loading={resending}>
                {t('resendCode')}
              </Button>
            )}
            <Anchor component={Link} to="/" size="sm" fw={600}>
              {t('backToSignIn')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
