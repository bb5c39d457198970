import { Badge, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { UserDto } from '../../../core/schemas/user';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { ROLE_KEYS } from '../../lib/role-keys';
import { useT } from '../../lib/i18n';
import { can } from '../../lib/can';
import { type CachedQuery, useCachedQuery } from '../../data/use-cached-query';
import { fetchProfile, formatAddress } from './profile-api';
import { ProfileView } from './profile-view';

// a shop person's PIN form loads when they open it
const TillPinDialog = lazy(() => import('./till-pin-dialog'));
// the shop's scale labels (the owner and a manager) load beside the page
const ScaleLabelsCard = lazy(() => import('./scale-labels-card'));
// the owner's payment provider (the keys only the owner sets) loads beside the page
const PaymentProviderCard = lazy(() => import('./payment-provider-card'));
// the shop's books for Tally (the owner and managers) load beside the page
const TallyCard = lazy(() => import('./tally-card'));
// the shop's loyalty points (the owner sets them) load beside the page
const LoyaltyCard = lazy(() => import('./loyalty-card'));

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

export default function ProfilePage() {
  const location = useLocation();
  const reload = (location.state as { reload?: boolean } | null)?.reload ? location.key : 'first';
  // Saved on the device for reading offline (per signed-in user), and loaded again after Update Profile saved.
  const q = useCachedQuery('profile', fetchProfile);
  const { refresh } = q;
  const firstReload = useRef(reload);
  useEffect(() => {
    if (reload !== firstReload.current) refresh();
  }, [reload, refresh]);

  return (
    <Stack maw={720} mx="auto" gap="md">
      <ProfileView query={q}>{(profile) => <Profile profile={profile} q={q} />}</ProfileView>
    </Stack>
  );
}

function Profile({ profile, q }: { profile: UserDto; q: CachedQuery<UserDto> }) {
  const t = useT('profile');
  const vendor = can(profile, 'ownShop');
  const [pinOpen, setPinOpen] = useState(false);
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={2}>{t('yourProfile')}</Title>
          <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
        </Group>
        <Button component={Link} to="/update-profile">
          {t('updateProfile')}
        </Button>
      </Group>

      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Field label={t('name')} testId="profile-name">
            {profile.name}
          </Field>
          <Field label={t('email')}>{profile.email || '-'}</Field>
          <Field label={t('phone')}>{profile.phone}</Field>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('role')}
            </Text>
            <Badge variant="light" size="lg" mt={2} data-testid="profile-role">
              {ROLE_KEYS[profile.role] ? t(ROLE_KEYS[profile.role]) : profile.role}
            </Badge>
          </div>
        </SimpleGrid>

        {vendor && (
          <>
            <Divider my="md" label={t('shopDetails')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <Field label={t('gstNumber')}>{profile.gstNumber || '-'}</Field>
              <Field label={t('shopName')}>{profile.vendorDetails?.shopName || '-'}</Field>
              <Field label={t('commission')}>{profile.vendorDetails?.commissionPercentage ?? 0}%</Field>
            </SimpleGrid>
          </>
        )}
      </Card>

      {can(profile, 'team') && (
        <Card withBorder radius="lg" padding="lg" data-testid="till-pin-card">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div style={{ flex: '1 1 240px', minWidth: 0 }}>
              <Title order={4}>{t('tillPin')}</Title>
              <Text size="sm" c="dimmed" mt={4}>
                {t('tillPinHint')}
              </Text>
            </div>
            <Button variant="light" mih={44} onClick={() => setPinOpen(true)} data-testid="set-pin">
              {t('setPin')}
            </Button>
          </Group>
          {pinOpen && (
            <Suspense fallback={null}>
              <TillPinDialog onClose={() => setPinOpen(false)} />
            </Suspense>
          )}
        </Card>
      )}

      {/* an admin sells for any shop: the layout is each shop's own */}
      {can(profile, 'setUpScaleLabels') && !can(profile, 'administer') && (
        <Suspense fallback={null}>
          <ScaleLabelsCard />
        </Suspense>
      )}

      {/* an admin names the shop: the settings are each owner's own */}
      {can(profile, 'manageStaff') && !can(profile, 'administer') && (
        <Suspense fallback={null}>
          <PaymentProviderCard />
        </Suspense>
      )}

      {can(profile, 'keepBooks') && (
        <Suspense fallback={null}>
          <TallyCard />
        </Suspense>
      )}

      {can(profile, 'setLoyalty') && (
        <Suspense fallback={null}>
          <LoyaltyCard />
        </Suspense>
      )}

      <Card withBorder radius="lg" padding="lg">
        <Title order={4} mb="sm">
          {t('addresses')}
        </Title>
        {profile.addresses.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('noAddressesYet')}
          </Text>
        ) : (
          <Stack gap="sm">
            {profile.addresses.map((a, i) => (
              <div key={i} data-testid="profile-address">
                <Text style={{ overflowWrap: 'anywhere' }}>{formatAddress(a)}</Text>
                {a.phoneNumber && (
                  <Text size="sm" c="dimmed">
                    {t('contact', { phone: a.phoneNumber })}
                  </Text>
                )}
              </div>
            ))}
          </Stack>
        )}
      </Card>
    </>
  );
}
