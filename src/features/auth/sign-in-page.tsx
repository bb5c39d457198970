import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { isTenDigitPhone } from '../../../core/phone';
import { safeRedirect } from '../../lib/safe-redirect';
import { useSession } from '../../stores/session';
import { AuthCard, PhoneInput } from './auth-card';
import { login, loginErrorText, toUserInfo } from './auth-api';

export default function SignInPage() {
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setCredentials = useSession((s) => s.setCredentials);
  const redirect = params.get('redirect');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isTenDigitPhone(phone)) {
      notifications.show({ message: MSG.invalidPhone, color: 'red' });
      return;
    }
    setSubmitting(true);
    try {
      const res = await login(phone, password);
      setCredentials(toUserInfo(res));
      navigate(safeRedirect(redirect), { replace: true });
    } catch (err) {
      notifications.show({ message: loginErrorText(err, MSG.loginFailed), color: 'red' });
      setSubmitting(false);
    }
  }

  const registerLink = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';
  return (
    <AuthCard title="Sign In" subtitle="Welcome back to your local shops.">
      <form onSubmit={submit} noValidate>
        <Stack>
          <PhoneInput value={phone} onChange={setPhone} />
          <PasswordInput
            label="Password"
            placeholder="Your password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            size="md"
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={submitting} fullWidth>
            Sign In
          </Button>
          <Text size="sm" ta="center">
            New here?{' '}
            <Anchor component={Link} to={registerLink} fw={600}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
