import { Button } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import { DocumentPage } from '../../components/document-page';
import { PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchLedger } from './customers-api';
import { useEntryText } from './ledger-table';

/** /customers/:id/statement?from=&to=: the customer's statement for a period, printable on A4 or an 80 mm roll. */
export default function StatementPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const t = useT('customers');
  const day = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
  const dayOf = (d: string) => day.format(new Date(`${d}T12:00:00+05:30`));
  const text = useEntryText();
  const q = useCachedQuery(`customer-ledger:${id}:${from}:${to}`, () => fetchLedger(id, from, to));
  const l = q.data;

  return (
    <DocumentPage
      maw={900}
      action={
        <Button component={Link} to={`/customers/${id}`} variant="subtle" px={0}>
          ← {l?.customer.name ?? t('customers')}
        </Button>
      }
      query={q}
      doc={l}
      failed={t('loadFailed')}
      paper="A4"
    >
      {(l, paper) => (
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
    </DocumentPage>
  );
}
