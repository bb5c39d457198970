import { Badge, Group, Text, type MantineSize } from '@mantine/core';
import { discountBadge, lineTotal } from '../../core/cart';
import { formatRupees, toPaise } from '../../core/money';
import { useT } from '../lib/i18n';
import { useUnitText } from '../lib/unit-text';

interface PriceProps {
  /** MRP in rupees. */
  mrp?: number;
  /** Selling price per unit in rupees. */
  shopPrice: number;
  /** Per-unit discount amount in rupees. */
  discount?: number;
  /** Given away by the vendor: "Free" instead of ₹0.00, and no percent badge. */
  isFree?: boolean;
  /** What the price is per (core/units): "₹68 / kg"; nothing is shown for pieces. */
  unit?: string;
  size?: MantineSize;
  /** The price's size on a phone (below `sm`), where it differs: a compact list row. */
  phoneSize?: MantineSize;
}

/**
 * The price a customer pays per unit ("Free" for a product given away), the MRP struck through when
 * higher, and the badge "n% Off" by core's one rule (discountBadge: whole percent off the struck price).
 */
export function Price({ mrp, shopPrice, discount = 0, isFree = false, unit = 'pcs', size = 'md', phoneSize }: PriceProps) {
  const t = useT('common');
  const { perUnit } = useUnitText();
  const pay = lineTotal(shopPrice, discount, 1);
  const struck = mrp !== undefined && mrp > pay ? mrp : discount > 0 ? shopPrice : undefined;
  const off = isFree || struck === undefined ? 0 : discountBadge(toPaise(struck), toPaise(pay));
  return (
    <Group gap={6} align="baseline" wrap="wrap" style={phoneSize ? { rowGap: 2 } : undefined} data-testid="price">
      <Text fw={700} size={size} fz={phoneSize ? { base: phoneSize, sm: size } : undefined} c="teal.8">
        {isFree ? t('free') : formatRupees(pay)}
        {isFree ? '' : perUnit(unit)}
      </Text>
      {struck !== undefined && (
        <Text size="sm" c="dimmed" td="line-through" aria-label={t('mrpPrice', { amount: formatRupees(struck) })}>
          {formatRupees(struck)}
        </Text>
      )}
      {off > 0 && (
        <Badge color="red" variant="light" size="sm" tt="none">
          {t('percentOff', { n: off })}
        </Badge>
      )}
    </Group>
  );
}

/** A product's price as its card and its page show it: its MRP, shop price, discount and unit. */
export function ProductPrice({
  product,
  size,
  phoneSize,
}: {
  product: { price?: number; shopPrice: number; discount?: number; isFree?: boolean; unit?: string };
  size: MantineSize;
  phoneSize?: MantineSize;
}) {
  const { price, shopPrice, discount, isFree, unit } = product;
  return <Price mrp={price} shopPrice={shopPrice} discount={discount} isFree={isFree} unit={unit} size={size} phoneSize={phoneSize} />;
}
