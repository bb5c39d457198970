import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isTenDigitPhone } from '../../../core/phone';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { safeRedirect } from '../../lib/safe-redirect';
import { useSession } from '../../stores/session';
import { AuthCard, PhoneInput } from './auth-card';
import { followAccountLanguage, login, loginErrorText, toUserInfo } from './auth-api';

export default function SignInPage() {
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setCredentials = useSession((s) => s.setCredentials);
  const redirect = params.get('redirect');
  const t = useT('auth');
  const tc = useT('common');
  const msg = useMsg();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isTenDigitPhone(phone)) {
      notifications.show({ message: msg.invalidPhone, color: 'red' });
      return;
    }
    setSubmitting(true);
    try {
      const res = await login(phone, password);
      setCredentials(toUserInfo(res));
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
      <form onSubmit={submit} noValidate>
        <Stack>
          <PhoneInput value={phone} onChange={setPhone} />
          <PasswordInput
            label={t('password')}
            placeholder={t('yourPassword')}
            visibilityToggleButtonProps={{ 'aria-label': tc('passwordVisibility') }}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
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
