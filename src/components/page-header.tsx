import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * The page title with its main actions on the right (they wrap under it on phones): a link to another
 * page (`link`), or any controls; and a hint under it.
 */
export function PageHeader({
  title,
  hint,
  link,
  mb = 'md',
  children,
}: {
  title: string;
  hint?: string;
  link?: { to: string; label: string; variant?: 'light' | 'subtle' };
  mb?: 0 | 'md';
  children?: ReactNode;
}) {
  return (
    <Stack gap="md" mb={mb}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2}>{title}</Title>
        {(link || children) && (
          <Group gap="xs">
            {link && (
              <Button component={Link} to={link.to} variant={link.variant}>
                {link.label}
              </Button>
            )}
            {children}
          </Group>
        )}
      </Group>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
