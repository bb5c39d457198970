import { Alert, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { isRole, type Role } from '../../../core/roles';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { useCachedQuery } from '../../lib/use-cached-query';
import { changeRole, fetchUser } from './admin-api';
import { PageHeader } from './page-header';
import { RoleBadge } from './role-badge';

const ROLE_OPTIONS = [
  { value: 'admin', label: 'admin' },
  { value: 'user', label: 'user' },
  { value: 'vendor', label: 'vendor' },
  { value: 'delivery', label: 'delivery' },
];

export default function UserEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useCachedQuery(`admin:user:${id}`, () => fetchUser(id), { persist: false });
  const user = q.data ?? null;
  const loadError = !user && q.error ? errorMessage(q.error, MSG.somethingWrong) : null;
  // the role chosen here; until then the user's own
  const [picked, setPicked] = useState<Role | null | undefined>(undefined);
  const role = picked === undefined ? (user?.role ?? null) : picked;
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!role) return;
    setSaving(true);
    try {
      await changeRole(id, role);
      notifications.show({ message: MSG.userRoleUpdated, color: 'green' });
      navigate('/userList');
    } catch (err) {
      notifications.show({ message: errorMessage(err, MSG.somethingWrong), color: 'red' });
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title="Edit User Role" />
      {loadError ? (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      ) : !user ? (
        <PageLoader />
      ) : (
        <Card withBorder radius="lg" padding="md" maw={480} component="form" onSubmit={submit}>
          <Stack gap="sm">
            <div>
              <Text fw={700}>{user.name}</Text>
              <Text size="sm" c="dimmed">
                {user.phone}
                {user.email ? ` · ${user.email}` : ''}
              </Text>
              <Group gap={6} mt={4}>
                <Text size="sm">Current role:</Text>
                <RoleBadge role={user.role} />
              </Group>
            </div>
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              value={role}
              onChange={(v) => setPicked(isRole(v) ? v : null)}
              allowDeselect={false}
              required
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" component={Link} to="/userList">
                Cancel
              </Button>
              <Button type="submit" loading={saving} disabled={!role || role === user.role}>
                Update
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </>
  );
}
