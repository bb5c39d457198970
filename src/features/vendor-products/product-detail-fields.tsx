import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { PRODUCT_LIMITS } from '../../../core/schemas/limits';
import { DEFAULT_UNIT, isDecimalUnit, type Unit, UNITS } from '../../../core/units';
import { useT } from '../../lib/i18n';
import type { ProductValues } from './product-values';
import type { ProductForm } from './use-product-form';

type AmountField = 'price' | 'shopPrice' | 'discount' | 'countInStock' | 'reOrderLevel';

/** Names, description, the unit, prices per unit and stock. */
export function ProductDetailFields({ form }: { form: ProductForm }) {
  const t = useT('vendor-products');
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
  const money = { prefix: '₹', decimalScale: 2, inputMode: 'decimal' as const };

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
        <NumberInput label={perUnit ? t('priceMrpPer', { unit: unitName }) : t('priceMrp')} required {...money} {...amount('price')} />
        <NumberInput
          label={perUnit ? t('shopPricePer', { unit: unitName }) : t('shopPrice')}
          required
          {...money}
          {...amount('shopPrice')}
        />
        <NumberInput label={t('discountPerUnit')} placeholder={t('optional')} {...money} {...amount('discount')} />
        <NumberInput
          label={perUnit ? t('countInStockIn', { unit: unitName }) : t('countInStock')}
          required
          allowDecimal={decimals}
          decimalScale={decimals ? 3 : 0}
          inputMode={decimals ? 'decimal' : 'numeric'}
          {...amount('countInStock')}
        />
        <NumberInput label={t('reorderLevel')} required allowDecimal={false} inputMode="numeric" {...amount('reOrderLevel')} />
      </SimpleGrid>
    </>
  );
}
