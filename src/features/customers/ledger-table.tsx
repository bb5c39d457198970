import type { LedgerResponse } from '../../../core/schemas/customer';
import { formatRupees } from '../../../core/money';
import { ResponsiveTable } from '../../components/responsive-table';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';

type Entry = LedgerResponse['entries'][number];

/** What an entry is, in words: "Credit sale MS/26/000012", "Payment (UPI)". */
export function useEntryText() {
  const t = useT('customers');
  return (e: Entry) =>
    e.kind === 'payment' ? t('kind_payment', { ref: t(`method_${e.ref as 'cash'}`) }) : t(`kind_${e.kind}`, { ref: e.ref });
}

/** The ledger: every due (+) and settlement (−) in date order with the running balance. */
export function LedgerTable({ ledger }: { ledger: LedgerResponse }) {
  const t = useT('customers');
  const at = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
  const text = useEntryText();
  return (
    <ResponsiveTable
      label={t('ledger')}
      rows={ledger.entries}
      rowKey={(e) => `${e.kind}${e.at}${e.ref}${e.amount}`}
      columns={[
        { key: 'entry', header: t('entry'), cardTitle: true, render: (e) => `${text(e)}${e.note ? ` · ${e.note}` : ''}` },
        { key: 'date', header: t('date'), render: (e) => at.format(new Date(e.at)), nowrap: true },
        { key: 'amount', header: t('amount'), render: (e) => formatRupees(e.amount), nowrap: true },
        { key: 'balance', header: t('runningBalance'), render: (e) => formatRupees(e.balance), nowrap: true },
      ]}
    />
  );
}
