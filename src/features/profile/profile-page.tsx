import { Alert, Badge, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import type { Role } from '../../../core/roles';
import { PageLoader } from '../../components/page-loader';
import { useCachedQuery } from '../../lib/use-cached-query';
import { fetchErrorDetail, fetchProfile, formatAddress } from './profile-api';

const ROLE_LABEL: Record<Role, string> = { user: 'Customer', vendor: 'Vendor', admin: 'Admin', delivery: 'Delivery' };

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
  // Loaded again after Update Profile saved; not saved on the device.
  const q = useCachedQuery(`profile:${reload}`, fetchProfile, { persist: false });
  const p = q.data;
  const valid = !!p && typeof p === 'object' && p.name !== undefined;
  const profile = valid ? p : null;
  const error =
    q.error && !profile
      ? `${MSG.profileFetchError} ${fetchErrorDetail(q.error) ?? MSG.unknownError}`
      : q.loading || valid
        ? null
        : MSG.profileLoadError;

  if (error) {
    return (
      <Alert color="red" role="alert" maw={640} mx="auto">
        {error}
      </Alert>
    );
  }
  if (!profile) return <PageLoader />;

  const vendor = profile.role === 'vendor';
  return (
    <Stack maw={720} mx="auto" gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2}>Your Profile</Title>
        <Button component={Link} to="/update-profile">
          Update Profile
        </Button>
      </Group>

      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Field label="Name" testId="profile-name">
            {profile.name}
          </Field>
          <Field label="Email">{profile.email || '-'}</Field>
          <Field label="Phone">{profile.phone}</Field>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Role
            </Text>
            <Badge variant="light" size="lg" mt={2} data-testid="profile-role">
              {ROLE_LABEL[profile.role] ?? profile.role}
            </Badge>
          </div>
        </SimpleGrid>

        {vendor && (
          <>
            <Divider my="md" label="Shop details" labelPosition="left" />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <Field label="GST Number">{profile.gstNumber || '-'}</Field>
              <Field label="Shop Name">{profile.vendorDetails?.shopName || '-'}</Field>
              <Field label="Commission %">{profile.vendorDetails?.commissionPercentage ?? 0}%</Field>
            </SimpleGrid>
          </>
        )}
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Title order={4} mb="sm">
          Addresses
        </Title>
        {profile.addresses.length === 0 ? (
          <Text c="dimmed" size="sm">
            No saved addresses yet.
          </Text>
        ) : (
          <Stack gap="sm">
            {profile.addresses.map((a, i) => (
              <div key={i} data-testid="profile-address">
                <Text style={{ overflowWrap: 'anywhere' }}>{formatAddress(a)}</Text>
                {a.phoneNumber && (
                  <Text size="sm" c="dimmed">
                    Contact: {a.phoneNumber}
                  </Text>
                )}
              </div>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
