import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The page title with its main action on the right (wraps under it on phones). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="md" gap="sm">
      <Title order={2}>{title}</Title>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}
