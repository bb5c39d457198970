import { ActionIcon, Grid, Group, NumberInput, Paper, Select, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { formatRupees, toRupees } from '../../../core/money';
import {
  shopLineTotal,
  withCategory,
  withDiscount,
  withProduct,
  withQuantity,
  withSubcategory,
  type ShopOrderLine,
} from '../../../core/shop-order';
import type { CounterProductDto } from '../../../core/schemas/counter-catalog';
import { isDecimalUnit, toMilli } from '../../../core/units';
import { useLanguage, useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCategoryNames } from '../../data/category-names';
import { useUnitText } from '../../lib/unit-text';
import { baseQuantity, formatPacks, packOf } from '../../../core/packs';

// what a line is sold in and its batch: only products with packs or kept in batches need them (loaded then)
const PackSelect = lazy(() => import('./pack-select').then((m) => ({ default: m.PackSelect })));
const BatchSelect = lazy(() => import('./batch-select').then((m) => ({ default: m.BatchSelect })));

/** A line's quantity in the product's base unit (packs × factor), to compare with the stock. */
const baseOf = (line: ShopOrderLine, product: CounterProductDto) => baseQuantity(line.quantity, packOf(product, line.pack)?.factor);

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
const unique = (values: string[]) => [...new Set(values.filter(Boolean))].sort(byName);

interface LineProps {
  index: number;
  line: ShopOrderLine;
  products: CounterProductDto[];
  duplicate: boolean;
  showVendor: boolean;
  canRemove: boolean;
  /** What the counter's pricing charges the line (paise); undefined: its selling-price total. */
  chargedPaise?: number;
  onChange: (line: ShopOrderLine) => void;
  onRemove: () => void;
}

/** One line of the sale: category → subcategory → product, quantity, per-unit discount, line total. */
export function ShopOrderLineRow(props: LineProps) {
  const { index, line, products, duplicate, showVendor, canRemove, chargedPaise, onChange, onRemove } = props;
  const t = useT('shop-order');
  const msg = useMsg();
  const { quantity: formatQuantity, perUnit, name: unitName } = useUnitText();
  const lang = useLanguage();
  const names = useCategoryNames();
  const categories = useMemo(() => unique(products.map((p) => p.category)), [products]);
  const subcategories = useMemo(
    () => unique(products.filter((p) => p.category === line.category).map((p) => p.subcategory)),
    [products, line.category],
  );
  const choices = useMemo(
    () => products.filter((p) => p.category === line.category && p.subcategory === line.subcategory).sort((a, b) => byName(a.name, b.name)),
    [products, line.category, line.subcategory],
  );
  const product = products.find((p) => p._id === line.productId);
  const n = index + 1;
  // what the line is charged: after the customer's price list, a quantity break or a scheme (core/pricing.ts)
  const listed = shopLineTotal(line);
  const charged = chargedPaise === undefined ? listed : toRupees(chargedPaise);
  // loose goods (kg, l, metre) are weighed: 3 decimals; everything else is counted, and so are packs
  const weighed = isDecimalUnit(line.unit) && !line.pack;
  // a pack line's quantity and price are per pack ("2 bag × ₹1,200")
  const soldAs = (q: number) => (line.pack ? `${q} ${line.pack}` : formatQuantity(q, line.unit));
  const per = line.pack ? ` / ${line.pack}` : perUnit(line.unit);
  // on a phone a line with its product shows just the product: the choosers that led to it fold away
  // (a duplicate line keeps them, to choose another)
  const folded = line.productId && !duplicate ? 'sm' : undefined;
  const remove = (
    <ActionIcon variant="subtle" color="red" onClick={onRemove} disabled={!canRemove} aria-label={t('removeItemN', { n })}>
      ✕
    </ActionIcon>
  );

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="shop-line"
      style={duplicate ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Group justify="space-between" mb={4} visibleFrom={folded}>
        <Text fw={700} size="sm">
          {t('itemN', { n })}
        </Text>
        {remove}
      </Group>
      <Grid columns={24} gap="xs">
        <Grid.Col span={{ base: 12, md: 5 }} visibleFrom={folded}>
          <Select
            label={t('category')}
            aria-label={t('categoryN', { n })}
            placeholder={t('category')}
            data={categories.map((c) => ({ value: c, label: names.category(c) }))}
            value={line.category || null}
            onChange={(v) => onChange(withCategory(line, v ?? ''))}
            searchable
            nothingFoundMessage={t('noCategories')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} visibleFrom={folded}>
          <Select
            label={t('subcategory')}
            aria-label={t('subcategoryN', { n })}
            placeholder={t('subcategory')}
            data={subcategories.map((s) => ({ value: s, label: names.subcategory(s) }))}
            value={line.subcategory || null}
            onChange={(v) => onChange(withSubcategory(line, v ?? ''))}
            disabled={!line.category}
            searchable
          />
        </Grid.Col>
        {/* folded on a phone: the product (its name is the line's name) with the remove button beside it */}
        <Grid.Col span={{ base: folded ? 21 : 24, sm: 24, md: 8 }}>
          <Select
            label={t('product')}
            labelProps={{ visibleFrom: folded }}
            aria-label={t('productN', { n })}
            placeholder={line.subcategory ? t('chooseProduct') : t('chooseSubcategoryFirst')}
            data={choices.map((p) => ({
              value: p._id,
              label: `${p.name}${showVendor && p.vendorName ? ` (${p.vendorName})` : ''} — ${formatRupees(p.shopPrice)}${perUnit(p.unit)}`,
            }))}
            value={line.productId || null}
            onChange={(v) =>
              onChange(
                withProduct(
                  line,
                  products.find((p) => p._id === v),
                ),
              )
            }
            disabled={!line.subcategory}
            searchable
            nothingFoundMessage={t('noActiveProducts')}
            error={duplicate ? msg.duplicateLine : undefined}
          />
        </Grid.Col>
        {folded && (
          <Grid.Col span={3} hiddenFrom="sm">
            <Group h="100%" justify="flex-end" align="center">
              {remove}
            </Group>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: 3 }}>
          <NumberInput
            label={
              line.pack ? t('quantityIn', { unit: line.pack }) : weighed ? t('quantityIn', { unit: unitName(line.unit) }) : t('quantity')
            }
            aria-label={t('quantityN', { n })}
            min={weighed ? 0.001 : 1}
            step={weighed ? 0.25 : 1}
            allowDecimal={weighed}
            decimalScale={weighed ? 3 : 0}
            allowNegative={false}
            value={line.quantity || ''}
            onChange={(v) => onChange(withQuantity(line, v))}
            disabled={!line.productId}
            inputMode={weighed ? 'decimal' : 'numeric'}
            error={product && baseOf(line, product) > product.countInStock ? t('moreThanStock') : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <NumberInput
            label={weighed ? t('discountPer', { unit: unitName(line.unit) }) : t('discountPerUnit')}
            // one line, whatever the language: a long label ends in an ellipsis, its whole text on hover
            labelProps={{
              title: weighed ? t('discountPer', { unit: unitName(line.unit) }) : t('discountPerUnit'),
              style: { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
            }}
            aria-label={t('discountN', { n })}
            prefix="₹"
            min={0}
            decimalScale={2}
            allowNegative={false}
            value={line.discount}
            onChange={(v) => onChange(withDiscount(line, v))}
            disabled={!line.productId}
            inputMode="decimal"
          />
        </Grid.Col>
      </Grid>
      {/* what the line is sold in (a product with packs) and its batch (a product kept in batches), on a row of their own */}
      {product && (product.packs?.length || product.tracksBatches) ? (
        <Group gap="xs" mt="xs" align="flex-end">
          <Suspense fallback={null}>
            {!!product.packs?.length && <PackSelect n={n} line={line} product={product} onChange={onChange} />}
            {product.tracksBatches && <BatchSelect n={n} line={line} product={product} onChange={onChange} />}
          </Suspense>
        </Group>
      ) : null}
      <Group justify="space-between" mt="xs" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" truncate="end">
          {product
            ? `${formatRupees(line.price)}${per}${line.discount > 0 ? ` − ${formatRupees(line.discount)}` : ''} × ${soldAs(line.quantity || 0)} · ${t('inStock', { n: formatPacks(toMilli(product.countInStock), line.unit, product.packs, lang) })}`
            : ' '}
        </Text>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {/* a price list or scheme changed what the line comes to: the selling-price total struck through */}
          {charged !== listed && (
            <Text size="sm" c="dimmed" td="line-through" data-testid="line-before" title={t('lineBefore', { total: formatRupees(listed) })}>
              {formatRupees(listed)}
            </Text>
          )}
          <Text fw={700} data-testid="line-total" style={{ whiteSpace: 'nowrap' }}>
            {t('lineTotal', { total: formatRupees(charged) })}
          </Text>
        </Group>
      </Group>
    </Paper>
  );
}
