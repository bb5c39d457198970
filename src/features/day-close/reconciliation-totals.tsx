import { formatRupees, toPaise, toRupees } from '../../../core/money';
import type { ReconciliationResponse } from '../../../core/schemas/payment';
import { SummaryBox } from '../../components/summary-line';
import { useT } from '../../lib/i18n';

/** The day's UPI rupees by how each was confirmed; of those confirmed by hand, what a settlement statement matched. */
export function ReconciliationTotals({ r }: { r: ReconciliationResponse }) {
  const t = useT('reconciliation');
  const statement = toRupees(r.entries.filter((e) => e.statementUtr).reduce((sum, e) => sum + toPaise(e.amount), 0));
  const all = toRupees(toPaise(r.totals.provider) + toPaise(r.totals.byHand) + toPaise(r.totals.pending));
  return (
    <SummaryBox
      title={t('totalsTitle')}
      rows={[
        [t('totalProvider'), <span data-testid="rec-total-provider">{formatRupees(r.totals.provider)}</span>],
        [t('totalByHand'), <span data-testid="rec-total-by-hand">{formatRupees(r.totals.byHand)}</span>],
        [`· ${t('totalStatement')}`, <span data-testid="rec-total-statement">{formatRupees(statement)}</span>],
        [t('totalPending'), <span data-testid="rec-total-pending">{formatRupees(r.totals.pending)}</span>],
        [t('totalMismatched'), <span data-testid="rec-total-mismatched">{formatRupees(r.totals.mismatched)}</span>],
      ]}
      total={[t('totalSales'), formatRupees(all)]}
    />
  );
}
