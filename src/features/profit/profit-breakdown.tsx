import { Stack, Text, Title } from '@mantine/core';
import { formatRupees } from '../../../core/money';
import type { ProfitResponse } from '../../../core/schemas/profit';
import { ResponsiveTable } from '../../components/responsive-table';
import { useT } from '../../lib/i18n';

type Period = ProfitResponse['breakdown']['periods'][number];

/** A period with something in it: the days or months without sales, returns or expenses are left out. */
const active = (p: Period) => p.sales !== 0 || p.returns !== 0 || p.expenses !== 0;

/** The period's figures day by day (a month or less) or month by month, the net profit first on phones. */
export function ProfitBreakdown({ breakdown }: { breakdown: ProfitResponse['breakdown'] }) {
  const t = useT('profit');
  const rows = breakdown.periods.filter(active);
  const money = (pick: (p: Period) => number) => (p: Period) => formatRupees(pick(p));
  return (
    <Stack gap="xs">
      <Title order={4}>{breakdown.by === 'day' ? t('byDay') : t('byMonth')}</Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('nothing')}</Text>
      ) : (
        <ResponsiveTable
          label={breakdown.by === 'day' ? t('byDay') : t('byMonth')}
          rows={rows}
          rowKey={(p) => p.period}
          columns={[
            { key: 'period', header: t('period'), render: (p) => p.period, cardTitle: true, nowrap: true },
            { key: 'netSales', header: t('netSales'), render: money((p) => p.netSales), nowrap: true },
            { key: 'cogs', header: t('cogs'), render: money((p) => p.cogs), nowrap: true },
            { key: 'gross', header: t('grossProfit'), render: money((p) => p.grossProfit), nowrap: true },
            { key: 'expenses', header: t('expenses'), render: money((p) => p.expenses), nowrap: true },
            { key: 'net', header: t('netProfit'), render: money((p) => p.netProfit), nowrap: true },
          ]}
        />
      )}
    </Stack>
  );
}
