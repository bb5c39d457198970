import { Alert, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { isRole, type Role } from '../../../core/roles';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { type AdminUser, changeRole, fetchUser } from './admin-api';
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
  const [user, setUser] = useState<AdminUser | null>(null);
  const [role, setRole] = useState<Role | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    fetchUser(id)
      .then((u) => {
        if (!live) return;
        setUser(u);
        setRole(u.role);
      })
      .catch((err) => live && setLoadError(errorMessage(err, MSG.somethingWrong)));
    return () => {
      live = false;
    };
  }, [id]);

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
              onChange={(v) => setRole(isRole(v) ? v : null)}
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
