import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import { type Paper, PrintControls, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { errorMessage } from '../../lib/api';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../lib/use-cached-query';
import { fetchLedger } from './customers-api';
import { useEntryText } from './ledger-table';

/** /customers/:id/statement?from=&to=: the customer's statement for a period, printable on A4 or an 80 mm roll. */
export default function StatementPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const t = useT('customers');
  const [paper, setPaper] = useState<Paper>('A4');
  const day = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
  const dayOf = (d: string) => day.format(new Date(`${d}T12:00:00+05:30`));
  const text = useEntryText();
  const q = useCachedQuery(`customer-ledger:${id}:${from}:${to}`, () => fetchLedger(id, from, to));
  const l = q.data;

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Group justify="space-between">
        <Button component={Link} to={`/customers/${id}`} variant="subtle" px={0}>
          ← {l?.customer.name ?? t('customers')}
        </Button>
        {l && <PrintControls paper={paper} onPaper={setPaper} />}
      </Group>
      {q.error && !l ? (
        <Alert color="red">{errorMessage(q.error, t('loadFailed'))}</Alert>
      ) : !l ? (
        <Skeleton h={300} />
      ) : (
        <PrintSheet paper={paper} testId="statement-sheet">
          <SheetText center strong>
            {l.shop.name}
          </SheetText>
          <SheetText center strong>
            {t('statementTitle')}
          </SheetText>
          <SheetText center>{t('statementFor', { name: l.customer.name, phone: l.customer.phone })}</SheetText>
          {l.customer.gstin && <SheetText center small>{`GSTIN ${l.customer.gstin}`}</SheetText>}
          <SheetText center small>
            {from || to ? t('period', { from: from ? dayOf(from) : '…', to: to ? dayOf(to) : '…' }) : t('allTime')}
          </SheetText>
          <SheetRule />
          <SheetRow label={t('openingForPeriod')} value={formatRupees(l.openingBalance)} />
          <SheetRule />
          {l.entries.length === 0 && <SheetText small>{t('noEntries')}</SheetText>}
          {l.entries.map((e) => (
            <div key={`${e.kind}${e.at}${e.ref}${e.amount}`}>
              <SheetRow label={`${day.format(new Date(e.at))} ${text(e)}`} value={formatRupees(e.amount)} />
              <SheetText small>{`${t('runningBalance')}: ${formatRupees(e.balance)}`}</SheetText>
            </div>
          ))}
          <SheetRule />
          <SheetRow
            label={t('closingForPeriod')}
            value={<span data-testid="statement-closing">{formatRupees(l.closingBalance)}</span>}
            strong
          />
        </PrintSheet>
      )}
    </Stack>
  );
}
