import { formatRupees, toPaise, toRupees } from '../../../core/money';
import type { SupplierLedgerResponse } from '../../../core/schemas/supplier';
import { ResponsiveTable } from '../../components/responsive-table';
import { useT } from '../../lib/i18n';
import { useDayText } from './book-parts';

type Entry = SupplierLedgerResponse['entries'][number] & { change: number };
const METHODS = ['cash', 'upi', 'card', 'bank'];

/** A supplier's ledger: bills (+) and payments (−) in date order with the balance after each; a kind it does not know by its own name. */
export function SupplierLedger({ entries }: { entries: SupplierLedgerResponse['entries'] }) {
  const t = useT('books');
  const dayText = useDayText();
  const text = (e: Entry): string => {
    // the entry kinds grow (a debit note): one this screen has no words for still shows, by its name and reference
    const kind = e.kind as string;
    if (kind === 'bill') return t('kind_bill', { ref: e.ref });
    if (kind === 'debitNote') return t('kind_debitNote', { ref: e.ref });
    if (kind === 'payment') return t('kind_payment', { ref: METHODS.includes(e.ref) ? t(`method_${e.ref as 'cash'}`) : e.ref });
    return t('kind_other', { kind, ref: e.ref });
  };
  return (
    <ResponsiveTable
      label={t('ledger')}
      // an entry's amount is unsigned: whether it adds or takes off is read from the balance before it
      rows={entries.map((e, i) => ({ ...e, change: toRupees(toPaise(e.balance) - toPaise(i > 0 ? entries[i - 1].balance : 0)) }))}
      rowKey={(e) => `${e.kind}:${e.refId}`}
      columns={[
        { key: 'entry', header: t('entry'), cardTitle: true, render: text },
        { key: 'date', header: t('date'), render: (e) => dayText(e.day), nowrap: true },
        {
          key: 'amount',
          header: t('amount'),
          render: (e) => (e.change < 0 ? `− ${formatRupees(e.amount)}` : `+ ${formatRupees(e.amount)}`),
          nowrap: true,
        },
        { key: 'balance', header: t('runningBalance'), render: (e) => formatRupees(e.balance), nowrap: true },
      ]}
    />
  );
}
