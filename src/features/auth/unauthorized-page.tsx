import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { AppIcon } from '../../components/app-icons';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useSession } from '../../stores/session';

export default function UnauthorizedPage() {
  const user = useSession((s) => s.userInfo);
  const from = (useLocation().state as { from?: string } | null)?.from;
  const t = useT('auth');
  const msg = useMsg();
  const signIn = from && from !== '/Home' ? `/?redirect=${encodeURIComponent(from)}` : '/';
  return (
    <Paper withBorder radius="lg" p="xl" maw={520} mx="auto" my="xl">
      <Stack align="center" ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light" aria-hidden>
          <AppIcon name="lock" size={32} />
        </ThemeIcon>
        <Title order={3} role="alert">
          {msg.accessDenied}
        </Title>
        <Text c="dimmed" size="sm">
          {user ? t('otherAccountKind') : t('signInToContinue')}
        </Text>
        <Group justify="center">
          {user ? (
            <Button component={Link} to="/Home" size="md">
              {t('goToHome')}
            </Button>
          ) : (
            <Button component={Link} to={signIn} size="md">
              {t('signIn')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
