import { forwardRef } from 'react';
import type { ProductDto } from '../../../core/schemas/product';
import { ProductCombobox } from '../../components/product-combobox';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';

interface Props {
  products: ProductDto[];
  onPick: (product: ProductDto) => void;
  /** A code typed or scanned with Enter that matched no product. */
  onUnknown: (code: string) => void;
}

/** The count's search box: each match shows its code (or shelf) and its book stock. */
export const CountFinder = forwardRef<HTMLInputElement, Props>(function CountFinder({ products, onPick, onUnknown }, ref) {
  const t = useT('stock');
  const units = useUnitText();
  return (
    <ProductCombobox
      ref={ref}
      products={products}
      onPick={onPick}
      onUnknown={onUnknown}
      label={t('findLabel')}
      placeholder={t('findPlaceholder')}
      noMatch={t('noMatch')}
      idPrefix="count"
      testId="count-finder"
      detail={(p) => `${p.barcode || p.subcategory} · ${t('bookStock')} ${units.quantity(p.countInStock, p.unit)}`}
    />
  );
});
