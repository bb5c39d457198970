import { Badge, Group, Text, type MantineSize } from '@mantine/core';
import { lineTotal } from '../../core/cart';
import { formatRupees } from '../../core/money';
import { useT } from '../lib/i18n';
import { useUnitText } from '../lib/unit-text';

interface PriceProps {
  /** MRP in rupees. */
  mrp?: number;
  /** Selling price per unit in rupees. */
  shopPrice: number;
  /** Per-unit discount amount in rupees. */
  discount?: number;
  /** Discount as a percent, as the listing sends it. */
  discountPercent?: number;
  /** What the price is per (core/units): "₹68 / kg"; nothing is shown for pieces. */
  unit?: string;
  size?: MantineSize;
}

/** The price a customer pays per unit, the MRP struck through when higher, and the discount as "n% Off". */
export function Price({ mrp, shopPrice, discount = 0, discountPercent, unit = 'pcs', size = 'md' }: PriceProps) {
  const t = useT('common');
  const { perUnit } = useUnitText();
  const pay = lineTotal(shopPrice, discount, 1);
  const struck = mrp !== undefined && mrp > pay ? mrp : discount > 0 ? shopPrice : undefined;
  return (
    <Group gap={6} align="baseline" wrap="wrap" data-testid="price">
      <Text fw={700} size={size} c="teal.8">
        {formatRupees(pay)}
        {perUnit(unit)}
      </Text>
      {struck !== undefined && (
        <Text size="sm" c="dimmed" td="line-through" aria-label={t('mrpPrice', { amount: formatRupees(struck) })}>
          {formatRupees(struck)}
        </Text>
      )}
      {discount > 0 && (discountPercent ?? 0) > 0 && (
        <Badge color="red" variant="light" size="sm" tt="none">
          {t('percentOff', { n: discountPercent ?? 0 })}
        </Badge>
      )}
    </Group>
  );
}
