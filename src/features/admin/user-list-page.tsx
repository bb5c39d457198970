import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { PageLoader } from '../../components/page-loader';
import { ResponsiveTable } from '../../components/responsive-table';
import { RetryAlert } from '../../components/retry-alert';
import { useDeletableList } from '../../components/use-deletable-list';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../stores/session';
import type { UserDto } from '../../../core/schemas/user';
import { deleteUser, fetchUsers } from './admin-api';
import { PageHeader } from './page-header';
import { RoleBadge } from './role-badge';

const firstAddress = (u: UserDto) => {
  const a = u.addresses?.[0];
  if (!a) return '-';
  return [a.address, a.area, a.city, a.pincode].filter(Boolean).join(', ');
};

const usersLoadError = (err: unknown) => errorMessage(err, 'Failed to load users');

export default function UserListPage() {
  const me = useSession((s) => s.userInfo?._id);
  const {
    items: users,
    error,
    busy,
    load,
    remove,
  } = useDeletableList<UserDto>({
    name: 'admin:users',
    fetch: fetchUsers,
    loadError: usersLoadError,
    remove: deleteUser,
    confirmText: MSG.confirmDeleteUser,
    deleted: MSG.userDeleted,
    deleteFailed: MSG.somethingWrong,
    useServerMessage: true,
  });
  const [query, setQuery] = useState('');
  const [role, setRole] = useState('all');

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (users ?? []).filter(
      (u) => (role === 'all' || u.role === role) && (!q || `${u.name} ${u.phone} ${u.email}`.toLowerCase().includes(q)),
    );
  }, [users, query, role]);

  return (
    <>
      <PageHeader title="User Management" />
      {error ? (
        <RetryAlert title={error} onRetry={load} />
      ) : !users ? (
        <PageLoader />
      ) : (
        <>
          <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Name, phone or email"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
            />
            <SegmentedControl
              value={role}
              onChange={setRole}
              aria-label="Role filter"
              data={[
                { label: 'All', value: 'all' },
                { label: 'Admin', value: 'admin' },
                { label: 'User', value: 'user' },
                { label: 'Vendor', value: 'vendor' },
                { label: 'Delivery', value: 'delivery' },
              ]}
              style={{ flex: '1 1 320px' }}
            />
          </Group>
          {shown.length === 0 ? (
            <Text c="dimmed">No users found.</Text>
          ) : (
            <ResponsiveTable
              label="Users"
              rows={shown}
              rowKey={(u) => u._id}
              columns={[
                { key: 'name', header: 'Name', cardTitle: true, render: (u) => (u._id === me ? `${u.name} (you)` : u.name) },
                { key: 'email', header: 'Email', render: (u) => u.email || '-' },
                { key: 'role', header: 'Role', nowrap: true, render: (u) => <RoleBadge role={u.role} /> },
                { key: 'phone', header: 'Phone', nowrap: true, render: (u) => u.phone },
                { key: 'address', header: 'Address', render: firstAddress },
              ]}
              actions={(u) => (
                <>
                  <Button size="xs" variant="light" component={Link} to={`/admin/user/${u._id}/edit`} aria-label={`Edit ${u.name}`}>
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    loading={busy === u._id}
                    onClick={() => void remove(u)}
                    aria-label={`Delete ${u.name}`}
                  >
                    Delete
                  </Button>
                </>
              )}
            />
          )}
        </>
      )}
    </>
  );
}
