import type { ReactNode } from 'react';
import { Select } from '@mantine/core';
import { fetchPriceLists, PRICE_LISTS } from '../../data/pricing';
import { useCachedQuery } from '../../data/use-cached-query';
import { useT } from '../../lib/i18n';
import { useCan } from '../../stores/use-can';

/** The price list the counter prices the customer by (core/pricing.ts); none: the selling prices. Shown to those who read the lists. */
export function PriceListField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: ReactNode;
}) {
  const t = useT('customers');
  const reads = useCan('readPricing');
  const lists = useCachedQuery(reads ? PRICE_LISTS : null, fetchPriceLists);
  if (!reads) return null;
  return (
    <Select
      label={t('priceList')}
      description={t('priceListHint')}
      placeholder={t('sellingPrices')}
      data={(lists.data ?? []).map((l) => ({ value: l._id, label: l.name }))}
      value={value}
      onChange={onChange}
      clearable
      error={error}
      data-testid="customer-price-list"
    />
  );
}
