import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useT } from '../../lib/i18n';
import type { ListFilters, Sort } from './catalog-api';
import { amountOf, NO_FILTERS, priceRangeError, SORT_OPTIONS } from './filters-model';

/** Min and max price, in-stock only and sort for the subcategory list. */
function ProductFilters({ value, onChange }: { value: ListFilters; onChange: (f: ListFilters) => void }) {
  const t = useT('catalog');
  const rangeError = priceRangeError(value) ? t('maxBelowMin') : null;
  const dirty = value.minPrice !== '' || value.maxPrice !== '' || value.inStock || value.sort !== '';
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <NumberInput
          label={t('minPrice')}
          min={0}
          allowNegative={false}
          hideControls
          value={value.minPrice}
          onChange={(v) => onChange({ ...value, minPrice: amountOf(v) })}
          size="sm"
        />
        <NumberInput
          label={t('maxPrice')}
          min={0}
          allowNegative={false}
          hideControls
          value={value.maxPrice}
          onChange={(v) => onChange({ ...value, maxPrice: amountOf(v) })}
          error={rangeError}
          size="sm"
        />
        <Select
          label={t('sortBy')}
          data={SORT_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
          value={value.sort}
          onChange={(v) => onChange({ ...value, sort: (v ?? '') as Sort })}
          allowDeselect={false}
          size="sm"
        />
        <Group align="flex-end" pb={6} gap="xs" wrap="nowrap">
          <Checkbox
            label={t('inStockOnly')}
            checked={value.inStock}
            onChange={(e) => onChange({ ...value, inStock: e.currentTarget.checked })}
          />
        </Group>
      </SimpleGrid>
      {dirty && (
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(NO_FILTERS)}>
            {t('clearFilters')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export default ProductFilters;
