import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

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
