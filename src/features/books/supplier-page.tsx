import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatRupees, toPaise, toRupees } from '../../../core/money';
import { QueryView } from '../../components/query-view';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { useT } from '../../lib/i18n';
import { useOutboxItems } from '../../offline/hooks';
import { QueuedCard } from './book-parts';
import { fetchSupplierLedger } from './books-api';
import { type QueuedSupplierPayment, SUPPLIER_PAYMENT } from './books-outbox';
import { SupplierLedger } from './supplier-ledger';

const PayDialog = lazy(() => import('./pay-dialog'));
const CreditDaysDialog = lazy(() => import('./credit-days-dialog'));

/** /suppliers/:id: what the shop owes a supplier, its ledger with the running balance, payments waiting to sync, Pay, its credit days. */
export default function SupplierPage() {
  const { id = '' } = useParams();
  const t = useT('books');
  const [dialog, setDialog] = useState<'pay' | 'days' | null>(null);
  const q = useCachedQuery(`supplier-ledger:${id}`, () => fetchSupplierLedger(id), { refetchOnSync: true });
  const waiting = (useOutboxItems().filter((i) => i.kind === SUPPLIER_PAYMENT) as QueuedSupplierPayment[]).filter(
    (i) => i.display?.supplierId === id,
  );
  const reload = () => {
    q.refresh();
    invalidate('payables');
  };

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Button component={Link} to="/payables" variant="subtle" w="fit-content" px={0}>
        {t('backToPayables')}
      </Button>
      <QueryView query={q} failed={t('loadFailed')} loader={<Skeleton h={240} radius="md" />}>
        {(l) => {
          const s = l.supplier;
          // what is left once the payments on this device reach the server
          const left = toRupees(toPaise(l.balance) - waiting.reduce((a, i) => a + toPaise(i.body.amount), 0));
          return (
            <>
              <Group justify="space-between" align="flex-start">
                <div>
                  <Title order={2}>{s.name}</Title>
                  <Text c="dimmed">{[s.phone, s.gstin].filter(Boolean).join(' · ')}</Text>
                  <Group gap="xs">
                    <Text size="sm" data-testid="credit-days">
                      {t('creditDaysText', { n: s.creditDays })}
                    </Text>
                    <Button size="compact-sm" variant="subtle" mih={44} onClick={() => setDialog('days')}>
                      {t('edit')}
                    </Button>
                  </Group>
                </div>
                <Paper withBorder radius="md" p="sm" ta="right">
                  <Text size="sm" c="dimmed">
                    {t('balanceOwed')}
                  </Text>
                  <Text fw={700} size="xl" data-testid="supplier-balance">
                    {formatRupees(l.balance)}
                  </Text>
                  {waiting.length > 0 && (
                    <Text size="sm" c="dimmed" data-testid="supplier-balance-after">
                      {t('afterWaiting', { amount: formatRupees(left) })}
                    </Text>
                  )}
                </Paper>
              </Group>
              <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
              <Button onClick={() => setDialog('pay')} disabled={left <= 0} mih={44} w="fit-content" data-testid="pay-supplier">
                {t('pay')}
              </Button>
              <Title order={3} size="h4">
                {t('ledger')}
              </Title>
              {waiting.map((i) => (
                <QueuedCard
                  key={i.id}
                  item={i}
                  testId="queued-payment"
                  title={t('waitingPayment', { amount: formatRupees(i.body.amount), method: t(`method_${i.body.method}`) })}
                />
              ))}
              {l.entries.length === 0 ? <Text c="dimmed">{t('noEntries')}</Text> : <SupplierLedger entries={l.entries} />}
              <Suspense fallback={null}>
                {dialog === 'pay' && (
                  <PayDialog
                    supplier={s}
                    owed={left}
                    onClose={() => setDialog(null)}
                    onPaid={() => {
                      setDialog(null);
                      reload();
                    }}
                  />
                )}
                {dialog === 'days' && (
                  <CreditDaysDialog
                    supplier={s}
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
