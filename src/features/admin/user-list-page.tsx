import { Alert, Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { confirm } from '../../components/confirm';
import { PageLoader } from '../../components/page-loader';
import { ResponsiveTable } from '../../components/responsive-table';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../stores/session';
import { type AdminUser, deleteUser, fetchUsers } from './admin-api';
import { PageHeader } from './page-header';
import { RoleBadge } from './role-badge';

const firstAddress = (u: AdminUser) => {
  const a = u.addresses?.[0];
  if (!a) return '-';
  return [a.address, a.area, a.city, a.pincode].filter(Boolean).join(', ');
};

export default function UserListPage() {
  const me = useSession((s) => s.userInfo?._id);
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [role, setRole] = useState('all');

  const load = useCallback(async () => {
    setError(null);
    try {
      setUsers(await fetchUsers());
    } catch (err) {
      setError(errorMessage(err, 'Failed to load users'));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (users ?? []).filter(
      (u) => (role === 'all' || u.role === role) && (!q || `${u.name} ${u.phone} ${u.email}`.toLowerCase().includes(q)),
    );
  }, [users, query, role]);

  const remove = async (u: AdminUser) => {
    if (!(await confirm(MSG.confirmDeleteUser))) return;
    setBusy(u._id);
    try {
      const res = await deleteUser(u._id);
      setUsers((list) => list?.filter((x) => x._id !== u._id) ?? null);
      notifications.show({ message: res?.message || MSG.userDeleted, color: 'green' });
    } catch (err) {
      notifications.show({ message: errorMessage(err, MSG.somethingWrong), color: 'red' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader title="User Management" />
      {error ? (
        <Alert color="red" role="alert" title={error}>
          <Button variant="light" color="red" size="xs" onClick={() => void load()}>
            Retry
          </Button>
        </Alert>
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
                  <Button size="xs" color="red" variant="light" loading={busy === u._id} onClick={() => void remove(u)} aria-label={`Delete ${u.name}`}>
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
