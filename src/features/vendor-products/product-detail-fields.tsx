import { Checkbox, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { PRODUCT_LIMITS } from '../../../core/schemas/limits';
import { DEFAULT_UNIT, isDecimalUnit, type Unit, UNITS } from '../../../core/units';
import { useT } from '../../lib/i18n';
import { useCan } from '../../stores/use-can';
import type { ProductValues } from './product-values';
import type { ProductForm } from './use-product-form';

type AmountField = 'countInStock' | 'reOrderLevel';
type MoneyField = 'price' | 'shopPrice' | 'discount';

/** Names, description, the unit, prices per unit and stock. */
export function ProductDetailFields({ form }: { form: ProductForm }) {
  const t = useT('vendor-products');
  // what goods cost is shown only to those who may see it (core/permissions.ts seeCost)
  const seeCost = useCan('seeCost');
  const { values, set } = form;
  const unitName = t(`unitShort_${values.unit}`);
  const perUnit = values.unit !== DEFAULT_UNIT;
  const decimals = isDecimalUnit(values.unit);
  const text = (key: 'name' | 'Tamil' | 'description') => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    maxLength: PRODUCT_LIMITS[key],
    error: form.error(key),
  });
  const amount = (key: AmountField) => ({
    value: values[key],
    onChange: (v: ProductValues[AmountField]) => set(key, v),
    error: form.error(key),
  });
  /**
   * Prices are text boxes that keep what was typed: a number box would drop the "e" of "1e9" and save
   * ₹19. The product schema reads plain rupees ("120", "99.50") and refuses anything else beside the field.
   */
  const money = (key: MoneyField) => ({
    value: String(values[key]),
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    leftSection: '₹',
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    error: form.error(key),
  });
  // a free product's shop price is ₹0 and it has no discount: ticking Free sets both, unticking asks for a price again
  const setFree = (isFree: boolean) =>
    form.setValues((v) => ({ ...v, isFree, shopPrice: isFree ? '0' : '', discount: isFree ? '' : v.discount }));

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('name')} required {...text('name')} />
        <TextInput label={t('tamilName')} {...text('Tamil')} />
      </SimpleGrid>
      <Textarea label={t('description')} autosize minRows={2} maxRows={6} {...text('description')} />
      <Select
        label={t('unit')}
        description={t('unitHint')}
        data={UNITS.map((u) => ({ value: u, label: t(`unitOption_${u}`) }))}
        value={values.unit}
        onChange={(v) => set('unit', (v as Unit | null) ?? DEFAULT_UNIT)}
        allowDeselect={false}
        maw={360}
        error={form.error('unit')}
      />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <TextInput label={perUnit ? t('priceMrpPer', { unit: unitName }) : t('priceMrp')} required {...money('price')} />
        <TextInput
          label={perUnit ? t('shopPricePer', { unit: unitName }) : t('shopPrice')}
          required
          disabled={values.isFree}
          {...money('shopPrice')}
        />
        <TextInput label={t('discountPerUnit')} placeholder={t('optional')} disabled={values.isFree} {...money('discount')} />
        <NumberInput
          label={perUnit ? t('countInStockIn', { unit: unitName }) : t('countInStock')}
          required
          allowDecimal={decimals}
          decimalScale={decimals ? 3 : 0}
          inputMode={decimals ? 'decimal' : 'numeric'}
          {...amount('countInStock')}
        />
        <NumberInput label={t('reorderLevel')} required allowDecimal={false} inputMode="numeric" {...amount('reOrderLevel')} />
        {seeCost && (
          <TextInput
            label={perUnit ? t('costPricePer', { unit: unitName }) : t('costPrice')}
            description={t('costPriceHint')}
            placeholder={t('optional')}
            leftSection="₹"
            inputMode="decimal"
            autoComplete="off"
            value={values.costPrice == null ? '' : String(values.costPrice)}
            onChange={(e) => set('costPrice', e.currentTarget.value)}
            error={form.error('costPrice')}
          />
        )}
        <TextInput
          label={t('sku')}
          description={t('skuHint')}
          placeholder={t('optional')}
          autoComplete="off"
          maxLength={PRODUCT_LIMITS.sku}
          value={values.sku ?? ''}
          onChange={(e) => set('sku', e.currentTarget.value)}
          error={form.error('sku')}
        />
      </SimpleGrid>
      <Checkbox
        label={t('free')}
        description={t('freeHint')}
        checked={values.isFree}
        onChange={(e) => setFree(e.currentTarget.checked)}
        error={form.error('isFree')}
      />
      {/* batches and expiry: purchases then ask for the batch, sales take the nearest expiry first */}
      <Checkbox
        label={t('tracksBatches')}
        description={t('tracksBatchesHint')}
        checked={values.tracksBatches}
        onChange={(e) => set('tracksBatches', e.currentTarget.checked)}
        data-testid="tracks-batches"
      />
    </>
  );
}
