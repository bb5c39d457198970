import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled box of label/value rows, the last one emphasised when `total` is set. */
export function SummaryBox({
  title,
  rows,
  total,
  children,
}: {
  title: string;
  rows: Array<[string, ReactNode]>;
  total?: [string, ReactNode];
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={4}>{title}</Title>
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500} ta="right">
              {value}
            </Text>
          </Group>
        ))}
        {total && (
          <>
            <Divider />
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{total[0]}</Text>
              <Text fw={700} data-testid="summary-total">
                {total[1]}
              </Text>
            </Group>
          </>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
