import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import type { AdminSummary } from '../../../core/schemas/dashboard';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { FigureChart } from './chart';
import { COLORS } from './colors';
import { fetchAdminSummary } from './dashboard-api';
import { ChartCard, KpiCard } from './chart-card';
import { HeatMap } from './heat-map';
import { DashboardShell } from './dashboard-shell';
import type { RangeDays } from './range-toggle';
import { type DashboardFormat, useDashboardFormat } from './use-dashboard-format';

type Row = { key: string; name: string; orders: number; value: number };

/** Orders and value of a breakdown (vendors or areas): bars of the value and the table of both. */
function Breakdown({ title, head, rows, testId, f }: { title: string; head: string; rows: Row[]; testId: string; f: DashboardFormat }) {
  const t = useT('dashboard');
  return (
    <ChartCard
      title={title}
      testId={testId}
      table={{
        headers: [head, t('orders'), t('value')],
        rows: rows.map((r) => ({ key: r.key, cells: [r.name, f.count(r.orders), f.money(r.value)] })),
        total: [t('total'), f.count(rows.reduce((a, r) => a + r.orders, 0)), f.money(rows.reduce((a, r) => a + r.value, 0))],
      }}
      empty={rows.length === 0 && t('nothing')}
    >
      <FigureChart
        kind="bar"
        horizontal
        height={Math.max(140, 34 * rows.length + 40)}
        labels={rows.map((r) => r.name)}
        series={[{ label: t('value'), data: rows.map((r) => r.value), color: COLORS.orders }]}
        format={f.axisMoney}
      />
    </ChartCard>
  );
}

function Figures({ s, f }: { s: AdminSummary; f: DashboardFormat }) {
  const t = useT('dashboard');
  return (
    <>
      <SimpleGrid cols={2} spacing="sm" maw={560}>
        <KpiCard label={t('orders')} value={f.count(s.totals.orders)} testId="kpi-orders" />
        <KpiCard label={t('value')} value={f.money(s.totals.value)} testId="kpi-value" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {[
          {
            title: t('byVendor'),
            head: t('vendor'),
            testId: 'chart-by-vendor',
            rows: s.byVendor.map((v) => ({ ...v, key: v.vendorId, name: v.shopName })),
          },
          {
            title: t('byArea'),
            head: t('area'),
            testId: 'chart-by-area',
            rows: s.byArea.map((a) => ({ ...a, key: a.area, name: a.area })),
          },
        ].map((b) => (
          <Breakdown key={b.testId} {...b} f={f} />
        ))}
      </SimpleGrid>
      <HeatMap grid={s.heatmap} f={f} />
    </>
  );
}

/** /admin/dashboard: the marketplace's orders by vendor, by area and by the hour of the week; readable offline with when they were saved. */
export default function AdminDashboardPage() {
  const t = useT('dashboard');
  const f = useDashboardFormat();
  const [days, setDays] = useState<RangeDays>(7);
  const q = useCachedQuery(`dashboard:admin:${days}`, () => fetchAdminSummary(days), { keepPrevious: true });
  return (
    <DashboardShell title={t('adminTitle')} days={days} onDays={setDays} query={q} empty={q.data?.totals.orders === 0 && t('nothing')}>
      {(s) => <Figures s={s} f={f} />}
    </DashboardShell>
  );
}
