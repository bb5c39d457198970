import { Divider, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatRupees } from '../../core/money';

/** An amount taken off a total, "−₹20.00", or "₹0.00" when nothing was. */
export const takenOff = (rupees: number) => (rupees > 0 ? `−${formatRupees(rupees)}` : formatRupees(0));

/** A label/value row of a money summary (cart, order), with an optional note under the label ("already taken off the prices"). */
export function SummaryLine({ label, value, note, strong }: { label: string; value: ReactNode; note?: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <div>
        <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
          {label}
        </Text>
        {note && (
          <Text size="xs" c="dimmed" fs="italic">
            {note}
          </Text>
        )}
      </div>
      <Text size="sm" fw={strong ? 700 : 500} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** One row of a summary: label, value and an optional note under the label. */
export type SummaryRow = [label: string, value: ReactNode, note?: string];

/** A titled box of label/value rows, then the total emphasised when `total` is set, then what follows it (the action). */
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

/** A page's main column and its money summary: side by side on a wide screen, the summary under it on a phone. */
export function WithSummary({ children: [main, summary] }: { children: [ReactNode, ReactNode] }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>{main}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>{summary}</Grid.Col>
    </Grid>
  );
}
