import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { isIndianMobile } from '../../../core/phone';
import { PASSWORD_MIN, USER_LIMITS } from '../../../core/schemas/limits';
import { PasswordField } from '../../components/password-field';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { repeats, useSchemaForm } from '../../lib/use-schema-form';
import { AuthCard, digitsOnly, PhoneInput } from './auth-card';
import { requestResetCode, resetPassword, undoPhoneChange } from './auth-api';

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
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(state?.message ?? null);
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const t = useT('account');
  const msg = useMsg();
  const { values, set } = form;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const checked = await form.validate();
    if (!checked.ok) return;
    setSubmitting(true);
    try {
      const { phone, password } = checked.data;
      const code = values[codeField];
      const { message } = kind === 'reset' ? await resetPassword(phone, code, password) : await undoPhoneChange(phone, code, password);
      setInfo(null);
      setDone(message);
      timer.current = setTimeout(() => navigate('/', { replace: true }), SIGN_IN_DELAY_MS);
    } catch (err) {
      if (!form.serverError(err)) setError(errorMessage(err, kind === 'reset' ? t('resetFailed') : t('undoFailed')));
    } finally {
      setSubmitting(false);
    }
  }

  /** Another code: the server checks the phone (a refusal names it, beside the field). */
  async function resend() {
    setResending(true);
    setError(null);
    try {
      setInfo((await requestResetCode(values.phone)).message);
    } catch (err) {
      if (!form.serverError(err)) setError(errorMessage(err, msg.sendOtpFailed));
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
          {(error || form.unplaced) && (
            <Alert color="red" role="alert">
              {error ?? form.unplaced}
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
          <PasswordField
            label={t('newPassword')}
            description={t('atLeastChars', { n: PASSWORD_MIN })}
            value={values.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            maxLength={USER_LIMITS.password}
            required
            error={form.error('password')}
            autoComplete="new-password"
          />
          <PasswordField
            label={t('confirmNewPassword')}
            value={values.confirm}
            onChange={(e) => set('confirm', e.currentTarget.value)}
            maxLength={USER_LIMITS.password}
            required
            error={form.error('confirm')}
            autoComplete="new-password"
          />
          <Button type="submit" size="md" loading={submitting} fullWidth>
            {kind === 'reset' ? title : t('undoButton')}
          </Button>
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
