import { forwardRef } from 'react';
import type { ProductDto } from '../../../core/schemas/product';
import { ProductCombobox } from '../../components/product-combobox';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';

interface Props {
  products: ProductDto[];
  onPick: (product: ProductDto) => void;
  /** A code or name that matched no product, entered with Enter (a scanner ends its code with Enter). */
  onUnknown: (code: string) => void;
}

/** The bill's product box: each match shows its code and what is in stock. */
export const ProductPicker = forwardRef<HTMLInputElement, Props>(function ProductPicker({ products, onPick, onUnknown }, ref) {
  const t = useT('purchases');
  const units = useUnitText();
  return (
    <ProductCombobox
      ref={ref}
      products={products}
      onPick={onPick}
      onUnknown={onUnknown}
      label={t('findProduct')}
      placeholder={t('findPlaceholder')}
      noMatch={t('noMatch')}
      idPrefix="pm"
      testId="purchase-finder"
      detail={(p) => `${p.barcode ? `${p.barcode} · ` : ''}${t('inStock', { n: units.quantity(p.countInStock, p.unit) })}`}
    />
  );
});
