import { formatRupees } from '../../../core/money';
import { SheetRow } from '../../components/print-sheet';
import type { Translate } from '../../lib/i18n';
import type { BillData } from './bill-data';

/**
 * A bill's loyalty points (a sale to a shop customer): `redeemed`, the points redeemed and the rupees they
 * took off the items (the lines show their amounts before it; their GST is on what was paid), between the
 * items and the total; `earned`, the points the bill earned, under the total.
 */
export function BillPoints({ bill, t, part }: { bill: BillData; t: Translate<'receipt'>; part: 'redeemed' | 'earned' }) {
  const p = bill.points;
  if (part === 'redeemed' && p && p.redeemed > 0) {
    return (
      <div data-testid="bill-points-redeemed">
        <SheetRow label={t('pointsRedeemedRow', { n: p.redeemed })} value={`−${formatRupees(p.valuePaise / 100)}`} />
      </div>
    );
  }
  if (part === 'earned' && p && p.earned > 0) {
    return (
      <div data-testid="bill-points-earned">
        <SheetRow label={t('pointsEarnedRow')} value={String(p.earned)} />
      </div>
    );
  }
  return null;
}
