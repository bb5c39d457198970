import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import type { ProductDetailDto } from '../../../core/schemas/product';
import { STOCK_LIMITS } from '../../../core/schemas/limits';
import type { StockAdjustmentResult } from '../../../core/schemas/stock';
import { ADJUSTMENT_REASONS } from '../../../core/stock';
import { isDecimalUnit } from '../../../core/units';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { useSchemaForm } from '../../lib/use-schema-form';
import { postAdjustment } from './stock-api';

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
    initial: { productId: product._id, reason: 'damaged' as string, quantity: '' as number | string, note: '' },
    toInput: (v) => ({ ...v, quantity: v.quantity === '' ? undefined : Number(v.quantity) }),
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = await form.validate();
    if (!checked.ok) return;
    setSaving(true);
    try {
      const res = await postAdjustment(checked.data);
      notifications.show({
        color: 'green',
        message: t('adjusted', { name: product.name, n: units.quantity(res.countInStock, product.unit) }),
      });
      onSaved(res);
    } catch (err) {
      if (!form.serverError(err)) setError(errorMessage(err, t('adjustFailed')));
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('adjustTitle', { name: product.name })} centered>
      <form onSubmit={submit} noValidate ref={form.formRef}>
        <Stack gap="sm">
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
          <Textarea
            label={t('note')}
            value={form.values.note}
            onChange={(e) => form.set('note', e.currentTarget.value)}
            error={form.error('note')}
            maxLength={STOCK_LIMITS.note}
            autosize
            minRows={2}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {form.unplaced}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} size="md">
              {t('cancel')}
            </Button>
            <Button type="submit" loading={saving} size="md">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
