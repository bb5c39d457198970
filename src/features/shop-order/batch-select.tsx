import { Select } from '@mantine/core';
import { fefoOrder, nextBatch } from '../../../core/batch';
import type { BatchDto } from '../../../core/schemas/batch';
import type { CounterProductDto } from '../../../core/schemas/counter-catalog';
import type { ShopOrderLine } from '../../../core/shop-order';
import { useCachedQuery } from '../../data/use-cached-query';
import { COUNTER_BATCHES, fetchShopBatches } from './counter-batches';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';

const AUTO = '';

/**
 * The batch a counter line takes, for a product kept in batches: by default the nearest expiry that is
 * not expired (shown, so the cashier sees it), or one the cashier picks; the sale then names it
 * (`batch`), also when it waits in the outbox. Expired batches are not offered (the server refuses them).
 */
export function BatchSelect({
  n,
  line,
  product,
  onChange,
}: {
  n: number;
  line: ShopOrderLine;
  product: CounterProductDto;
  onChange: (l: ShopOrderLine) => void;
}) {
  const t = useT('shop-order');
  const units = useUnitText();
  const day = useDateFormat({ day: 'numeric', month: 'short', year: '2-digit' });
  const q = useCachedQuery(product.tracksBatches ? COUNTER_BATCHES : null, fetchShopBatches);
  if (!product.tracksBatches) return null;
  const mine = (q.data ?? []).filter((b) => b.productId === product._id);
  const fresh = fefoOrder(mine);
  const next = nextBatch(mine);
  const label = (b: BatchDto) =>
    t('batchOption', {
      number: b.number,
      date: b.expiry ? day.format(new Date(`${b.expiry}T00:00:00`)) : '—',
      n: units.quantity(b.quantity, product.unit),
    });
  return (
    <Select
      size="xs"
      label={t('batch')}
      aria-label={t('batchN', { n })}
      data-testid="batch-select"
      allowDeselect={false}
      data={[
        { value: AUTO, label: next ? t('batchAuto', { batch: label(next) }) : t('batchNone') },
        ...fresh.map((b) => ({ value: b.number, label: label(b) })),
      ]}
      value={line.batch ?? AUTO}
      onChange={(v) => onChange({ ...line, batch: v || undefined })}
      w={{ base: '100%', sm: 300 }}
    />
  );
}
