import { Button, Divider, Drawer, Menu, NavLink as MantineNavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AppIcon } from '../components/app-icons';
import type { UserInfo } from '../stores/session';
import type { NavLink } from '../components/nav-links';
import { useT } from '../lib/i18n';
import { UserMenuFace } from './user-menu-face';
import { can } from '../lib/can';
import { openOutbox } from '../offline/outbox-drawer';

/** Accounts that work offline (a shop's counter, a rider) reach their saved changes from the menu, to save or load them as a file. */
const keepsChangesOffline = (user: UserInfo) => can(user, 'ownShop') || can(user, 'keepRoundsOffline');

/*
 * The header's dropdown menus and the mobile drawer. They are loaded after the first paint
 * (React.lazy in layout.tsx): with them go Mantine's Popover/Menu, floating-ui and the drawer's
 * modal machinery, which the sign-in page and the first paint of any page do not need
 * (bundle budget).
 */

/** A header dropdown (desktop) for a group of links. */
export function LinkMenu({ label, links }: { label: string; links: NavLink[] }) {
  const t = useT('common');
  return (
    <Menu shadow="md" width={230} position="bottom-end">
      <Menu.Target>
        <Button variant="subtle" color="white" rightSection={<AppIcon name="chevronDown" size={14} />} px="xs" c="white" h={44}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((l) => (
          <Menu.Item key={l.to} component={Link} to={l.to} leftSection={l.icon && <AppIcon name={l.icon} size={16} />}>
            {t(l.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The user-name dropdown: Profile and Logout. */
export function UserMenu({
  user,
  logout,
  defaultOpened = false,
}: {
  user: UserInfo;
  logout: () => Promise<void> | void;
  defaultOpened?: boolean;
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
          <UserMenuFace name={user.name} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.name}</Menu.Label>
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
  menus,
  pathname,
  user,
  logout,
}: {
  drawerOpen: boolean;
  drawer: { close: () => void };
  menus: Array<{ label: string; links: NavLink[] }>;
  pathname: string;
  user: UserInfo | null;
  logout: () => Promise<void> | void;
}) {
  const t = useT('common');
  return (
    <Drawer opened={drawerOpen} onClose={drawer.close} title={<Text fw={700}>{t('menu')}</Text>} position="right" size={300}>
      <Stack gap="md">
        {menus.map((m) => (
          <Stack key={m.label} gap={2}>
            <Text fw={700} c="dimmed" size="xs" tt="uppercase" px="xs">
              {m.label}
            </Text>
            {m.links.map((l) => (
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
          </Stack>
        ))}
        {user && (
          <>
            {menus.length > 0 && <Divider />}
            <Text fw={700} px="xs" style={{ overflowWrap: 'anywhere' }} data-testid="drawer-user">
              {user.name}
            </Text>
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
