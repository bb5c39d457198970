import { Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toPaise, formatRupees } from '../../../core/money';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { QueryView } from '../../components/query-view';
import { useT } from '../../lib/i18n';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { BalanceText } from './balance-text';
import { fetchLedger } from './customers-api';
import { LedgerTable } from './ledger-table';
import { ReminderLinks } from './reminder-links';
import { PointsCard } from './points-card';

const PaymentDialog = lazy(() => import('./payment-dialog'));
const CustomerFormDialog = lazy(() => import('./customer-form-dialog'));

/** /customers/:id: a customer's details and balance, the ledger with its running balance, Record payment, Edit, Statement, Send reminder. */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const t = useT('customers');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [dialog, setDialog] = useState<'pay' | 'edit' | null>(null);
  const q = useCachedQuery(`customer-ledger:${id}:${from}:${to}`, () => fetchLedger(id, from, to), { refetchOnSync: true });
  const reload = () => {
    q.refresh();
    invalidate('shop-customers');
  };
  const statement = `/customers/${id}/statement${from || to ? `?from=${from}&to=${to}` : ''}`;

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Button component={Link} to="/customers" variant="subtle" w="fit-content" px={0}>
        {t('backToCustomers')}
      </Button>
      <QueryView query={q} failed={t('loadFailed')} loader={<Skeleton h={240} radius="md" />}>
        {(l) => {
          const c = l.customer;
          return (
            <>
              <Group justify="space-between" align="flex-start">
                <div>
                  <Title order={2}>{c.name}</Title>
                  <Text c="dimmed">
                    {c.phone}
                    {c.gstin ? ` · ${t('gstin')} ${c.gstin}` : ''}
                  </Text>
                  {c.address && <Text size="sm">{c.address}</Text>}
                  <Text size="sm" c="dimmed">
                    {t('limitAndDays', {
                      limit: c.creditLimit === null ? t('noLimit') : formatRupees(c.creditLimit),
                      days: c.creditDays ?? 0,
                    })}
                  </Text>
                </div>
                <Paper withBorder radius="md" p="sm" ta="right">
                  <Text size="sm" c="dimmed">
                    {t('balanceDue')}
                  </Text>
                  <div data-testid="customer-balance">
                    <BalanceText balance={c.balance} />
                  </div>
                </Paper>
              </Group>
              <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
              <Group gap="xs">
                <Button onClick={() => setDialog('pay')}>{t('recordPayment')}</Button>
                <Button variant="default" onClick={() => setDialog('edit')}>
                  {t('edit')}
                </Button>
                <Button component={Link} to={statement} variant="default">
                  {t('statement')}
                </Button>
              </Group>
              <Paper withBorder radius="md" p="sm">
                <Title order={3} size="h4" mb="xs">
                  {t('sendReminder')}
                </Title>
                <ReminderLinks
                  reminder={{
                    customerId: c._id,
                    customerName: c.name,
                    phone: c.phone,
                    language: c.language,
                    shopName: l.shop.name,
                    upiId: l.shop.upiId,
                    duePaise: toPaise(c.balance),
                  }}
                />
              </Paper>
              <PointsCard customer={c} shopName={l.shop.name} />
              <Title order={3} size="h4">
                {t('ledger')}
              </Title>
              <Group gap="sm" align="flex-end">
                <TextInput type="date" label={t('from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={170} />
                <TextInput type="date" label={t('to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} w={170} />
              </Group>
              {(from || to) && (
                <Text size="sm">
                  {t('openingForPeriod')}: {formatRupees(l.openingBalance)}
                </Text>
              )}
              {l.entries.length === 0 ? <Text c="dimmed">{t('noEntries')}</Text> : <LedgerTable ledger={l} />}
              <Text fw={700}>
                {t('closingForPeriod')}: {formatRupees(l.closingBalance)}
              </Text>
              <Suspense fallback={null}>
                {dialog === 'pay' && (
                  <PaymentDialog
                    customer={c}
                    shop={l.shop}
                    onClose={() => setDialog(null)}
                    onPaid={(balance, amount) => {
                      setDialog(null);
                      // queued offline: the balance shown counts it already (the ledger gets it once sent)
                      if (balance === null) {
                        q.mutate(
                          (d) => d && { ...d, customer: { ...d.customer, balance: Math.round((d.customer.balance - amount) * 100) / 100 } },
                        );
                      } else reload();
                    }}
                  />
                )}
                {dialog === 'edit' && (
                  <CustomerFormDialog
                    customer={c}
                    onClose={() => setDialog(null)}
                    onSaved={() => {
                      setDialog(null);
                      reload();
                    }}
                  />
                )}
              </Suspense>
            </>
          );
        }}
      </QueryView>
    </Stack>
  );
}
