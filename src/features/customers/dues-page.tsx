import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatRupees, toPaise } from '../../../core/money';
import type { DuesRow } from '../../../core/schemas/customer';
import { ResponsiveTable } from '../../components/responsive-table';
import { QueryView } from '../../components/query-view';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { BalanceText } from './balance-text';
import { fetchDues } from './customers-api';
import { ReminderLinks } from './reminder-links';

/** /customers/dues: who owes what, by age (0-30, 31-60, 61-90, 90+ days), the oldest due date and a reminder per row. */
export default function DuesPage() {
  const t = useT('customers');
  const day = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const q = useCachedQuery('customer-dues', fetchDues, { refetchOnSync: true });
  const d = q.data;
  const reminder = (r: DuesRow) => (
    <ReminderLinks
      size="xs"
      reminder={{
        customerId: r.customer._id,
        customerName: r.customer.name,
        phone: r.customer.phone,
        language: r.customer.language,
        shopName: d?.shop.name ?? '',
        upiId: d?.shop.upiId ?? '',
        duePaise: toPaise(r.customer.balance),
      }}
    />
  );

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{t('duesTitle')}</Title>
        <Button component={Link} to="/customers" variant="default">
          {t('customers')}
        </Button>
      </Group>
      <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
      <QueryView query={q} failed={t('loadFailed')} loader={<Skeleton h={200} />} empty={(d) => d.rows.length === 0 && t('noDues')}>
        {(d) => (
          <>
            <Text fw={700} size="lg" data-testid="dues-total">
              {t('duesTotal', { amount: formatRupees(d.total) })}
            </Text>
            <ResponsiveTable
              label={t('duesTitle')}
              rows={d.rows}
              rowKey={(r) => r.customer._id}
              columns={[
                {
                  key: 'customer',
                  header: t('customer'),
                  cardTitle: true,
                  render: (r) => (
                    <Anchor component={Link} to={`/customers/${r.customer._id}`} fw={700}>
                      {r.customer.name}
                    </Anchor>
                  ),
                },
                { key: 'balance', header: t('balance'), render: (r) => <BalanceText balance={r.customer.balance} />, nowrap: true },
                { key: 'a0', header: t('age0'), render: (r) => formatRupees(r.ageing['0-30']), nowrap: true },
                { key: 'a31', header: t('age31'), render: (r) => formatRupees(r.ageing['31-60']), nowrap: true },
                { key: 'a61', header: t('age61'), render: (r) => formatRupees(r.ageing['61-90']), nowrap: true },
                { key: 'a90', header: t('age90'), render: (r) => formatRupees(r.ageing['90+']), nowrap: true },
                {
                  key: 'oldest',
                  header: t('oldestDue'),
                  render: (r) => (r.oldestDueDate ? day.format(new Date(`${r.oldestDueDate}T00:00:00Z`)) : '—'),
                  nowrap: true,
                },
                {
                  key: 'overdue',
                  header: t('overdue'),
                  render: (r) => (r.overdueDays > 0 ? t('overdueDays', { n: r.overdueDays }) : t('notDue')),
                  nowrap: true,
                },
                { key: 'reminder', header: t('reminder'), render: reminder },
              ]}
            />
          </>
        )}
      </QueryView>
    </Stack>
  );
}
