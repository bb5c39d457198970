import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AuthCard, PhoneInput } from './auth-card';
import { requestResetCode } from './auth-api';

/** Time to read the green alert before moving on to the code screen. */
const READ_DELAY_MS = 1500;

const schema = () => import('../../../core/schemas/user').then((m) => m.forgotPasswordSchema);

export default function ForgotPasswordPage() {
  const form = useSchemaForm({ schema, initial: { phone: '' } });
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
    setError(null);
    const checked = await form.validate();
    if (!checked.ok) return;
    const { phone } = checked.data;
    setSubmitting(true);
    try {
      const { message } = await requestResetCode(phone);
      setSent(message);
      timer.current = setTimeout(() => navigate('/reset-password', { state: { phone, message } }), READ_DELAY_MS);
    } catch (err) {
      if (!form.serverError(err)) setError(errorMessage(err, msg.sendOtpFailed));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('forgotTitle')} subtitle={t('forgotSubtitle')}>
      <form onSubmit={submit} noValidate ref={form.formRef}>
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
          <PhoneInput value={form.values.phone} onChange={(phone) => form.set('phone', phone)} required error={form.error('phone')} />
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
