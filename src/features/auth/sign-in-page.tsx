import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useLayoutEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { USER_LIMITS } from '../../../core/schemas/limits';
import { PasswordField } from '../../components/password-field';
import { can } from '../../lib/can';
import { useT } from '../../lib/i18n';
import { codedText, useMsg } from '../../lib/messages';
import { safeRedirect } from '../../lib/safe-redirect';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSession } from '../../stores/session';
import { AuthCard, PhoneInput } from './auth-card';
import { followAccountLanguage, login, loginErrorText, toUserInfo } from './auth-api';

// zod and the schema load with the first submit: the first screen stays small
const schema = () => import('../../../core/schemas/user').then((m) => m.loginSchema);

export default function SignInPage() {
  const form = useSchemaForm({ schema, initial: { phone: '', password: '' } });
  const [submitting, setSubmitting] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // committed (a layout effect runs within the commit), so React takes its form's submits from here on:
  // what was typed into the prerendered form, and a Sign In held before, are given back (src/prerender/keep-typed.ts)
  useLayoutEffect(() => {
    (window as Window & { __nkSignInReady?: boolean }).__nkSignInReady = true;
  }, []);
  const setCredentials = useSession((s) => s.setCredentials);
  const redirect = params.get('redirect');
  const t = useT('auth');
  const msg = useMsg();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = await form.validate();
    if (!checked.ok) {
      // the spec's toast for a phone that is not 10 digits; every error is also beside its field
      if (checked.errors.phone) notifications.show({ message: codedText(checked.errors.phone) ?? msg.invalidPhone, color: 'red' });
      return;
    }
    setSubmitting(true);
    try {
      const res = await login(checked.data.phone, checked.data.password);
      const user = toUserInfo(res);
      setCredentials(user);
      // a shop's counter and a rider work offline: their unsent sales and deliveries should survive low space
      // (loaded then: the first screen carries no code it needs only after the sign-in)
      if (can(user, 'ownShop') || can(user, 'keepRoundsOffline'))
        void import('../../offline/keep-storage').then((m) => m.keepDeviceStorage());
      await followAccountLanguage(res.language);
      navigate(safeRedirect(redirect), { replace: true });
    } catch (err) {
      notifications.show({ message: loginErrorText(err, msg.loginFailed, t), color: 'red' });
      setSubmitting(false);
    }
  }

  const registerLink = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';
  return (
    <AuthCard title={t('signIn')} subtitle={t('signInSubtitle')}>
      <form onSubmit={submit} noValidate ref={form.formRef}>
        <Stack>
          <PhoneInput value={form.values.phone} onChange={(phone) => form.set('phone', phone)} error={form.error('phone')} />
          <PasswordField
            label={t('password')}
            placeholder={t('yourPassword')}
            value={form.values.password}
            onChange={(e) => form.set('password', e.currentTarget.value)}
            maxLength={USER_LIMITS.password}
            error={form.error('password')}
            autoComplete="current-password"
            size="md"
          />
          <Group justify="space-between" mt={-8} gap="xs">
            <Anchor component={Link} to="/undo-phone-change" size="sm" c="dimmed">
              {t('undoPhoneChangeLink')}
            </Anchor>
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('forgotPasswordLink')}
            </Anchor>
          </Group>
          {/* its own Button, not the shared SubmitButton: the first screen loads no chunk it can do without */}
          <Button type="submit" size="md" loading={submitting} fullWidth>
            {t('signIn')}
          </Button>
          <Text size="sm" ta="center">
            {t('newHere')}{' '}
            <Anchor component={Link} to={registerLink} fw={600}>
              {t('createAccount')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
