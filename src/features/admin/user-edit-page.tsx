import { Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router-dom';
import { isRole, type Role } from '../../../core/roles';
import type { UserDto } from '../../../core/schemas/user';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { toastError } from '../../lib/toast-error';
import { useCachedQuery } from '../../data/use-cached-query';
import { useSchemaForm } from '../../lib/use-schema-form';
import { changeRole, fetchUser } from './admin-api';
import { EditPage } from './edit-page';
import { FormCard } from './form-card';
import { ROLE_KEYS } from '../../lib/role-keys';
import { RoleBadge } from './role-badge';

const ROLE_OPTIONS = ['admin', 'user', 'vendor', 'delivery'] as const;
const schema = () => import('../../../core/schemas/user').then((m) => m.roleChangeSchema);

export default function UserEditPage() {
  const { id = '' } = useParams();
  const t = useT('admin');
  const msg = useMsg();
  const q = useCachedQuery(`admin:user:${id}`, () => fetchUser(id), { persist: false });
  return (
    <EditPage title={t('editUserRole')} query={q} failed={msg.somethingWrong}>
      {(user) => <RoleForm key={user._id} user={user} />}
    </EditPage>
  );
}

/** The role options admin, user, vendor, delivery; the request checked with roleChangeSchema. */
function RoleForm({ user }: { user: UserDto }) {
  const navigate = useNavigate();
  const t = useT('admin');
  const msg = useMsg();
  const form = useSchemaForm({ schema, initial: { role: user.role as Role | null } });
  const role = form.values.role;
  const save = async ({ role }: { role: Role }) => {
    await changeRole(user._id, role);
    notifications.show({ message: msg.userRoleUpdated, color: 'green' });
    navigate('/userList');
  };

  return (
    <FormCard
      form={form}
      onSubmit={form.submit(save, toastError(msg.somethingWrong))}
      cancelTo="/userList"
      submitLabel={t('update')}
      submitDisabled={!role || role === user.role}
      maw={480}
    >
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
        data={ROLE_OPTIONS.map((r) => ({ value: r, label: t(ROLE_KEYS[r]) }))}
        value={role}
        onChange={(v) => form.set('role', isRole(v) ? v : null)}
        allowDeselect={false}
        required
        comboboxProps={{ withinPortal: true }}
        error={form.error('role')}
      />
    </FormCard>
  );
}
