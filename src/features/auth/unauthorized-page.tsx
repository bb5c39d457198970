import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { AppIcon } from '../../components/app-icons';
import { useSession } from '../../stores/session';

export default function UnauthorizedPage() {
  const user = useSession((s) => s.userInfo);
  const from = (useLocation().state as { from?: string } | null)?.from;
  const signIn = from && from !== '/Home' ? `/?redirect=${encodeURIComponent(from)}` : '/';
  return (
    <Paper withBorder radius="lg" p="xl" maw={520} mx="auto" my="xl">
      <Stack align="center" ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light" aria-hidden>
          <AppIcon name="lock" size={32} />
        </ThemeIcon>
        <Title order={3} role="alert">
          {MSG.accessDenied}
        </Title>
        <Text c="dimmed" size="sm">
          {user ? 'This page is for another kind of account.' : 'Please sign in to continue.'}
        </Text>
        <Group justify="center">
          {user ? (
            <Button component={Link} to="/Home" size="md">
              Go to Home
            </Button>
          ) : (
            <Button component={Link} to={signIn} size="md">
              Sign In
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
