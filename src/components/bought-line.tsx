import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { lineTotal } from '../../core/cart';
import { formatRupees } from '../../core/money';
import { useT } from '../lib/i18n';
import { useUnitText } from '../lib/unit-text';
import { ProductImage } from './product-card';

/**
 * A line of an order, or of the cart under review: its picture and name, "2 kg x ₹63.00 / kg (₹5.00 off
 * per kg)" (the per-unit price paid, as the product page and the cart show it), and the line's total.
 */
export function BoughtLine(props: {
  image?: string;
  alt: string;
  /** The name as the line shows it (a link to the product, or its text). */
  name: ReactNode;
  quantity: number;
  unit: string;
  /** Per unit, before the discount. */
  price: number;
  discount: number;
  total: number;
  /** After the price: the shop that sells it. */
  after?: string;
  testId: string;
}) {
  const t = useT('common');
  const units = useUnitText();
  const { unit, discount } = props;
  return (
    <Group gap="sm" wrap="nowrap" data-testid={props.testId}>
      <Box w={48} style={{ flexShrink: 0 }}>
        <ProductImage src={props.image} alt={props.alt} />
      </Box>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        {props.name}
        <Text size="xs" c="dimmed">
          {units.quantity(props.quantity, unit)} x {formatRupees(lineTotal(props.price, discount, 1))}
          {units.perUnit(unit)}
          {discount > 0 ? ` (${t('offEach', { amount: formatRupees(discount), per: units.perUnitWords(unit) })})` : ''}
          {props.after}
        </Text>
      </Stack>
      <Text size="sm" fw={600}>
        {formatRupees(props.total)}
      </Text>
    </Group>
  );
}
