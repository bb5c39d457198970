import { Badge } from '@mantine/core';
import type { Role } from '../../../core/roles';
import { useT } from '../../lib/i18n';
import { ROLE_KEYS } from '../../lib/role-keys';

const COLORS: Record<Role, string> = {
  admin: 'red',
  vendor: 'grape',
  delivery: 'orange',
  user: 'blue',
  manager: 'teal',
  cashier: 'cyan',
  stock: 'lime',
};

export function RoleBadge({ role }: { role: Role }) {
  const t = useT('admin');
  return (
    <Badge color={COLORS[role] ?? 'gray'} variant="light" miw="max-content" styles={{ label: { overflow: 'visible' } }}>
      {ROLE_KEYS[role] ? t(ROLE_KEYS[role]) : role}
    </Badge>
  );
}
