import { formatRupees } from '../../../core/money';
import type { DaySummary } from '../../../core/schemas/order';
import { SheetRow, SheetRule, SheetText } from '../../components/print-sheet';
import { useT } from '../../lib/i18n';

/**
 * The day close's cash on delivery: what riders collected on the shop's orders that day, what they
 * handed over to the shop that day, and what they still held at the day's end (from every day). The
 * cash handed over is in the drawer; what riders hold is not yet.
 */
export function DayCod({ s }: { s: DaySummary }) {
  const t = useT('day-close');
  const { collected, handedOver, withRiders } = s.cod;
  return (
    <div data-testid="dc-cod">
      <SheetRule />
      <SheetText strong>{t('codTitle')}</SheetText>
      <SheetRow label={t('codCollected')} value={<span data-testid="dc-cod-collected">{formatRupees(collected)}</span>} />
      <SheetRow label={t('codHandedOver')} value={<span data-testid="dc-cod-handed-over">{formatRupees(handedOver)}</span>} />
      <SheetRow label={t('codWithRiders')} value={<span data-testid="dc-cod-with-riders">{formatRupees(withRiders)}</span>} strong />
    </div>
  );
}
