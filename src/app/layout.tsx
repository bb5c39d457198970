import { Anchor, AppShell, Badge, Burger, Button, Container, Drawer, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { useLogout } from '../lib/use-logout';
import { useCart } from '../stores/cart';
import { useSession } from '../stores/session';
import { PageLoader } from '../components/page-loader';
import { ADMIN_LINKS, CUSTOMER_LINKS, type NavLink, VENDOR_LINKS } from './nav-links';
import { SyncIndicator } from '../components/sync-indicator';

const BRAND = 'Namma Kadai';

function LinkMenu({ label, links }: { label: string; links: NavLink[] }) {
  return (
    <Menu shadow="md" width={220} position="bottom-end">
      <Menu.Target>
        <Button variant="subtle" color="white" rightSection="▾" px="xs">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((l) => (
          <Menu.Item key={l.to} component={Link} to={l.to}>
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
  const navigate = useNavigate();
  const [drawerOpen, drawer] = useDisclosure(false);
  const menus: Array<{ label: string; links: NavLink[] }> = [];
  if (user?.role === 'vendor' || user?.role === 'admin') menus.push({ label: 'Vendor', links: VENDOR_LINKS });
  if (user?.role === 'admin') menus.push({ label: 'Admin', links: ADMIN_LINKS });
  if (user?.role === 'user') menus.push({ label: 'Shop', links: CUSTOMER_LINKS });

  return (
    <AppShell header={{ height: 56 }} footer={{ height: 40 }} padding="md">
      <AppShell.Header bg="teal.8" c="white">
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/Home" c="white" fw={800} fz="lg" underline="never" aria-label={`${BRAND} home`}>
            🛒 {BRAND}
          </Anchor>
          <Group gap={4} wrap="nowrap">
            <SyncIndicator />
            {user?.role === 'user' && (
              <Button component={Link} to="/cart" variant="subtle" color="white" px="xs" aria-label="Cart">
                🧺 <Badge ml={4} size="sm" color="yellow" c="dark">{cartCount}</Badge>
              </Button>
            )}
            <Group gap={0} visibleFrom="sm" wrap="nowrap">
              {menus.map((m) => (
                <LinkMenu key={m.label} {...m} />
              ))}
            </Group>
            {user ? (
              <Menu shadow="md" width={180} position="bottom-end">
                <Menu.Target>
                  <UnstyledButton c="white" px="xs" fw={600} data-testid="user-menu" maw={140} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {user.name} ▾
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => navigate('/profile')}>Profile</Menu.Item>
                  <Menu.Item color="red" onClick={() => void logout()}>
                    Logout
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : (
              <Anchor component={Link} to="/" c="white" fw={600} px="xs">
                Sign In
              </Anchor>
            )}
            {menus.length > 0 && <Burger opened={drawerOpen} onClick={drawer.toggle} color="white" size="sm" hiddenFrom="sm" aria-label="Open menu" />}
          </Group>
        </Group>
      </AppShell.Header>
      <Drawer opened={drawerOpen} onClose={drawer.close} title="Menu" position="right" size="xs">
        <Stack gap="lg">
          {menus.map((m) => (
            <Stack key={m.label} gap={4}>
              <Text fw={700} c="dimmed" size="sm">{m.label}</Text>
              {m.links.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} onClick={drawer.close} py={4}>
                  {l.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </Stack>
      </Drawer>
      <AppShell.Main>
        <Container size="lg" px={0}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
      <AppShell.Footer>
        <Group h="100%" justify="center">
          <Text size="sm" c="dimmed">
            {BRAND} © {new Date().getFullYear()}
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
