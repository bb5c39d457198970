import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OutboxItem } from '../../offline/db';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';

/** An India day (YYYY-MM-DD) as "29 Nov 2026" in the interface language. */
export function useDayText(): (day: string) => string {
  const f = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (day) => f.format(new Date(`${day}T00:00:00Z`));
}

/** A write still on this device: what it is, and "Waiting to sync" or, refused, "Needs attention" with the reason. */
export function QueuedCard({ item, title, testId }: { item: OutboxItem; title: ReactNode; testId: string }) {
  const t = useT('books');
  const failed = item.status === 'failed';
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{title}</Text>
        <Badge color={failed ? 'red' : 'yellow'} c={failed ? undefined : 'dark'} variant={failed ? 'light' : 'filled'}>
          {failed ? t('needsAttention') : t('waiting')}
        </Badge>
      </Group>
      <Text size="sm" c={failed ? 'red.8' : 'dimmed'}>
        {failed ? (item.lastError ?? t('refusedNote')) : t('waitingNote')}
      </Text>
    </Card>
  );
}

/** How money was paid: one button per method, the chosen one pressed (44 px high). */
export function MethodButtons<M extends 'cash' | 'upi' | 'card' | 'bank'>(props: {
  methods: readonly M[];
  value: M;
  onChange: (m: M) => void;
}) {
  const t = useT('books');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="books-method">
        {t('method')}
      </Text>
      <Group gap={4} role="group" aria-labelledby="books-method">
        {props.methods.map((m) => (
          <Button
            key={m}
            mih={44}
            variant={props.value === m ? 'filled' : 'default'}
            aria-pressed={props.value === m}
            onClick={() => props.onChange(m)}
          >
            {t(`method_${m}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
