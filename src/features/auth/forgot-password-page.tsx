import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AuthCard, PhoneInput } from './auth-card';
import { requestResetCode } from './auth-api';
import { SubmitButton } from '../../components/submit-button';

/** Time to read the green alert before moving on to the code screen. */
const READ_DELAY_MS = 1500;

const schema = () => import('../../../core/schemas/user').then((m) => m.forgotPasswordSchema);

export default function ForgotPasswordPage() {
  const form = useSchemaForm({ schema, initial: { phone: '' } });
  const [sent, setSent] = useState<string | null>(null);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const t = useT('account');
  const msg = useMsg();

  // saving until the code screen opens: the button stays busy while the green alert is read
  const submit = form.submit(async ({ phone }) => {
    setSent(null);
    const { message } = await requestResetCode(phone);
    setSent(message);
    await new Promise<void>((moveOn) => {
      timer.current = setTimeout(() => {
        navigate('/reset-password', { state: { phone, message } });
        moveOn();
      }, READ_DELAY_MS);
    });
  }, msg.sendOtpFailed);

  return (
    <AuthCard title={t('forgotTitle')} subtitle={t('forgotSubtitle')}>
      <form onSubmit={submit} noValidate ref={form.formRef}>
        <Stack>
          {form.banner && (
            <Alert color="red" role="alert">
              {form.banner}
            </Alert>
          )}
          {sent && (
            <Alert color="green" role="status">
              {sent}
            </Alert>
          )}
          <PhoneInput value={form.values.phone} onChange={(phone) => form.set('phone', phone)} required error={form.error('phone')} />
          <SubmitButton loading={form.saving}>{t('sendCode')}</SubmitButton>
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
