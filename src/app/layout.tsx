import { Anchor, Box, Burger, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { BrandMark, LineIcon, SHELL_ICONS } from '../components/line-icon';
import { PageLoader } from '../components/page-loader';
import { useT } from '../lib/i18n';
import { can } from '../lib/can';
import { LanguageSwitch } from './language-switch';
import { ScrollMemory } from './scroll-memory';
import header from './header.module.css';
import { useLogout } from '../data/use-logout';
import { useCart } from '../stores/cart';
import { useSession } from '../stores/session';
import { teamRoleLabel } from './team-role';
import { UserMenuFace } from './user-menu-face';

// Dropdown menus and the drawer are not needed for the first paint (bundle budget): their
// chunk is fetched at once, in parallel with the page, and the header uses it when it is there.
const headerMenus = () => import('./header-menus');
// the outbox's face in the header (shown only when something waits or the device is offline) loads beside the page
const SyncIndicator = lazy(() => import('../components/sync-indicator').then((m) => ({ default: m.SyncIndicator })));
const LinkMenus = lazy(() => headerMenus().then((m) => ({ default: m.LinkMenus })));
const UserMenu = lazy(() => headerMenus().then((m) => ({ default: m.UserMenu })));
const NavDrawer = lazy(() => headerMenus().then((m) => ({ default: m.NavDrawer })));
// On a shop's till, who is at it and Switch person's PIN pad (which only a till loads)
const TillWatch = lazy(() => headerMenus().then((m) => ({ default: m.TillWatch })));
// Not before the page's own chunks: measured on a throttled load of /, fetching it at once delayed
// the sign-in page's chunks (and so the largest paint) by ~0.3 s.
let menusWanted = false;
const menusListeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  const prefetch = () =>
    setTimeout(() => {
      menusWanted = true;
      menusListeners.forEach((l) => l());
      void headerMenus();
    }, 500);
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}
/** True once the page has loaded (the header menus' code may be fetched then). */
function useMenusWanted() {
  const [wanted, setWanted] = useState(menusWanted);
  useEffect(() => {
    if (menusWanted) return setWanted(true);
    const l = () => setWanted(true);
    menusListeners.add(l);
    return () => void menusListeners.delete(l);
  }, []);
  return wanted;
}

/** True from the first time `value` is true. */
function useEverTrue(value: boolean) {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}

/** What the user menu looks like until its code has loaded (same size, so nothing moves). */
function UserMenuPlaceholder({ name, role, onOpen }: { name: string; role?: string; onOpen: () => void }) {
  const t = useT('common');
  return (
    <UnstyledButton
      onClick={onOpen}
      c="white"
      px={6}
      py={4}
      fw={600}
      data-testid="user-menu"
      aria-label={t('accountMenu', { name })}
      className={header.control}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 4, flexShrink: 0, borderRadius: 6 }}
    >
      <UserMenuFace name={name} role={role} />
    </UnstyledButton>
  );
}

export const BRAND = 'Namma Kadai';
const HEADER_HEIGHT = 56;

export function Layout() {
  const user = useSession((s) => s.userInfo);
  const cartCount = useCart((s) => s.cartItems.length);
  const logout = useLogout();
  const { pathname } = useLocation();
  const t = useT('common');
  const [drawerOpen, drawer] = useDisclosure(false);
  // a tap on the user menu before its code has loaded opens it once it arrives
  const [userMenuRequested, setUserMenuRequested] = useState(false);
  // the drawer's code is fetched the first time it is opened
  const drawerUsed = useEverTrue(drawerOpen);
  const menusWanted = useMenusWanted();
  // the menus' links (src/components/nav-links.ts navMenus) come with their code: a shop's people, admins and customers have some
  const hasMenus = can(user, 'workForShop') || can(user, 'shop');
  // a shop's people: the header names who is at work; on the shop's till they switch by PIN (header-menus.tsx)
  const role = user ? teamRoleLabel(user, t) : undefined;
  const [switchOpen, setSwitchOpen] = useState(false);
  const openSwitch = role ? () => setSwitchOpen(true) : undefined;

  return (
    // A fixed header and the page below it: plain boxes rather than Mantine's AppShell, whose header
    // brings react-remove-scroll into the first screen's JS (~6 KB gzip with AppShell itself).
    <>
      <Box
        component="header"
        bg="teal.8"
        c="white"
        h={HEADER_HEIGHT}
        style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 100, boxShadow: '0 1px 4px rgba(0,0,0,.15)' }}
      >
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to="/Home"
            c="white"
            underline="never"
            aria-label={t('brandHome', { brand: BRAND })}
            className={header.control}
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8, minWidth: 44, minHeight: 44, flexShrink: 0 }}
          >
            <BrandMark size={30} />
            <Text
              component="span"
              fw={800}
              fz={{ base: 'md', xs: 'lg' }}
              c="white"
              className={user ? header.brandName : undefined}
              style={{ whiteSpace: 'nowrap' }}
            >
              {BRAND}
            </Text>
          </Anchor>

          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Suspense fallback={null}>
              <SyncIndicator />
            </Suspense>
            <LanguageSwitch />
            {can(user, 'shop') && (
              <Button
                component={Link}
                to="/cart"
                variant="subtle"
                color="white"
                c="white"
                px={6}
                h={44}
                className={header.control}
                aria-label={t('cartItems', { n: cartCount })}
              >
                <LineIcon d={SHELL_ICONS.cart} size={22} />
                <span className={header.count}>{cartCount}</span>
              </Button>
            )}
            <Group gap={0} visibleFrom="sm" wrap="nowrap">
              <Suspense fallback={null}>{menusWanted && <LinkMenus user={user} />}</Suspense>
            </Group>
            {user ? (
              menusWanted || userMenuRequested ? (
                <Suspense fallback={<UserMenuPlaceholder name={user.name} role={role} onOpen={() => setUserMenuRequested(true)} />}>
                  <UserMenu user={user} role={role} logout={logout} defaultOpened={userMenuRequested} onSwitchPerson={openSwitch} />
                </Suspense>
              ) : (
                <UserMenuPlaceholder name={user.name} role={role} onOpen={() => setUserMenuRequested(true)} />
              )
            ) : (
              <Button component={Link} to="/" variant="white" color="teal.8" size="compact-md" fw={700} h={44}>
                {t('signIn')}
              </Button>
            )}
            {hasMenus && (
              <Burger
                opened={drawerOpen}
                onClick={drawer.toggle}
                color="white"
                size="sm"
                hiddenFrom="sm"
                className={header.control}
                aria-label={t('openMenu')}
              />
            )}
          </Group>
        </Group>
      </Box>

      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer drawerOpen={drawerOpen} drawer={drawer} pathname={pathname} user={user} logout={logout} onSwitchPerson={openSwitch} />
        </Suspense>
      )}

      {/* with the menus; at once when a person switched in offline must enter their PIN again */}
      {user && role && (menusWanted || user.personId) && (
        <Suspense fallback={null}>
          <TillWatch user={user} opened={switchOpen} onClose={() => setSwitchOpen(false)} />
        </Suspense>
      )}

      <ScrollMemory />
      <Box component="main" pt={HEADER_HEIGHT} style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }} bg="gray.0">
        <Container size="lg" w="100%" px={{ base: 'sm', sm: 'md' }} py="md" style={{ flex: 1 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
        <Box component="footer" py="md" px="sm" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="sm" c="dimmed" ta="center">
            {BRAND} © {new Date().getFullYear()}
          </Text>
        </Box>
      </Box>
    </>
  );
}
