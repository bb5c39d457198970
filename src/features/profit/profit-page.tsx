import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { istDay } from '../../../core/dates';
import { formatRupees } from '../../../core/money';
import type { ProfitResponse } from '../../../core/schemas/profit';
import { DateRange } from '../../components/date-range';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { SummaryBox } from '../../components/summary-line';
import { useCachedQuery } from '../../data/use-cached-query';
import { useLanguage, useT } from '../../lib/i18n';
import { useCan } from '../../stores/use-can';
import { fetchProfit, fetchVendors } from './profit-api';
import { ProfitBreakdown } from './profit-breakdown';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** This month so far, and the whole of last month (India dates). */
function months(today: string): { thisMonth: [string, string]; lastMonth: [string, string] } {
  const [y, m] = today.split('-').map(Number);
  const lastEnd = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return { thisMonth: [`${today.slice(0, 8)}01`, today], lastMonth: [`${lastEnd.slice(0, 8)}01`, lastEnd] };
}

/**
 * /profit: a shop's profit for a period (the owner's and a manager's; an admin chooses the vendor): net sales
 * before GST, the cost of the goods sold at the cost on the day of each sale, gross profit, the expenses by
 * category and net profit; then day by day or month by month.
 */
export default function ProfitPage() {
  const t = useT('profit');
  const isAdmin = useCan('administer');
  const today = istDay();
  const quick = months(today);
  const [[from, to], setRange] = useState<[string, string]>(quick.thisMonth);
  const [vendorId, setVendorId] = useState<string | null>(null);
  const vendors = useCachedQuery(isAdmin ? 'profit:vendors' : null, fetchVendors, { persist: false });
  const ready = DAY.test(from) && DAY.test(to) && from <= to && (!isAdmin || !!vendorId);
  const q = useCachedQuery(ready ? `profit:${vendorId ?? 'own'}:${from}:${to}` : null, () => fetchProfit(from, to, vendorId ?? undefined), {
    persist: false,
  });

  return (
    <Stack gap="md" maw={1000} mx="auto">
      <PageHeader title={t('title')} hint={t('hint')} mb={0} />
      <Group gap="sm" align="flex-end">
        <DateRange from={from} to={to} onFrom={(d) => setRange([d, to])} onTo={(d) => setRange([from, d])} labels={[t('from'), t('to')]} />
        <Button variant="default" mih={44} onClick={() => setRange(quick.thisMonth)}>
          {t('thisMonth')}
        </Button>
        <Button variant="default" mih={44} onClick={() => setRange(quick.lastMonth)}>
          {t('lastMonth')}
        </Button>
        {isAdmin && (
          <Select
            label={t('vendor')}
            placeholder={t('chooseVendor')}
            data={(vendors.data ?? []).map((v) => ({ value: v._id, label: v.vendorDetails?.shopName || v.name }))}
            value={vendorId}
            onChange={setVendorId}
            searchable
            w={260}
          />
        )}
      </Group>
      {isAdmin && !vendorId && (
        <Alert color="gray" variant="light">
          {t('chooseVendorDot')}
        </Alert>
      )}
      {ready && (
        <QueryView query={q} failed={t('loadFailed')} loader={<Skeleton h={260} />}>
          {(r) => <ProfitFigures r={r} />}
        </QueryView>
      )}
    </Stack>
  );
}

function ProfitFigures({ r }: { r: ProfitResponse }) {
  const t = useT('profit');
  const lang = useLanguage();
  const s = r.totals;
  return (
    <Stack gap="md" data-testid="profit">
      {r.linesWithoutCost > 0 && (
        <Alert color="yellow" variant="light" data-testid="profit-without-cost">
          {t('withoutCost', { n: r.linesWithoutCost })}
        </Alert>
      )}
      <SummaryBox
        title={t('figures')}
        rows={[
          [t('sales'), formatRupees(s.sales)],
          [t('returns'), `−${formatRupees(s.returns)}`],
          [t('netSales'), <b data-testid="profit-net-sales">{formatRupees(s.netSales)}</b>],
          [t('costOfSales'), `−${formatRupees(s.costOfSales)}`, t('costNote')],
          [t('costReturned'), formatRupees(s.costReturned)],
          [t('grossProfit'), <b data-testid="profit-gross">{formatRupees(s.grossProfit)}</b>],
          [t('expenses'), `−${formatRupees(s.expenses)}`, r.inputGstClaimed ? t('expensesNoGst') : t('expensesWithGst')],
        ]}
        total={[t('netProfit'), <span data-testid="profit-net">{formatRupees(s.netProfit)}</span>]}
      />
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="xs">
          {t('byCategory')}
        </Title>
        {r.expensesByCategory.length === 0 && <Text c="dimmed">{t('noExpenses')}</Text>}
        {r.expensesByCategory.map((c) => (
          <Group key={c.category._id} justify="space-between" wrap="nowrap" data-testid="profit-expense-category">
            <Text size="sm">{`${lang === 'ta' && c.category.nameTa ? c.category.nameTa : c.category.name} (${t('count', { n: c.count })})`}</Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatRupees(c.amount)}
            </Text>
          </Group>
        ))}
      </Paper>
      <ProfitBreakdown breakdown={r.breakdown} />
    </Stack>
  );
}
