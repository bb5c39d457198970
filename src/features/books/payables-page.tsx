import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AGEING_BUCKETS } from '../../../core/customer';
import { formatRupees } from '../../../core/money';
import type { PayablesResponse } from '../../../core/schemas/supplier';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { ResponsiveTable } from '../../components/responsive-table';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useCachedQuery } from '../../data/use-cached-query';
import { useT } from '../../lib/i18n';
import { useDayText } from './book-parts';
import { fetchPayables } from './books-api';

type Row = PayablesResponse['suppliers'][number];
const BUCKET_KEYS = { '0-30': 'age0', '31-60': 'age31', '61-90': 'age61', '90+': 'age90' } as const;

/** The earliest of some days (YYYY-MM-DD sort as text), or null. */
const earliest = (days: string[]) => (days.length ? days.reduce((a, b) => (b < a ? b : a)) : null);

/** /payables: what the shop owes each supplier, by age, the oldest due date and since when; the totals. */
export default function PayablesPage() {
  const t = useT('books');
  const dayText = useDayText();
  const q = useCachedQuery('payables', fetchPayables, { refetchOnSync: true });
  const day = (d: string | null) => (d ? dayText(d) : '—');
  const since = (r: Row) => day(earliest(r.bills.map((b) => b.billDate)));
  const oldestDue = (r: Row) => day(earliest(r.bills.map((b) => b.dueDate)));
  const name = (r: Row) => (
    // a finger-sized target on a phone's card
    <Anchor component={Link} to={`/suppliers/${r._id}`} fw={700} mih={44} style={{ display: 'inline-flex', alignItems: 'center' }}>
      {r.name}
    </Anchor>
  );

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <PageHeader title={t('payables')} hint={t('payablesHint')} mb={0}>
        <Button component={Link} to="/expenses" variant="default" mih={44}>
          {t('expenses')}
        </Button>
        <Button component={Link} to="/cashbook" variant="default" mih={44}>
          {t('cashbook')}
        </Button>
      </PageHeader>
      <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
      <QueryView
        query={q}
        failed={t('loadFailed')}
        loader={<Skeleton h={200} />}
        empty={(d) => d.suppliers.length === 0 && t('noPayables')}
      >
        {(d) => (
          <>
            <Paper withBorder radius="md" p="sm" data-testid="payables-totals">
              <Group justify="space-between" align="baseline">
                <Text fw={700} size="lg" data-testid="payables-total">
                  {t('owesTotal', { amount: formatRupees(d.total) })}
                </Text>
                <Text c={d.suppliers.some((s) => s.overdue > 0) ? 'red.8' : 'dimmed'} fw={600} data-testid="payables-overdue">
                  {t('overdueTotal', { amount: formatRupees(d.suppliers.reduce((a, s) => a + s.overdue, 0)) })}
                </Text>
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs" spacing="xs">
                {AGEING_BUCKETS.map((b) => (
                  <div key={b}>
                    <Text size="sm" c="dimmed">
                      {t(BUCKET_KEYS[b])}
                    </Text>
                    <Text fw={600} data-testid={`payables-bucket-${b}`}>
                      {formatRupees(d.totals[b])}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Paper>
            <ResponsiveTable
              label={t('payables')}
              rows={d.suppliers}
              rowKey={(r) => r._id}
              renderCard={(r) => (
                <>
                  <Group justify="space-between" wrap="nowrap" align="baseline">
                    {name(r)}
                    <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {formatRupees(r.balance)}
                    </Text>
                  </Group>
                  <Text size="sm" c={r.overdue > 0 ? 'red.8' : 'dimmed'}>
                    {r.overdue > 0 ? t('overdueTotal', { amount: formatRupees(r.overdue) }) : t('notDue')}
                    {` · ${t('dueOn', { date: oldestDue(r) })}`}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('sinceDate', { date: since(r) })}
                  </Text>
                  <Text size="sm">
                    {AGEING_BUCKETS.filter((b) => r.buckets[b] > 0)
                      .map((b) => `${t(BUCKET_KEYS[b])}: ${formatRupees(r.buckets[b])}`)
                      .join(' · ')}
                  </Text>
                </>
              )}
              columns={[
                { key: 'supplier', header: t('supplier'), cardTitle: true, render: name },
                { key: 'owed', header: t('owed'), render: (r) => <b>{formatRupees(r.balance)}</b>, nowrap: true },
                {
                  key: 'overdue',
                  header: t('overdue'),
                  render: (r) => (r.overdue > 0 ? <Text c="red.8">{formatRupees(r.overdue)}</Text> : '—'),
                  nowrap: true,
                },
                ...AGEING_BUCKETS.map((b) => ({
                  key: b,
                  header: t(BUCKET_KEYS[b]),
                  render: (r: Row) => formatRupees(r.buckets[b]),
                  nowrap: true,
                })),
                { key: 'due', header: t('oldestDue'), render: oldestDue, nowrap: true },
                { key: 'since', header: t('since'), render: since, nowrap: true },
              ]}
            />
          </>
        )}
      </QueryView>
    </Stack>
  );
}
