import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AppIcon } from '../../components/app-icons';
import { can } from '../../lib/can';
import { useT } from '../../lib/i18n';
import { useSession } from '../../stores/session';
import { StatusCard } from './status-card';

/**
 * An address the app does not have: "Page not found", with the way Home and to Search. Signed out,
 * Home is the sign-in screen and Search the catalogue (signing in leads there). Staff search their own
 * products; a rider has no search, only Home.
 */
export default function NotFoundPage() {
  const user = useSession((s) => s.userInfo);
  const t = useT('auth');
  const search = !user || can(user, 'shop') ? '/product-search' : can(user, 'sell') ? '/productList' : null;
  return (
    <StatusCard icon="search" color="gray" title={t('pageNotFound')} level={1} hint={t('pageNotFoundHint')}>
      <Button component={Link} to={user ? '/Home' : '/'} size="md" leftSection={<AppIcon name="home" size={18} />}>
        {t('home')}
      </Button>
      {search && (
        <Button component={Link} to={search} size="md" variant="light" leftSection={<AppIcon name="search" size={18} />}>
          {t('search')}
        </Button>
      )}
    </StatusCard>
  );
}
