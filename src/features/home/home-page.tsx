import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { AppIcon } from '../../components/app-icons';
import { Link } from 'react-router-dom';
import { homeSections } from '../../components/nav-links';
import { useLogout } from '../../data/use-logout';
import { ROLE_KEYS } from '../../lib/role-keys';
import { useT } from '../../lib/i18n';
import { can } from '../../lib/can';
import { useSession } from '../../stores/session';
import classes from './home.module.css';

// Everyone's announcements: their card's code is asked for as the page's module runs, beside the page's first render,
// and its list loads as it mounts (the first screen's JS is the page's buttons).
const announcementsCard = import('./announcements-card');
const AnnouncementsCard = lazy(() => announcementsCard.then((m) => ({ default: m.AnnouncementsCard })));
// Only delivery and admin see the area picker: it loads beside the page.
const AreaPickerCard = lazy(() => import('./area-picker-card').then((m) => ({ default: m.AreaPickerCard })));
// Only a shop's owner has a first-day checklist (it shows once the profile has loaded): it loads beside the page too.
const FirstDayChecklist = lazy(() => import('./first-day-checklist').then((m) => ({ default: m.FirstDayChecklist })));
// Only a rider carries cash from his deliveries: its line loads beside the page too.
const RiderCashLink = lazy(() => import('../../components/rider-cash-link').then((m) => ({ default: m.RiderCashLink })));

export default function HomePage() {
  const user = useSession((s) => s.userInfo);
  const logout = useLogout();
  const t = useT('home');
  const tc = useT('common');
  if (!user) return null;
  const sections = homeSections(user);
  const showAreas = can(user, 'deliver');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {t('welcome', { name: user.name })}
          </Title>
          <Badge size="lg" variant="light" mt={6} data-testid="home-role">
            {t('role', { role: t(ROLE_KEYS[user.role]) })}
          </Badge>
        </div>
      </Group>

      {can(user, 'ownShop') && (
        <Suspense fallback={null}>
          <FirstDayChecklist />
        </Suspense>
      )}
      {/* a rider sees the cash he carries before his areas */}
      {can(user, 'holdDeliveryCash') && (
        <Suspense fallback={<Skeleton h={60} radius="lg" maw={{ base: '100%', sm: 480 }} />}>
          <RiderCashLink />
        </Suspense>
      )}

      <SimpleGrid cols={{ base: 1, md: showAreas ? 2 : 1 }} spacing="md">
        {/* a rider's work comes first: the areas and their pending counts above the announcements */}
        {showAreas && (
          <Suspense fallback={<Skeleton h={170} radius="lg" />}>
            <AreaPickerCard />
          </Suspense>
        )}
        <Suspense fallback={<Skeleton h={120} radius="lg" />}>
          <AnnouncementsCard />
        </Suspense>
      </SimpleGrid>

      {sections.map((section) => (
        <Stack key={section.title} gap="xs">
          {sections.length > 1 && (
            <Text fw={700} c="dimmed" tt="uppercase" size="xs">
              {tc(section.title)}
            </Text>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {section.links.map((l) => (
              <Card
                key={l.to}
                component={Link}
                to={l.to}
                withBorder
                radius="lg"
                padding="md"
                className={classes.action}
                aria-label={tc(l.label)}
                role="link"
                style={{
                  minHeight: 96,
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'center',
                  alignItems: 'center',
                  textAlign: 'center',
                  gap: 6,
                }}
              >
                <ThemeIcon size={44} radius="xl" variant="light">
                  <AppIcon name={l.icon ?? 'home'} size={26} />
                </ThemeIcon>
                <Text fw={600} size="sm" c="teal.9">
                  {tc(l.label)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}

      <Group justify="center" mt="xs">
        <Button variant="light" color="red" size="md" mih={44} onClick={() => void logout()} w={{ base: '100%', xs: 240 }}>
          {t('logout')}
        </Button>
      </Group>
    </Stack>
  );
}
