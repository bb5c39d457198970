import { Select } from '@mantine/core';
import type { CounterProductDto } from '../../../core/schemas/counter-catalog';
import { withPack } from '../../../core/shop-order-packs';
import type { ShopOrderLine } from '../../../core/shop-order';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';

const BASE = '';

/**
 * What a counter line is sold in: the product's base unit or one of its packs ("bag (25 kg)"). Shown
 * only for a product with packs; switching starts the line at one of the new choice, priced per it.
 */
export function PackSelect({
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
  if (!product.packs?.length) return null;
  const base = units.name(product.unit) || t('soldInPieces');
  return (
    <Select
      size="xs"
      label={t('soldIn')}
      aria-label={t('soldInN', { n })}
      data-testid="pack-select"
      allowDeselect={false}
      data={[
        { value: BASE, label: base },
        ...product.packs.map((p) => ({ value: p.name, label: t('packOf', { pack: p.name, n: units.quantity(p.factor, product.unit) }) })),
      ]}
      value={line.pack ?? BASE}
      onChange={(v) => onChange(withPack(line, product, v || null))}
      w={{ base: '100%', sm: 240 }}
    />
  );
}
