import { formatRupees } from '../../../core/money';
import type { DaySummary } from '../../../core/schemas/order';
import { SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { useT } from '../../lib/i18n';

/**
 * The day close's refunds: the day's credit notes by refund method (cash, UPI and card paid out;
 * the customer's account lowered), and the day's net after the refunds.
 */
export function DayRefunds({ s }: { s: DaySummary }) {
  const t = useT('day-close');
  const r = s.refunds;
  if (r.count === 0) return null;
  const methods = [
    ['cash', t('cash')],
    ['upi', t('upi')],
    ['card', t('card')],
    ['credit', t('customerAccount')],
  ] as const;
  return (
    <div data-testid="dc-refunds">
      <SheetRule />
      <SheetText strong>{t('refunds', { n: r.count })}</SheetText>
      {methods
        .filter(([id]) => r.counts[id] > 0)
        .map(([id, label]) => (
          <SheetRow
            key={id}
            label={t('refundBy', { method: label, n: r.counts[id] })}
            value={<span data-testid={`dc-refund-${id}`}>−{formatRupees(r.byMethod[id])}</span>}
          />
        ))}
      <SheetRow label={t('refundsTotal')} value={<span data-testid="dc-refunds-amount">−{formatRupees(r.amount)}</span>} />
      {r.notes.map((n) => (
        <SheetText key={n._id} small>
          {t('refundNote', { number: n.number, invoice: n.invoiceNumber ?? '-' })} · {formatRupees(n.amount)}
        </SheetText>
      ))}
      <SheetRow
        label={t('netAfterRefunds')}
        value={<span data-testid="dc-net-after-refunds">{formatRupees(r.netAfterRefunds)}</span>}
        strong
      />
    </div>
  );
}
