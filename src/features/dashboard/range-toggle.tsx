import { Group, SegmentedControl, Text, Title } from '@mantine/core';
import { useT } from '../../lib/i18n';

export type RangeDays = 7 | 30;

/** The page title with the 7 / 30 days switch beside it (below it on a phone). */
export function DashboardHeader({ title, days, onDays }: { title: string; days: RangeDays; onDays: (d: RangeDays) => void }) {
  const t = useT('dashboard');
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Title order={2}>{title}</Title>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" id="dashboard-range">
          {t('range')}
        </Text>
        <SegmentedControl
          aria-labelledby="dashboard-range"
          value={String(days)}
          onChange={(v) => onDays(v === '30' ? 30 : 7)}
          data={[
            { value: '7', label: t('days7') },
            { value: '30', label: t('days30') },
          ]}
          data-testid="range-toggle"
        />
      </Group>
    </Group>
  );
}
