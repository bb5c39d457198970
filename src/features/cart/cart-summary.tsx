import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SummaryLine } from '../../components/summary-line';

/** One row of a summary: label, value and an optional note under the label ("already taken off the prices"). */
export type SummaryRow = [label: string, value: ReactNode, note?: string];

/** A titled box of label/value rows, the last one emphasised when `total` is set. */
export function SummaryBox({
  title,
  rows,
  total,
  children,
}: {
  title: string;
  rows: SummaryRow[];
  total?: [string, ReactNode];
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={4}>{title}</Title>
        {rows.map(([label, value, note]) => (
          <SummaryLine key={label} label={label} value={value} note={note} />
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
