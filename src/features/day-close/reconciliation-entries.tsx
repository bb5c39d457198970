import { Badge, Card, Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import { formatRupees } from '../../../core/money';
import type { ReconciliationEntry } from '../../../core/schemas/payment';
import { type Column, ResponsiveTable } from '../../components/responsive-table';
import { SectionTitle } from '../../components/section-title';
import { TamilReady } from '../../components/tamil-ready';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';

const STATUS_COLOR = { provider: 'green', byHand: 'blue', pending: 'orange', mismatched: 'red' } as const;
const STATUS_KEY = {
  provider: 'statusProvider',
  byHand: 'statusByHand',
  pending: 'statusPending',
  mismatched: 'statusMismatched',
} as const;
const MISMATCH_KEY = {
  amount: 'mismatch_amount',
  closedQr: 'mismatch_closedQr',
  unknownQr: 'mismatch_unknownQr',
  alreadyPaid: 'mismatch_alreadyPaid',
  voided: 'mismatch_voided',
} as const;

/** How an entry stands: its status, and "In statement" when a settlement statement's line matched the sale. */
function EntryStatus({ e }: { e: ReconciliationEntry }) {
  const t = useT('reconciliation');
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={STATUS_COLOR[e.status]} variant="light" tt="none" data-testid="rec-status">
        {t(STATUS_KEY[e.status])}
      </Badge>
      {e.statementUtr && (
        <Badge color="teal" variant="outline" tt="none" data-testid="rec-statement">
          {t('statusStatement')}
        </Badge>
      )}
    </Group>
  );
}

/** The provider's UTR (else its payment id), or the statement line's UTR; null when there is none. */
const referenceOf = (e: ReconciliationEntry) => e.utr ?? e.statementUtr ?? e.paymentId;

/**
 * Each UPI sale and each unmatched payment of the day in time order: a table on a wide screen, a card per entry
 * on a phone (bill and amount first, then how it stands and its reference).
 */
export function ReconciliationEntries({ entries }: { entries: ReconciliationEntry[] }) {
  const t = useT('reconciliation');
  const time = useDateFormat({ hour: '2-digit', minute: '2-digit' });
  const whoOrWhy = (e: ReconciliationEntry) => (e.mismatch ? t(MISMATCH_KEY[e.mismatch]) : (e.confirmedBy?.name ?? ''));
  const columns: Column<ReconciliationEntry>[] = [
    { key: 'time', header: t('colTime'), render: (e) => time.format(new Date(e.at)), nowrap: true },
    { key: 'bill', header: t('colBill'), render: (e) => e.invoiceNumber ?? t('noBill'), nowrap: true },
    { key: 'amount', header: t('colAmount'), render: (e) => formatRupees(e.amount), nowrap: true },
    { key: 'status', header: t('colStatus'), render: (e) => <EntryStatus e={e} /> },
    { key: 'reference', header: t('colReference'), render: (e) => referenceOf(e) ?? '-' },
    { key: 'who', header: t('colConfirmedBy'), render: whoOrWhy },
  ];
  const card = (e: ReconciliationEntry) => (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="sm">
          {`${e.invoiceNumber ?? t('noBill')} · ${time.format(new Date(e.at))}`}
        </Text>
        <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatRupees(e.amount)}
        </Text>
      </Group>
      <EntryStatus e={e} />
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {[referenceOf(e), whoOrWhy(e)].filter(Boolean).join(' · ')}
      </Text>
    </>
  );
  return (
    <Card withBorder radius="md" padding="md" data-testid="rec-entries">
      <SectionTitle title={t('entriesTitle')} />
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('noEntries')}
        </Text>
      ) : (
        <Suspense fallback={null}>
          <TamilReady text={entries.map((e) => e.confirmedBy?.name ?? '').join(' ')}>
            <ResponsiveTable
              rows={entries}
              rowKey={(e) => `${e.status}:${e.orderId}:${e.paymentId}`}
              columns={columns}
              label={t('entriesTitle')}
              renderCard={card}
            />
          </TamilReady>
        </Suspense>
      )}
    </Card>
  );
}
