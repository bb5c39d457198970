import { Group, Radio, Stack, Text } from '@mantine/core';
import { STAFF_ROLES, type StaffRole } from '../../../core/roles';
import { useT } from '../../lib/i18n';

/** Each staff role's name and what it may do (core/permissions.ts), as the owner chooses one. */
export const ROLE_TEXT = {
  manager: ['roleManager', 'roleManagerHint'],
  cashier: ['roleCashier', 'roleCashierHint'],
  stock: ['roleStock', 'roleStockHint'],
} as const satisfies Record<StaffRole, readonly [string, string]>;

/** The role as a card per choice, each saying what that person will be able to do. */
export function RoleChoice({
  value,
  onChange,
  error,
}: {
  value: StaffRole | null;
  onChange: (role: StaffRole) => void;
  error?: React.ReactNode;
}) {
  const t = useT('staff');
  return (
    <Radio.Group label={t('role')} required value={value} onChange={(v) => onChange(v as StaffRole)} error={error}>
      <Stack gap="xs" mt={6}>
        {STAFF_ROLES.map((role) => (
          <Radio.Card key={role} value={role} radius="md" p="sm" aria-label={t(ROLE_TEXT[role][0])} data-testid={`role-${role}`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <div style={{ minWidth: 0 }}>
                <Text fw={700} size="sm">
                  {t(ROLE_TEXT[role][0])}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(ROLE_TEXT[role][1])}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
