import { Anchor, AppShell, Badge, Box, Burger, Button, Container, Divider, Drawer, Group, Menu, NavLink as MantineNavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { AppIcon, BrandMark } from '../components/app-icons';
import { PageLoader } from '../components/page-loader';
import { SyncIndicator } from '../components/sync-indicator';
import { useLogout } from '../lib/use-logout';
import { useCart } from '../stores/cart';
import { useSession } from '../stores/session';
import { ADMIN_LINKS, CUSTOMER_LINKS, type NavLink, VENDOR_LINKS } from './nav-links';

export const BRAND = 'Namma Kadai';
const HEADER_HEIGHT = 56;

/** A header dropdown (desktop) for a group of links. */
function LinkMenu({ label, links }: { label: string; links: NavLink[] }) {
  return (
    <Menu shadow="md" width={230} position="bottom-end">
      <Menu.Target>
        <Button variant="subtle" color="white" rightSection={<AppIcon name="chevronDown" size={14} />} px="xs" c="white">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((l) => (
          <Menu.Item key={l.to} component={Link} to={l.to} leftSection={l.icon && <AppIcon name={l.icon} size={16} />}>
            {l.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function Layout() {
  const user = useSession((s) => s.userInfo);
  const cartCount = useCart((s) => s.cartItems.length);
  const logout = useLogout();
  const { pathname } = useLocation();
  const [drawerOpen, drawer] = useDisclosure(false);
  const menus: Array<{ label: string; links: NavLink[] }> = [];
  if (user?.role === 'vendor' || user?.role === 'admin') menus.push({ label: 'Vendor', links: VENDOR_LINKS });
  if (user?.role === 'admin') menus.push({ label: 'Admin', links: ADMIN_LINKS });
  if (user?.role === 'user') menus.push({ label: 'Shop', links: CUSTOMER_LINKS });

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <AppShell.Header bg="teal.8" c="white" withBorder={false} style={{ boxShadow: '0 1px 4px rgba(0,0,0,.15)' }}>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to="/Home"
            c="white"
            underline="never"
            aria-label={`${BRAND} home`}
            style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0, flexShrink: 0 }}
          >
            <BrandMark size={30} />
            <Text component="span" fw={800} fz={{ base: 'md', xs: 'lg' }} c="white" style={{ whiteSpace: 'nowrap' }}>
              {BRAND}
            </Text>
          </Anchor>

          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <SyncIndicator />
            {user?.role === 'user' && (
              <Button component={Link} to="/cart" variant="subtle" color="white" c="white" px={6} aria-label={`Cart, ${cartCount} items`}>
                <AppIcon name="cart" size={22} />
                <Badge ml={2} size="sm" color="yellow" c="dark" circle={cartCount < 10}>
                  {cartCount}
                </Badge>
              </Button>
            )}
            <Group gap={0} visibleFrom="sm" wrap="nowrap">
              {menus.map((m) => (
                <LinkMenu key={m.label} {...m} />
              ))}
            </Group>
            {user ? (
              <Menu shadow="md" width={200} position="bottom-end">
                <Menu.Target>
                  <UnstyledButton
                    c="white"
                    px={6}
                    py={4}
                    fw={600}
                    data-testid="user-menu"
                    aria-label={`Account menu for ${user.name}`}
                    style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0, borderRadius: 6 }}
                  >
                    <Box component="span" maw={{ base: 96, xs: 160, md: 220 }} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {user.name}
                    </Box>
                    <AppIcon name="chevronDown" size={14} style={{ flexShrink: 0 }} />
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{user.name}</Menu.Label>
                  <Menu.Item component={Link} to="/profile" leftSection={<AppIcon name="user" size={16} />}>
                    Profile
                  </Menu.Item>
                  <Menu.Item color="red" leftSection={<AppIcon name="logout" size={16} />} onClick={() => void logout()}>
                    Logout
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : (
              <Button component={Link} to="/" variant="white" color="teal.8" size="compact-md" fw={700}>
                Sign In
              </Button>
            )}
            {menus.length > 0 && (
              <Burger opened={drawerOpen} onClick={drawer.toggle} color="white" size="sm" hiddenFrom="sm" aria-label="Open menu" />
            )}
          </Group>
        </Group>
      </AppShell.Header>

      <Drawer opened={drawerOpen} onClose={drawer.close} title={<Text fw={700}>Menu</Text>} position="right" size={300}>
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
                  label={l.label}
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
              <Divider />
              <MantineNavLink component={Link} to="/profile" label="Profile" leftSection={<AppIcon name="user" size={18} />} onClick={drawer.close} style={{ borderRadius: 8 }} />
              <MantineNavLink
                component="button"
                label="Logout"
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

      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }} bg="gray.0">
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
      </AppShell.Main>
    </AppShell>
  );
}
