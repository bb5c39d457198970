import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { isIndianMobile } from '../../../core/phone';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { AuthCard, PhoneInput } from './auth-card';
import { requestResetCode } from './auth-api';

/** Time to read the green alert before moving on to the code screen. */
const READ_DELAY_MS = 1500;

export default function ForgotPasswordPage() {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const t = useT('account');
  const msg = useMsg();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSent(null);
    if (!isIndianMobile(phone)) {
      setError(msg.invalidPhoneDot);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const { message } = await requestResetCode(phone);
      setSent(message);
      timer.current = setTimeout(() => navigate('/reset-password', { state: { phone, message } }), READ_DELAY_MS);
    } catch (err) {
      setError(errorMessage(err, msg.sendOtpFailed));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('forgotTitle')} subtitle={t('forgotSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {sent && (
            <Alert color="green" role="status">
              {sent}
            </Alert>
          )}
          <PhoneInput value={phone} onChange={setPhone} required />
          <Button type="submit" size="md" loading={submitting} fullWidth>
            {t('sendCode')}
          </Button>
          <Text size="sm" ta="center">
            {t('rememberedIt')}{' '}
            <Anchor component={Link} to="/" fw={600}>
              {t('backToSignIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
