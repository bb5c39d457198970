import { Anchor, Button, Card, Group, Progress, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { VendorSummary } from '../../../core/schemas/dashboard';
import { useT } from '../../lib/i18n';
import { useCan } from '../../stores/use-can';
import { useUnitText } from '../../lib/unit-text';
import { useCachedQuery } from '../../data/use-cached-query';
import { FigureChart } from './chart';
import { COLORS } from './colors';
import { PersonSelect, useShopOwner } from '../../components/person-select';
import { fetchVendors, fetchVendorSummary } from './dashboard-api';
import { ChartCard, KpiCard } from './chart-card';
import { DashboardShell } from './dashboard-shell';
import type { RangeDays } from './range-toggle';
import { type DashboardFormat, useDashboardFormat } from './use-dashboard-format';

const PAY = ['cash', 'upi', 'card', 'credit', 'unpaid'] as const;

/** The hours worth drawing: 6:00 to 22:00, widened to any hour that sold. */
function hourWindow(byHour: VendorSummary['byHour']) {
  const sold = byHour.filter((h) => h.sales > 0 || h.net !== 0).map((h) => h.hour);
  const first = Math.min(6, ...sold);
  const last = Math.max(22, ...sold);
  return byHour.filter((h) => h.hour >= first && h.hour <= last);
}

/** The colour of a series beside its name (the name says it; the colour only matches the chart). */
const Swatch = ({ color }: { color: string }) => (
  <span
    aria-hidden="true"
    style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: color, marginInlineEnd: 6 }}
  />
);

function Headline({ s, f }: { s: VendorSummary; f: DashboardFormat }) {
  const t = useT('dashboard');
  const { counter, delivery } = s.totals;
  const both = counter.net + delivery.net;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <KpiCard
        label={t('netSales')}
        value={f.money(s.totals.net)}
        note={s.totals.refunds > 0 ? t('afterRefunds', { amount: f.money(s.totals.netAfterRefunds) }) : undefined}
        testId="kpi-net"
      />
      <KpiCard
        label={t('orders')}
        value={f.count(counter.count + delivery.count)}
        note={t('ordersSplit', { counter: f.count(counter.count), delivery: f.count(delivery.count) })}
        testId="kpi-orders"
      />
      <Card withBorder radius="md" padding="sm" data-testid="kpi-channels">
        <Text size="sm" c="dimmed">
          {t('counterVsDelivery')}
        </Text>
        <Progress.Root size="lg" my={6} aria-hidden="true">
          <Progress.Section value={both > 0 ? (counter.net / both) * 100 : 0} color={COLORS.counter} />
          <Progress.Section value={both > 0 ? (delivery.net / both) * 100 : 0} color={COLORS.delivery} />
        </Progress.Root>
        <Text size="xs">
          <Swatch color={COLORS.counter} />
          {t('counter')} {f.money(counter.net)}
        </Text>
        <Text size="xs">
          <Swatch color={COLORS.delivery} />
          {t('delivery')} {f.money(delivery.net)}
        </Text>
      </Card>
      <KpiCard label={t('refunds')} value={f.money(s.totals.refunds)} testId="kpi-refunds" />
    </SimpleGrid>
  );
}

function SalesCharts({ s, f }: { s: VendorSummary; f: DashboardFormat }) {
  const t = useT('dashboard');
  const hours = hourWindow(s.byHour);
  const sum = <K extends 'counter' | 'delivery' | 'net' | 'refunds' | 'sales'>(k: K) => s.byDay.reduce((a, d) => a + d[k], 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        title={t('salesByDay')}
        testId="chart-by-day"
        table={{
          headers: [t('day'), t('counter'), t('delivery'), t('net'), t('refunds'), t('bills')],
          rows: s.byDay.map((d) => ({
            key: d.date,
            cells: [f.day(d.date), f.money(d.counter), f.money(d.delivery), f.money(d.net), f.money(d.refunds), f.count(d.sales)],
          })),
          total: [
            t('total'),
            f.money(sum('counter')),
            f.money(sum('delivery')),
            f.money(sum('net')),
            f.money(sum('refunds')),
            f.count(sum('sales')),
          ],
        }}
      >
        <FigureChart
          kind="bar"
          stacked
          height={240}
          labels={s.byDay.map((d) => f.day(d.date))}
          series={[
            { label: t('counter'), data: s.byDay.map((d) => d.counter), color: COLORS.counter },
            { label: t('delivery'), data: s.byDay.map((d) => d.delivery), color: COLORS.delivery },
          ]}
          format={f.axisMoney}
        />
      </ChartCard>
      <ChartCard
        title={t('todayByHour')}
        testId="chart-by-hour"
        table={{
          headers: [t('hour'), t('bills'), t('net')],
          rows: s.byHour
            .filter((h) => h.sales > 0)
            .map((h) => ({ key: String(h.hour), cells: [f.hour(h.hour), f.count(h.sales), f.money(h.net)] })),
          total: [t('total'), f.count(s.byHour.reduce((a, h) => a + h.sales, 0)), f.money(s.byHour.reduce((a, h) => a + h.net, 0))],
        }}
      >
        {s.byHour.every((h) => h.sales === 0) && (
          <Text size="sm" c="dimmed" mb="xs">
            {t('noSalesToday')}
          </Text>
        )}
        <FigureChart
          kind="bar"
          height={240}
          labels={hours.map((h) => String(h.hour))}
          series={[{ label: t('net'), data: hours.map((h) => h.net), color: COLORS.net }]}
          format={f.axisMoney}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

function MixCharts({ s, f }: { s: VendorSummary; f: DashboardFormat }) {
  const t = useT('dashboard');
  const u = useUnitText();
  const name = (p: { name: string; nameTa: string }) => (f.lang === 'ta' && p.nameTa ? p.nameTa : p.name);
  const paid = PAY.filter((m) => s.payments[m] !== 0 || s.paymentCounts[m] !== 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        title={t('paymentMix')}
        testId="chart-payments"
        table={{
          headers: [t('method'), t('amount'), t('count')],
          rows: PAY.map((m) => ({ key: m, cells: [t(m), f.money(s.payments[m]), f.count(s.paymentCounts[m])] })),
          total: [
            t('total'),
            f.money(PAY.reduce((a, m) => a + s.payments[m], 0)),
            f.count(PAY.reduce((a, m) => a + s.paymentCounts[m], 0)),
          ],
        }}
        empty={paid.length === 0 && t('noSales')}
      >
        <FigureChart
          kind="doughnut"
          height={240}
          labels={paid.map((m) => t(m))}
          series={[{ label: t('amount'), data: paid.map((m) => s.payments[m]), color: paid.map((m) => COLORS[m]) }]}
          format={f.money}
        />
      </ChartCard>
      <ChartCard
        title={t('topProducts')}
        testId="chart-top-products"
        table={{
          headers: [t('product'), t('quantity'), t('net')],
          rows: s.topProducts.map((p, i) => ({
            key: `${p.productId ?? p.name}-${i}`,
            cells: [name(p), u.quantity(Number(p.quantity), p.unit), f.money(p.net)],
          })),
        }}
        empty={s.topProducts.length === 0 && t('noSales')}
      >
        <FigureChart
          kind="bar"
          horizontal
          height={Math.max(140, 40 * s.topProducts.length + 40)}
          labels={s.topProducts.map((p) => name(p))}
          series={[{ label: t('net'), data: s.topProducts.map((p) => p.net), color: COLORS.product }]}
          format={f.axisMoney}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

function ShopCards({ s, f }: { s: VendorSummary; f: DashboardFormat }) {
  const t = useT('dashboard');
  const u = useUnitText();
  const m = s.margin;
  return (
    <SimpleGrid cols={{ base: 1, md: s.dues ? 3 : 2 }} spacing="md">
      <Card withBorder radius="md" padding="md" data-testid="margin-card">
        <Title order={3} size="h4">
          {t('margin')}
        </Title>
        {m.linesWithCost === 0 ? (
          <Text size="sm" c="dimmed" mt="xs">
            {t('marginNone')}
          </Text>
        ) : (
          <>
            <Text fw={800} fz={24} mt={4} data-testid="margin-value">
              {f.money(m.margin)}
            </Text>
            {m.percent !== null && <Text size="sm">{t('marginOf', { percent: f.percent(m.percent), revenue: f.money(m.revenue) })}</Text>}
            <Text size="sm" c="dimmed">
              {t('marginCost', { cost: f.money(m.cost) })}
            </Text>
          </>
        )}
        {m.linesWithoutCost > 0 && (
          <Text size="xs" c="orange.8" mt="xs" data-testid="margin-no-cost">
            {t('noCost', { n: f.count(m.linesWithoutCost) })}
          </Text>
        )}
      </Card>
      {s.dues && (
        <Card withBorder radius="md" padding="md" data-testid="dues-card">
          <Title order={3} size="h4">
            {t('dues')}
          </Title>
          <Text fw={800} fz={24} mt={4}>
            {f.money(s.dues.outstanding)}
          </Text>
          <Text size="sm">{t('duesCustomers', { n: f.count(s.dues.customers) })}</Text>
          {s.dues.overdue > 0 && (
            <Text size="sm" c="red.8">
              {t('duesOverdue', { amount: f.money(s.dues.overdue) })}
            </Text>
          )}
          <Button component={Link} to="/customers/dues" variant="light" mt="sm" size="sm">
            {t('seeDues')}
          </Button>
        </Card>
      )}
      <Card withBorder radius="md" padding="md" data-testid="low-stock-card">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {t('lowStock')}
          </Title>
          <Anchor component={Link} to="/reorder" size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {t('openReorder')}
          </Anchor>
        </Group>
        {s.lowStock.length === 0 ? (
          <Text size="sm" c="dimmed" mt="xs">
            {t('lowStockNone')}
          </Text>
        ) : (
          <Stack gap={6} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {s.lowStock.map((p) => (
              <li key={p.productId}>
                <Text size="sm" fw={600}>
                  {f.lang === 'ta' && p.nameTa ? p.nameTa : p.name}
                </Text>
                <Text size="xs" c={Number(p.inStock) <= 0 ? 'red.8' : 'dimmed'}>
                  {t('stockOf', { stock: u.quantity(Number(p.inStock), p.unit), level: u.quantity(Number(p.reorderLevel), p.unit) })}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Card>
    </SimpleGrid>
  );
}

/** /dashboard: the owner's week (or month) at a glance; the figures stay readable offline, with when they were saved. */
export default function VendorDashboardPage() {
  const t = useT('dashboard');
  const f = useDashboardFormat();
  const [days, setDays] = useState<RangeDays>(7);
  const isAdmin = useCan('administer');
  // an admin looks at one vendor's week at a time
  const [vendorId, setVendorId] = useState<string | null>(null);
  const vendorsQ = useCachedQuery(isAdmin ? 'dashboard:vendors' : null, fetchVendors, { persist: false });
  // the owner and a manager may read one person's figures: the owner's own, or a staff member's
  const byPerson = useCan('seeStaff') && !isAdmin;
  const [staffId, setStaffId] = useState<string | null>(null);
  // everyone's figures keep the name they are saved under; one person's are saved apart
  const name = isAdmin && !vendorId ? null : `dashboard:vendor:${vendorId ?? 'own'}:${days}${staffId ? `:${staffId}` : ''}`;
  const q = useCachedQuery(name, () => fetchVendorSummary(days, vendorId ?? undefined, staffId ?? undefined), { keepPrevious: true });
  const owner = useShopOwner(q.data?.vendor);
  return (
    <DashboardShell
      title={t('title')}
      days={days}
      onDays={setDays}
      query={q}
      idle={name === null}
      controls={
        isAdmin ? (
          <Select
            label={t('vendor')}
            data={(vendorsQ.data ?? []).map((v) => ({ value: v._id, label: v.vendorDetails?.shopName || v.name }))}
            value={vendorId}
            onChange={setVendorId}
            searchable
            maw={360}
          />
        ) : (
          byPerson && <PersonSelect label={t('staff')} everyone={t('everyone')} owner={owner} value={staffId} onChange={setStaffId} />
        )
      }
      who={q.data && [q.data.vendor.shopName || q.data.vendor.name, q.data.staff?.name].filter(Boolean).join(' · ')}
      empty={q.data && q.data.totals.counter.count + q.data.totals.delivery.count === 0 && t('noSales')}
    >
      {(s) => (
        <>
          <Headline s={s} f={f} />
          <SalesCharts s={s} f={f} />
          <MixCharts s={s} f={f} />
          <ShopCards s={s} f={f} />
        </>
      )}
    </DashboardShell>
  );
}
