import { Alert, Badge, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatRupees } from '../../../core/money';
import type { StatementResponse } from '../../../core/schemas/payment';
import { type Column, ResponsiveTable } from '../../components/responsive-table';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';

type Matched = StatementResponse['matched'][number];
type Line = StatementResponse['unmatchedLines'][number];
type Sale = StatementResponse['unmatchedSales'][number];

/** One list of the answer under its title with its count, "None" when it is empty. */
function Part<T>({ title, rows, children, testId }: { title: string; rows: T[]; children: ReactNode; testId: string }) {
  const t = useT('reconciliation');
  return (
    <Stack gap={6} data-testid={testId}>
      <Title order={4} size="h5">{`${title} (${rows.length})`}</Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('nothingHere')}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

/** What an uploaded statement matched, the lines that matched no sale (each with why) and the sales left without a line. */
export function StatementResult({ result }: { result: StatementResponse }) {
  const t = useT('reconciliation');
  const dateTime = useDateFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '-');
  const matched: Column<Matched>[] = [
    { key: 'line', header: t('colLine'), render: (m) => m.line, nowrap: true },
    { key: 'utr', header: t('colUtr'), render: (m) => m.utr, nowrap: true },
    { key: 'amount', header: t('colAmount'), render: (m) => formatRupees(m.amount), nowrap: true },
    { key: 'time', header: t('colTime'), render: (m) => when(m.time), nowrap: true },
    {
      key: 'bill',
      header: t('colBill'),
      render: (m) => (
        <>
          {m.invoiceNumber ?? t('noBill')}{' '}
          {m.earlier && (
            <Badge size="xs" variant="light" color="gray" tt="none">
              {t('matchedEarlier')}
            </Badge>
          )}
        </>
      ),
    },
  ];
  const lines: Column<Line>[] = [
    { key: 'line', header: t('colLine'), render: (l) => l.line, nowrap: true },
    { key: 'utr', header: t('colUtr'), render: (l) => l.utr || '-' },
    { key: 'amount', header: t('colAmount'), render: (l) => (l.amount === null ? '-' : formatRupees(l.amount)), nowrap: true },
    { key: 'time', header: t('colTime'), render: (l) => when(l.time), nowrap: true },
    { key: 'payer', header: t('colPayer'), render: (l) => l.payer ?? '-' },
    { key: 'reason', header: t('colReason'), render: (l) => l.message },
  ];
  const sales: Column<Sale>[] = [
    { key: 'bill', header: t('colBill'), render: (s) => s.invoiceNumber ?? t('noBill'), nowrap: true },
    { key: 'amount', header: t('colAmount'), render: (s) => formatRupees(s.amount), nowrap: true },
    { key: 'time', header: t('colTime'), render: (s) => when(s.at), nowrap: true },
    { key: 'status', header: t('colStatus'), render: (s) => t(s.status === 'byHand' ? 'statusByHand' : 'statusPending') },
  ];
  return (
    <Stack gap="md" data-testid="statement-result">
      <Alert color={result.unmatchedLines.length || result.unmatchedSales.length ? 'orange' : 'green'} role="status">
        {t('resultSummary', { matched: result.matched.length, lines: result.unmatchedLines.length, sales: result.unmatchedSales.length })}
      </Alert>
      <Part title={t('matchedTitle')} rows={result.matched} testId="statement-matched">
        <ResponsiveTable rows={result.matched} rowKey={(m) => String(m.line)} columns={matched} label={t('matchedTitle')} />
      </Part>
      <Part title={t('unmatchedLinesTitle')} rows={result.unmatchedLines} testId="statement-unmatched-lines">
        <ResponsiveTable rows={result.unmatchedLines} rowKey={(l) => String(l.line)} columns={lines} label={t('unmatchedLinesTitle')} />
      </Part>
      <Part title={t('unmatchedSalesTitle')} rows={result.unmatchedSales} testId="statement-unmatched-sales">
        <ResponsiveTable rows={result.unmatchedSales} rowKey={(s) => s.orderId} columns={sales} label={t('unmatchedSalesTitle')} />
      </Part>
    </Stack>
  );
}
