import { Group, Text } from '@mantine/core';
import { formatRupees, toRupees } from '../../../core/money';
import type { PricedLine } from '../../../core/pricing';
import type { ShopOrderLine } from '../../../core/shop-order';
import { unitText } from '../../../core/units';
import { useLanguage, useT } from '../../lib/i18n';

/**
 * Under a counter line: the price list that priced it ("Wholesale: ₹48.00 per kg", "… per Bag" for a pack line) and the scheme it takes part in
 * ("Buy 2 get 1: −₹40.00"); the line's total above shows what it is charged. Nothing for a line at the selling price
 * without a scheme.
 */
export default function PricedLineNote({ priced, line }: { priced: PricedLine | undefined; line: Pick<ShopOrderLine, 'unit' | 'pack'> }) {
  const t = useT('shop-order');
  const lang = useLanguage();
  if (!priced || (!priced.priceListName && !priced.schemeName)) return null;
  return (
    <Group gap="md" px="sm" mt={-6} data-testid="priced-line">
      {priced.priceListName && (
        <Text size="sm" c="blue.8" data-testid="line-price-list">
          {t('pricedBy', {
            list: priced.priceListName,
            price: formatRupees(toRupees(priced.unitPricePaise)),
            per: line.pack ? t('perPack', { pack: line.pack }) : unitText(lang).perUnitWords(line.unit),
          })}
        </Text>
      )}
      {priced.schemeName && (
        <Text size="sm" c="green.8" fw={600} data-testid="line-scheme">
          {t('schemeOff', { scheme: priced.schemeName, amount: formatRupees(toRupees(priced.schemeDiscountPaise)) })}
        </Text>
      )}
    </Group>
  );
}
