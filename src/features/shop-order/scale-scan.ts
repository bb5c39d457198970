import type { Coded } from '../../../core/coded';
import { toPaise } from '../../../core/money';
import { readScaleLabel, scaleQuantity, type ScaleLayout } from '../../../core/scale-barcode';
import type { CounterProductDto } from '../../../core/schemas/counter-catalog';

/**
 * A scanned code that is no product's own barcode, read as a scale label of the shop's layout: the
 * loose product whose barcode is the label with a zero value, with the quantity the label's weight or
 * price makes; a coded refusal (a misread check digit, a weight for goods not sold by weight); or
 * undefined when it is no label of the layout, or of no product here (an unknown code).
 */
export function scaleScan(
  code: string,
  layout: ScaleLayout,
  products: readonly CounterProductDto[],
): { product: CounterProductDto; quantity: number } | { error: Coded } | undefined {
  const label = readScaleLabel(code, layout);
  if (!label || 'error' in label) return label;
  const product = products.find((p) => p.barcode === label.productCode);
  if (!product) return undefined;
  const found = scaleQuantity(layout, label.value, {
    name: product.name,
    unit: product.unit,
    pricePaise: toPaise(product.shopPrice),
    discountPaise: toPaise(product.discount ?? 0),
  });
  return 'error' in found ? found : { product, quantity: found.quantity };
}
