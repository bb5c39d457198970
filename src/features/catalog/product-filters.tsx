import { Badge, Box, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import type { ListFilters, Sort } from './catalog-api';
import { amountOf, NO_FILTERS, priceRangeError, SORT_OPTIONS } from './filters-model';

/**
 * Min and max price, in-stock only and sort for the subcategory list. On a phone only the sort and a
 * Filters toggle show, the rest folded away (open while one is set), so the first screen is products.
 */
function ProductFilters({ value, onChange }: { value: ListFilters; onChange: (f: ListFilters) => void }) {
  const t = useT('catalog');
  const rangeError = priceRangeError(value) ? t('maxBelowMin') : null;
  const set = (value.minPrice !== '' ? 1 : 0) + (value.maxPrice !== '' ? 1 : 0) + (value.inStock ? 1 : 0);
  const [open, setOpen] = useState(set > 0);
  const dirty = set > 0 || value.sort !== '';
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={t('sortBy')}
          data={SORT_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
          value={value.sort}
          onChange={(v) => onChange({ ...value, sort: (v ?? '') as Sort })}
          allowDeselect={false}
          size="sm"
          styles={{ input: { height: 44 } }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button
          hiddenFrom="sm"
          size="xs"
          h={44}
          variant={open ? 'light' : 'default'}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="list-filters"
          rightSection={
            set > 0 ? (
              <Badge size="xs" circle>
                {set}
              </Badge>
            ) : undefined
          }
        >
          {t('filters')}
        </Button>
      </Group>
      <Box id="list-filters" visibleFrom={open || rangeError ? undefined : 'sm'}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
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
          <Group align="flex-end" pb={6} gap="xs" wrap="nowrap">
            <Checkbox
              label={t('inStockOnly')}
              checked={value.inStock}
              onChange={(e) => onChange({ ...value, inStock: e.currentTarget.checked })}
            />
          </Group>
        </SimpleGrid>
      </Box>
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
