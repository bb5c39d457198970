import { Badge } from '@mantine/core';
import type { Role } from '../../../core/roles';

const COLORS: Record<Role, string> = { admin: 'red', vendor: 'grape', delivery: 'orange', user: 'blue' };

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={COLORS[role] ?? 'gray'} variant="light" miw="max-content" styles={{ label: { overflow: 'visible' } }}>
      {role}
    </Badge>
  );
}
