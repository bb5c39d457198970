import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useSession } from '../../stores/session';
import { StatusCard } from './status-card';

export default function UnauthorizedPage() {
  const user = useSession((s) => s.userInfo);
  const from = (useLocation().state as { from?: string } | null)?.from;
  const t = useT('auth');
  const msg = useMsg();
  const signIn = from && from !== '/Home' ? `/?redirect=${encodeURIComponent(from)}` : '/';
  return (
    <StatusCard
      icon="lock"
      color="red"
      title={msg.accessDenied}
      level={3}
      alert
      hint={user ? t('otherAccountKind') : t('signInToContinue')}
    >
      {user ? (
        <Button component={Link} to="/Home" size="md">
          {t('goToHome')}
        </Button>
      ) : (
        <Button component={Link} to={signIn} size="md">
          {t('signIn')}
        </Button>
      )}
    </StatusCard>
  );
}
