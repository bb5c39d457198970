import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isIndianMobile } from '../../../core/phone';
import { PASSWORD_MIN } from '../../../core/schemas/user';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { AuthCard, digitsOnly, PhoneInput } from './auth-card';
import { requestResetCode, resetPassword, undoPhoneChange } from './auth-api';

const SIGN_IN_DELAY_MS = 2500;

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
  const [phone, setPhone] = useState(phoneFromState);
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(state?.message ?? null);
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const t = useT('account');
  const tc = useT('common');
  const msg = useMsg();

  function problem(): string | null {
    if (!isIndianMobile(phone)) return msg.invalidPhoneDot;
    if (!/^\d{6}$/.test(otp)) return tc('enterCode');
    if (!password || !confirm) return msg.fillRequired;
    if (password !== confirm) return msg.passwordsMismatch;
    if (password.length < PASSWORD_MIN) return tc('passwordTooShort', { n: PASSWORD_MIN });
    return null;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const p = problem();
    setError(p);
    if (p) return;
    setSubmitting(true);
    try {
      const { message } = kind === 'reset' ? await resetPassword(phone, otp, password) : await undoPhoneChange(phone, otp, password);
      setInfo(null);
      setDone(message);
      timer.current = setTimeout(() => navigate('/', { replace: true }), SIGN_IN_DELAY_MS);
    } catch (err) {
      setError(errorMessage(err, kind === 'reset' ? t('resetFailed') : t('undoFailed')));
    } finally {
      setSubmitting(false);
    }
  }

  async function resend() {
    if (!isIndianMobile(phone)) {
      setError(msg.invalidPhoneDot);
      return;
    }
    setResending(true);
    setError(null);
    try {
      setInfo((await requestResetCode(phone)).message);
    } catch (err) {
      setError(errorMessage(err, msg.sendOtpFailed));
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
      <form onSubmit={submit} noValidate>
        <Stack>
          {info && (
            <Alert color="green" role="status">
              {info}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <PhoneInput
            value={phone}
            onChange={setPhone}
            readOnly={!!phoneFromState}
            variant={phoneFromState ? 'filled' : 'default'}
            required
          />
          <TextInput
            label={t('code')}
            description={t('codeDescription')}
            value={otp}
            onChange={(e) => setOtp(digitsOnly(e.currentTarget.value, 6))}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
            required
          />
          <PasswordInput
            label={t('newPassword')}
            visibilityToggleButtonProps={{ 'aria-label': tc('passwordVisibility') }}
            description={t('atLeastChars', { n: PASSWORD_MIN })}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
          />
          <PasswordInput
            label={t('confirmNewPassword')}
            visibilityToggleButtonProps={{ 'aria-label': tc('passwordVisibility') }}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            required
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
