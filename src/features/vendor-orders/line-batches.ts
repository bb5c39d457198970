import type { OrderLineDto } from '../../../core/schemas/order';
import type { Translate } from '../../lib/i18n';

/**
 * A line's batches as the order page shows them: "Batch B12 · Exp 03/2027 · 2 strips" (the month
 * and year a strip carries, as the bills print it), several joined by commas; '' for a line without.
 */
export const lineBatchesText = (
  line: Pick<OrderLineDto, 'batches' | 'unit'>,
  t: Translate<'vendor-orders'>,
  units: { quantity: (q: number, unit: string) => string },
): string =>
  (line.batches ?? [])
    .map((b) => {
      const qty = units.quantity(b.quantity, line.unit);
      return b.expiry
        ? t('lineBatch', { number: b.number, expiry: `${b.expiry.slice(5, 7)}/${b.expiry.slice(0, 4)}`, qty })
        : t('lineBatchOnly', { number: b.number, qty });
    })
    .join(', ');
