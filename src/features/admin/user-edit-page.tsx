import { Alert, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isRole, type Role } from '../../../core/roles';
import type { UserDto } from '../../../core/schemas/user';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useSchemaForm } from '../../lib/use-schema-form';
import { changeRole, fetchUser } from './admin-api';
import { PageHeader } from './page-header';
import { ROLE_KEY, RoleBadge } from './role-badge';

const ROLE_OPTIONS = ['admin', 'user', 'vendor', 'delivery'] as const;
const schema = () => import('../../../core/schemas/user').then((m) => m.roleChangeSchema);

export default function UserEditPage() {
  const { id = '' } = useParams();
  const t = useT('admin');
  const msg = useMsg();
  const q = useCachedQuery(`admin:user:${id}`, () => fetchUser(id), { persist: false });
  const user = q.data ?? null;
  const loadError = !user && q.error ? errorMessage(q.error, msg.somethingWrong) : null;

  return (
    <>
      <PageHeader title={t('editUserRole')} />
      {loadError ? (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      ) : !user ? (
        <PageLoader />
      ) : (
        <RoleForm key={user._id} user={user} />
      )}
    </>
  );
}

/** The role options admin, user, vendor, delivery; the request checked with roleChangeSchema. */
function RoleForm({ user }: { user: UserDto }) {
  const navigate = useNavigate();
  const t = useT('admin');
  const msg = useMsg();
  const form = useSchemaForm({ schema, initial: { role: user.role as Role | null } });
  const [saving, setSaving] = useState(false);
  const role = form.values.role;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = await form.validate();
    if (!checked.ok) return;
    setSaving(true);
    try {
      await changeRole(user._id, checked.data.role);
      notifications.show({ message: msg.userRoleUpdated, color: 'green' });
      navigate('/userList');
    } catch (err) {
      if (!form.serverError(err)) notifications.show({ message: errorMessage(err, msg.somethingWrong), color: 'red' });
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="md" maw={480} component="form" onSubmit={submit} noValidate ref={form.formRef}>
      <Stack gap="sm">
        <div>
          <Text fw={700}>{user.name}</Text>
          <Text size="sm" c="dimmed">
            {user.phone}
            {user.email ? ` · ${user.email}` : ''}
          </Text>
          <Group gap={6} mt={4}>
            <Text size="sm">{t('currentRole')}</Text>
            <RoleBadge role={user.role} />
          </Group>
        </div>
        <Select
          label={t('role')}
          data={ROLE_OPTIONS.map((r) => ({ value: r, label: t(ROLE_KEY[r]) }))}
          value={role}
          onChange={(v) => form.set('role', isRole(v) ? v : null)}
          allowDeselect={false}
          required
          comboboxProps={{ withinPortal: true }}
          error={form.error('role')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" component={Link} to="/userList">
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={!role || role === user.role}>
            {t('update')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
