import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import type { ListFilters, Sort } from './catalog-api';

import { NO_FILTERS, SORT_OPTIONS, priceRangeError } from './filters-model';

export { NO_FILTERS, SORT_OPTIONS, priceRangeError };

const toAmount = (v: string | number): number | '' => (v === '' || Number.isNaN(Number(v)) ? '' : Math.max(Number(v), 0));

/** Min and max price, in-stock only and sort for the subcategory list. */
function ProductFilters({ value, onChange }: { value: ListFilters; onChange: (f: ListFilters) => void }) {
  const rangeError = priceRangeError(value);
  const dirty = value.minPrice !== '' || value.maxPrice !== '' || value.inStock || value.sort !== '';
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <NumberInput
          label="Min price (₹)"
          min={0}
          allowNegative={false}
          hideControls
          value={value.minPrice}
          onChange={(v) => onChange({ ...value, minPrice: toAmount(v) })}
          size="sm"
        />
        <NumberInput
          label="Max price (₹)"
          min={0}
          allowNegative={false}
          hideControls
          value={value.maxPrice}
          onChange={(v) => onChange({ ...value, maxPrice: toAmount(v) })}
          error={rangeError}
          size="sm"
        />
        <Select
          label="Sort by"
          data={SORT_OPTIONS}
          value={value.sort}
          onChange={(v) => onChange({ ...value, sort: (v ?? '') as Sort })}
          allowDeselect={false}
          size="sm"
        />
        <Group align="flex-end" pb={6} gap="xs" wrap="nowrap">
          <Checkbox
            label="In stock only"
            checked={value.inStock}
            onChange={(e) => onChange({ ...value, inStock: e.currentTarget.checked })}
          />
        </Group>
      </SimpleGrid>
      {dirty && (
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export default ProductFilters;
