import { Modal, NumberInput, Select, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ProductDetailDto } from '../../../core/schemas/product';
import { STOCK_LIMITS } from '../../../core/schemas/limits';
import type { StockAdjustmentResult } from '../../../core/schemas/stock';
import { ADJUSTMENT_REASONS } from '../../../core/stock';
import { isDecimalUnit } from '../../../core/units';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { ModalForm } from '../../components/modal-form';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchBatches, postAdjustment } from './stock-api';

const schema = () => import('../../../core/schemas/stock').then((m) => m.stockAdjustmentSchema);

interface Props {
  product: ProductDetailDto;
  onClose: () => void;
  onSaved: (result: StockAdjustmentResult) => void;
}

/** "Adjust stock": a reason, a signed change in the product's unit and a note; the server's schema checks it. */
export default function AdjustStockDialog({ product, onClose, onSaved }: Props) {
  const t = useT('stock');
  const tc = useT('stock-ledger');
  const units = useUnitText();
  const form = useSchemaForm({
    schema,
    initial: { productId: product._id, reason: 'damaged' as string, quantity: '' as number | string, note: '', batch: '' },
    toInput: (v) => ({ ...v, quantity: v.quantity === '' ? undefined : Number(v.quantity) }),
  });
  // a product kept in batches: the batch to take from or add to (none picked: earliest expiry first)
  const batchesQ = useCachedQuery(product.tracksBatches ? `stock:batches:${product._id}` : null, () => fetchBatches(product._id), {
    persist: false,
  });
  const batchOptions = [
    { value: '', label: t('batchEarliest') },
    ...(batchesQ.data ?? []).map((b) => ({
      value: b.number,
      label: t(b.expiry ? 'batchOption' : 'batchOptionOpen', {
        number: b.number,
        expiry: b.expiry ? `${b.expiry.slice(5, 7)}/${b.expiry.slice(0, 4)}` : '',
        qty: units.quantity(b.quantity, product.unit),
      }),
    })),
  ];
  const save = form.submit(async (d) => {
    const res = await postAdjustment(d);
    notifications.show({
      color: 'green',
      message: t('adjusted', { name: product.name, n: units.quantity(res.countInStock, product.unit) }),
    });
    onSaved(res);
  }, t('adjustFailed'));

  return (
    <Modal opened onClose={onClose} title={t('adjustTitle', { name: product.name })} centered>
      <ModalForm form={form} onSubmit={save} onCancel={onClose} submitLabel={t('save')}>
        <Text size="sm">{t('adjustHint')}</Text>
        <Select
          label={t('reason')}
          data={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: tc(`reason_${r}`) }))}
          value={form.values.reason}
          onChange={(v) => form.set('reason', v ?? '')}
          error={form.error('reason')}
          allowDeselect={false}
          size="md"
        />
        <NumberInput
          label={t('change')}
          value={form.values.quantity}
          onChange={(v) => form.set('quantity', v)}
          error={form.error('quantity')}
          decimalScale={isDecimalUnit(product.unit) ? 3 : 0}
          rightSection={<Text size="xs">{units.name(product.unit)}</Text>}
          size="md"
          data-autofocus
          data-testid="adjust-quantity"
        />
        {product.tracksBatches && (
          <Select
            label={t('batch')}
            data={batchOptions}
            value={form.values.batch}
            onChange={(v) => form.set('batch', v ?? '')}
            error={form.error('batch')}
            allowDeselect={false}
            size="md"
            data-testid="adjust-batch"
          />
        )}
        <Textarea
          label={t('note')}
          value={form.values.note}
          onChange={(e) => form.set('note', e.currentTarget.value)}
          error={form.error('note')}
          maxLength={STOCK_LIMITS.note}
          autosize
          minRows={2}
        />
      </ModalForm>
    </Modal>
  );
}
