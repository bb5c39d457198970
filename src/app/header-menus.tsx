import { Button, Divider, Drawer, Menu, NavLink as MantineNavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { Fragment, lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { AppIcon } from '../components/app-icons';
import type { UserInfo } from '../stores/session';
import { byGroup, navMenus, type NavLink } from '../components/nav-links';
import { useT } from '../lib/i18n';
import { UserMenuFace } from './user-menu-face';
import { can } from '../lib/can';
import { openOutbox } from '../offline/outbox-drawer';
import { readTill } from '../features/shop-order/till-store';
// A shop's till names itself on every request from now on (the server counts what it does in the till's shift):
// registered with these menus, which every page loads once it has painted, never holding up the first paint.
import '../features/shop-order/till-header';

// Who is at the till and Switch person's PIN pad: only a device registered as a till loads them.
const TillSwitch = lazy(() => import('../features/staff/till-switch'));

/** This device's till, when it is one of the user's shop (src/features/shop-order/till-store.ts keeps it under the shop's id). */
const tillOf = (user: UserInfo) => readTill(user.shopId ?? user._id);

/** Accounts that work offline (a shop's people at its counter, a rider) reach their saved changes from the menu, to save or load them as a file. */
const keepsChangesOffline = (user: UserInfo) => can(user, 'team') || can(user, 'keepRoundsOffline');

/*
 * The header's dropdown menus and the mobile drawer. They are loaded after the first paint
 * (React.lazy in layout.tsx): with them go Mantine's Popover/Menu, floating-ui and the drawer's
 * modal machinery, which the sign-in page and the first paint of any page do not need
 * (bundle budget).
 */

/** The header's dropdowns (desktop): one per menu of the account (navMenus). */
export function LinkMenus({ user }: { user: UserInfo | null }) {
  const t = useT('common');
  return navMenus(user).map((m) => <LinkMenu key={m.title} label={t(m.title)} links={m.links} />);
}

/** A header dropdown (desktop) for a group of links. */
function LinkMenu({ label, links }: { label: string; links: NavLink[] }) {
  const t = useT('common');
  return (
    <Menu shadow="md" width={230} position="bottom-end">
      <Menu.Target>
        <Button variant="subtle" color="white" rightSection={<AppIcon name="chevronDown" size={14} />} px="xs" c="white" h={44}>
          {label}
        </Button>
      </Menu.Target>
      {/* a shop's many pages by part (selling, goods, accounts, team) */}
      <Menu.Dropdown>
        {byGroup(links).map((part, i) => (
          <Fragment key={part.group ?? 'links'}>
            {i > 0 && <Menu.Divider />}
            {part.group && <Menu.Label>{t(part.group)}</Menu.Label>}
            {part.links.map((l) => (
              <Menu.Item key={l.to} component={Link} to={l.to} leftSection={l.icon && <AppIcon name={l.icon} size={16} />}>
                {t(l.label)}
              </Menu.Item>
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The user-name dropdown: Profile and Logout; on a shop's till, Switch person first. */
export function UserMenu({
  user,
  role,
  logout,
  defaultOpened = false,
  onSwitchPerson,
}: {
  user: UserInfo;
  /** A shop person's role, shown beside their first name. */
  role?: string;
  logout: () => Promise<void> | void;
  defaultOpened?: boolean;
  /** On a registered till: opens the PIN pad. */
  onSwitchPerson?: () => void;
}) {
  const t = useT('common');
  return (
    <Menu shadow="md" width={200} position="bottom-end" defaultOpened={defaultOpened}>
      <Menu.Target>
        <UnstyledButton
          c="white"
          px={6}
          py={4}
          fw={600}
          data-testid="user-menu"
          aria-label={t('accountMenu', { name: user.name })}
          miw={44}
          mih={44}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 4, flexShrink: 0, borderRadius: 6 }}
        >
          <UserMenuFace name={user.name} role={role} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.name}</Menu.Label>
        {onSwitchPerson && tillOf(user) && (
          <Menu.Item leftSection={<AppIcon name="users" size={16} />} onClick={onSwitchPerson} data-testid="switch-person">
            {t('switchPerson')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/profile" leftSection={<AppIcon name="user" size={16} />}>
          {t('profile')}
        </Menu.Item>
        {keepsChangesOffline(user) && (
          <Menu.Item leftSection={<AppIcon name="sync" size={16} />} onClick={openOutbox} data-testid="open-saved-changes">
            {t('savedChanges')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<AppIcon name="logout" size={16} />} onClick={() => void logout()}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The mobile menu drawer. */
export function NavDrawer({
  drawerOpen,
  drawer,
  pathname,
  user,
  logout,
  onSwitchPerson,
}: {
  drawerOpen: boolean;
  drawer: { close: () => void };
  pathname: string;
  user: UserInfo | null;
  logout: () => Promise<void> | void;
  /** On a registered till: opens the PIN pad. */
  onSwitchPerson?: () => void;
}) {
  const t = useT('common');
  const menus = navMenus(user);
  return (
    <Drawer opened={drawerOpen} onClose={drawer.close} title={<Text fw={700}>{t('menu')}</Text>} position="right" size={300}>
      <Stack gap="md">
        {menus.map((m) => (
          <Stack key={m.title} gap={2}>
            <Text fw={700} c="dimmed" size="xs" tt="uppercase" px="xs">
              {t(m.title)}
            </Text>
            {byGroup(m.links).map((part) => (
              <Fragment key={part.group ?? 'links'}>
                {part.group && (
                  <Text size="xs" c="dimmed" px="xs" pt={6}>
                    {t(part.group)}
                  </Text>
                )}
                {part.links.map((l) => (
                  <MantineNavLink
                    key={l.to}
                    component={Link}
                    to={l.to}
                    label={t(l.label)}
                    active={pathname === l.to}
                    leftSection={l.icon && <AppIcon name={l.icon} size={18} />}
                    onClick={drawer.close}
                    style={{ borderRadius: 8 }}
                  />
                ))}
              </Fragment>
            ))}
          </Stack>
        ))}
        {user && (
          <>
            {menus.length > 0 && <Divider />}
            <Text fw={700} px="xs" style={{ overflowWrap: 'anywhere' }} data-testid="drawer-user">
              {user.name}
            </Text>
            {onSwitchPerson && tillOf(user) && (
              <MantineNavLink
                component="button"
                label={t('switchPerson')}
                leftSection={<AppIcon name="users" size={18} />}
                onClick={() => {
                  drawer.close();
                  onSwitchPerson();
                }}
                style={{ borderRadius: 8 }}
                data-testid="switch-person"
              />
            )}
            <MantineNavLink
              component={Link}
              to="/profile"
              label={t('profile')}
              leftSection={<AppIcon name="user" size={18} />}
              onClick={drawer.close}
              style={{ borderRadius: 8 }}
            />
            {keepsChangesOffline(user) && (
              <MantineNavLink
                component="button"
                label={t('savedChanges')}
                leftSection={<AppIcon name="sync" size={18} />}
                onClick={() => {
                  drawer.close();
                  openOutbox();
                }}
                style={{ borderRadius: 8 }}
                data-testid="open-saved-changes"
              />
            )}
            <MantineNavLink
              component="button"
              label={t('logout')}
              c="red"
              leftSection={<AppIcon name="logout" size={18} />}
              onClick={() => {
                drawer.close();
                void logout();
              }}
              style={{ borderRadius: 8 }}
            />
          </>
        )}
      </Stack>
    </Drawer>
  );
}

/** On a shop's till: who is at it (a person switched in offline enters their PIN again after a reload) and Switch person's dialog. */
export function TillWatch({ user, opened, onClose }: { user: UserInfo; opened: boolean; onClose: () => void }) {
  const till = tillOf(user);
  if (!till) return null;
  return (
    <Suspense fallback={null}>
      <TillSwitch deviceId={till.deviceId} opened={opened} onClose={onClose} />
    </Suspense>
  );
}
