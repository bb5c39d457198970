import { Badge } from '@mantine/core';
import type { Role } from '../../../core/roles';
import { useT } from '../../lib/i18n';

const COLORS: Record<Role, string> = { admin: 'red', vendor: 'grape', delivery: 'orange', user: 'blue' };
/** The role's name in the interface language (keys of the admin texts). */
export const ROLE_KEY = { admin: 'roleAdmin', user: 'roleUser', vendor: 'roleVendor', delivery: 'roleDelivery' } as const satisfies Record<
  Role,
  string
>;

export function RoleBadge({ role }: { role: Role }) {
  const t = useT('admin');
  return (
    <Badge color={COLORS[role] ?? 'gray'} variant="light" miw="max-content" styles={{ label: { overflow: 'visible' } }}>
      {ROLE_KEY[role] ? t(ROLE_KEY[role]) : role}
    </Badge>
  );
}
