import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { ScrollCue } from '../../components/scroll-cue';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryView } from '../../components/query-view';
import { ResponsiveTable } from '../../components/responsive-table';
import { useDeletableList } from '../../components/use-deletable-list';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useSession } from '../../stores/session';
import type { UserDto } from '../../../core/schemas/user';
import { deleteUser, fetchUsers } from './admin-api';
import { PageHeader } from '../../components/page-header';
import { RoleBadge } from './role-badge';

const firstAddress = (u: UserDto) => {
  const a = u.addresses?.[0];
  if (!a) return '-';
  return [a.address, a.area, a.city, a.pincode].filter(Boolean).join(', ');
};

export default function UserListPage() {
  const me = useSession((s) => s.userInfo?._id);
  const t = useT('admin');
  const msg = useMsg();
  const {
    query: users,
    busy,
    remove,
  } = useDeletableList<UserDto>({
    name: 'admin:users',
    fetch: fetchUsers,
    remove: deleteUser,
    confirmText: msg.confirmDeleteUser,
    deleted: msg.userDeleted,
    deleteFailed: msg.somethingWrong,
    useServerMessage: true,
  });
  const [query, setQuery] = useState('');
  const [role, setRole] = useState('all');

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (users.data ?? []).filter(
      (u) => (role === 'all' || u.role === role) && (!q || `${u.name} ${u.phone} ${u.email}`.toLowerCase().includes(q)),
    );
  }, [users.data, query, role]);

  return (
    <>
      <PageHeader title={t('userManagement')} />
      <QueryView query={users} failed={t('usersLoadFailed')}>
        {() => (
          <>
            <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label={t('search')}
                placeholder={t('searchUsersPlaceholder')}
                value={query}
                onChange={(e) => setQuery(e.currentTarget.value)}
                style={{ flex: '1 1 220px' }}
              />
              {/* five roles do not fit a phone's width in Tamil: the row scrolls, its hidden end faded */}
              <ScrollCue style={{ flex: '1 1 320px', minWidth: 0 }} testId="role-tabs">
                <SegmentedControl
                  value={role}
                  onChange={setRole}
                  aria-label={t('roleFilter')}
                  data={[
                    { label: t('all'), value: 'all' },
                    { label: t('filterAdmin'), value: 'admin' },
                    { label: t('filterUser'), value: 'user' },
                    { label: t('filterVendor'), value: 'vendor' },
                    { label: t('filterDelivery'), value: 'delivery' },
                  ]}
                  fullWidth
                />
              </ScrollCue>
            </Group>
            {shown.length === 0 ? (
              <Text c="dimmed">{t('noUsers')}</Text>
            ) : (
              <ResponsiveTable
                label={t('users')}
                rows={shown}
                rowKey={(u) => u._id}
                columns={[
                  { key: 'name', header: t('name'), cardTitle: true, render: (u) => (u._id === me ? t('you', { name: u.name }) : u.name) },
                  { key: 'email', header: t('email'), render: (u) => u.email || '-' },
                  { key: 'role', header: t('role'), nowrap: true, render: (u) => <RoleBadge role={u.role} /> },
                  { key: 'phone', header: t('phone'), nowrap: true, render: (u) => u.phone },
                  { key: 'address', header: t('address'), render: firstAddress },
                ]}
                actions={(u) => (
                  <>
                    <Button
                      size="xs"
                      variant="light"
                      component={Link}
                      to={`/admin/user/${u._id}/edit`}
                      aria-label={t('editNamed', { name: u.name })}
                    >
                      {t('edit')}
                    </Button>
                    {/* no Delete on the admin's own row: signing themselves out of existence is never what they meant */}
                    {u._id !== me && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={busy === u._id}
                        onClick={() => void remove(u)}
                        aria-label={t('deleteNamed', { name: u.name })}
                      >
                        {t('delete')}
                      </Button>
                    )}
                  </>
                )}
              />
            )}
          </>
        )}
      </QueryView>
    </>
  );
}
