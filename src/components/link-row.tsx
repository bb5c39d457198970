import { Card, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A row of a list that opens its record: its name on one line, a dimmed line under it, and its figure on the right. */
export function LinkRow(props: { to: string; label: string; testId: string; title: string; detail: ReactNode; aside: ReactNode }) {
  return (
    <Card component={Link} to={props.to} withBorder radius="md" padding="sm" data-testid={props.testId} aria-label={props.label}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} lineClamp={1}>
            {props.title}
          </Text>
          <Text size="sm" c="dimmed">
            {props.detail}
          </Text>
        </div>
        {props.aside}
      </Group>
    </Card>
  );
}
