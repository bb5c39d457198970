import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { istDay } from '../../../core/dates';
import { formatRupees } from '../../../core/money';
import type { ExpenseDto } from '../../../core/schemas/expense';
import { DateRange } from '../../components/date-range';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { ResponsiveTable } from '../../components/responsive-table';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { useLanguage, useT } from '../../lib/i18n';
import { useOutboxItems } from '../../offline/hooks';
import { QueuedCard, useDayText } from './book-parts';
import { fetchExpenseCategories, fetchExpenses } from './books-api';
import { EXPENSE, type QueuedExpense } from './books-outbox';
import { categoryName } from './category-name';

const ExpenseDialog = lazy(() => import('./expense-dialog'));
const CategoryDialog = lazy(() => import('./category-dialog'));
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** /expenses: record an expense or add a category; the expenses of a period with the totals by category and the input GST. */
export default function ExpensesPage() {
  const t = useT('books');
  const lang = useLanguage();
  const dayText = useDayText();
  const today = istDay();
  const [from, setFrom] = useState(() => `${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [dialog, setDialog] = useState<'expense' | 'category' | null>(null);
  const ready = DAY.test(from) && DAY.test(to) && from <= to;
  const q = useCachedQuery(ready ? `expenses:${from}:${to}` : null, () => fetchExpenses(from, to), { refetchOnSync: true });
  // saved on the device: an expense can be recorded offline
  const cats = useCachedQuery('expense-categories', fetchExpenseCategories);
  const waiting = useOutboxItems().filter((i) => i.kind === EXPENSE) as QueuedExpense[];

  return (
    <Stack gap="md" maw={1000} mx="auto">
      <PageHeader title={t('expenses')} hint={t('expensesHint')} mb={0}>
        <Button onClick={() => setDialog('expense')} disabled={!cats.data} mih={44} data-testid="add-expense">
          {t('addExpense')}
        </Button>
        <Button variant="default" onClick={() => setDialog('category')} mih={44}>
          {t('addCategory')}
        </Button>
      </PageHeader>
      <Group gap="sm" align="flex-end">
        <DateRange from={from} to={to} onFrom={setFrom} onTo={setTo} labels={[t('from'), t('to')]} />
      </Group>
      {waiting.map((i) => (
        <QueuedCard
          key={i.id}
          item={i}
          testId="queued-expense"
          title={t('waitingExpense', { category: i.display?.category ?? i.body.category, amount: formatRupees(i.body.amount) })}
        />
      ))}
      {ready && (
        <QueryView query={q} failed={t('loadFailed')} loader={<Skeleton h={200} />}>
          {(d) => (
            <>
              <Paper withBorder radius="md" p="sm" data-testid="expenses-totals">
                <Text fw={700} size="lg" data-testid="expenses-total">
                  {`${t('total')}: ${formatRupees(d.total)}`}
                </Text>
                {d.byCategory.length > 0 && (
                  <Text size="sm" c="dimmed" mt={4}>
                    {t('byCategory')}
                  </Text>
                )}
                {d.byCategory.map((c) => (
                  <Group key={c.category._id} justify="space-between" data-testid="expense-category-total">
                    <Text size="sm">{`${categoryName(c.category, lang)} (${t('count', { n: c.count })})`}</Text>
                    <Text size="sm" fw={600}>
                      {formatRupees(c.amount)}
                    </Text>
                  </Group>
                ))}
                {d.inputGst.cgst + d.inputGst.sgst + d.inputGst.igst > 0 && (
                  <Text size="sm" c="dimmed" mt={4}>
                    {t('inputGst', {
                      cgst: formatRupees(d.inputGst.cgst),
                      sgst: formatRupees(d.inputGst.sgst),
                      igst: formatRupees(d.inputGst.igst),
                    })}
                  </Text>
                )}
              </Paper>
              {d.expenses.length === 0 ? (
                <Text c="dimmed">{t('noExpenses')}</Text>
              ) : (
                <ResponsiveTable
                  label={t('expenses')}
                  rows={d.expenses}
                  rowKey={(e) => e._id}
                  columns={[
                    { key: 'category', header: t('category'), cardTitle: true, render: (e: ExpenseDto) => categoryName(e.category, lang) },
                    { key: 'date', header: t('date'), render: (e) => dayText(e.date), nowrap: true },
                    { key: 'amount', header: t('amount'), render: (e) => <b>{formatRupees(e.amount)}</b>, nowrap: true },
                    { key: 'method', header: t('method'), render: (e) => t(`method_${e.method}`), nowrap: true },
                    { key: 'note', header: t('note'), render: (e) => [e.note, e.supplierGstin].filter(Boolean).join(' · ') || '—' },
                    { key: 'by', header: t('by'), render: (e) => e.createdBy?.name ?? '—' },
                  ]}
                />
              )}
            </>
          )}
        </QueryView>
      )}
      <Suspense fallback={null}>
        {dialog === 'expense' && cats.data && (
          <ExpenseDialog
            categories={cats.data}
            onClose={() => setDialog(null)}
            onSaved={() => {
              setDialog(null);
              q.refresh();
              invalidate('cashbook');
            }}
          />
        )}
        {dialog === 'category' && (
          <CategoryDialog
            onClose={() => setDialog(null)}
            onSaved={() => {
              setDialog(null);
              cats.refresh();
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
