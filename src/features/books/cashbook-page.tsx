import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { istDay } from '../../../core/dates';
import { EXPENSE_CATEGORY_NAMES } from '../../../core/expense';
import { formatRupees } from '../../../core/money';
import type { CashbookResponse } from '../../../core/schemas/expense';
import { DocumentPage } from '../../components/document-page';
import { type Paper, PrintSheet, SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { useCachedQuery } from '../../data/use-cached-query';
import { useDateFormat } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { fetchCashbook } from './books-api';

type Move = CashbookResponse['moves'][number];

/** The day's cash book as it prints: the opening balance, each movement in and out with its time and who, the closing balance. */
function CashbookSheet({ c, paper }: { c: CashbookResponse; paper: Paper }) {
  const t = useT('books');
  const dayName = useDateFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = useDateFormat({ hour: '2-digit', minute: '2-digit' });
  const printedAt = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const lang = useLanguage();
  // a starting expense category comes by its English name: in Tamil, its Tamil one
  const starting = Object.values(EXPENSE_CATEGORY_NAMES);
  const reference = (m: Move) =>
    m.kind === 'expense' && lang === 'ta' ? (starting.find((n) => n.en === m.reference)?.ta ?? m.reference) : m.reference;
  const what = (m: Move) => [t(`move_${m.kind}`), reference(m)].filter(Boolean).join(': ');
  return (
    <PrintSheet paper={paper} testId="cashbook-sheet">
      <SheetText center strong>
        {t('cashbookOn', { day: dayName.format(new Date(`${c.date}T00:00:00Z`)) })}
      </SheetText>
      <SheetText center small>
        {t('printedAt', { at: printedAt.format(new Date()) })}
      </SheetText>
      <SheetRule />
      <SheetRow label={t('opening')} value={<span data-testid="cb-opening">{formatRupees(c.opening)}</span>} strong />
      <SheetRule />
      {c.moves.length === 0 && <SheetText small>{t('noMoves')}</SheetText>}
      {c.moves.map((m, i) => (
        <div key={`${m.at}:${i}`} data-testid="cb-move" data-kind={m.kind}>
          <SheetRow
            label={`${time.format(new Date(m.at))} ${what(m)}`}
            value={m.in > 0 ? `+ ${formatRupees(m.in)}` : `− ${formatRupees(m.out)}`}
          />
          {m.by && <SheetText small>{`${t('by')}: ${m.by.name}`}</SheetText>}
        </div>
      ))}
      <SheetRule />
      <SheetRow label={t('totalIn')} value={<span data-testid="cb-in">{formatRupees(c.totalIn)}</span>} />
      <SheetRow label={t('totalOut')} value={<span data-testid="cb-out">{formatRupees(c.totalOut)}</span>} />
      <SheetRow label={t('closing')} value={<span data-testid="cb-closing">{formatRupees(c.closing)}</span>} strong />
    </PrintSheet>
  );
}

/** /cashbook: the cash book of a chosen India day (today to start with), printable on a receipt roll or A4. */
export default function CashbookPage() {
  const t = useT('books');
  const today = istDay();
  const [date, setDate] = useState(today);
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const q = useCachedQuery(ready ? `cashbook:${date}` : null, () => fetchCashbook(date), { refetchOnSync: true });
  return (
    <DocumentPage
      maw={820}
      title={t('cashbook')}
      controls={
        <>
          <TextInput
            label={t('date')}
            type="date"
            value={date}
            max={today}
            onChange={(e) => setDate(e.currentTarget.value)}
            w={180}
            data-testid="cashbook-date"
          />
          <Text size="sm" c="dimmed">
            {t('cashbookHint')}
          </Text>
        </>
      }
      query={q}
      doc={q.data}
      failed={t('loadFailed')}
      printLabel={t('printCashbook')}
      controlSize="md"
    >
      {(c, paper) => <CashbookSheet c={c} paper={paper} />}
    </DocumentPage>
  );
}
