import type { ListFilters, Sort } from './catalog-api';

/** The filter values and rules, without the form (so a screen can draw before the form's inputs load). */
export const SORT_OPTIONS: Array<{ value: Sort; label: string }> = [
  { value: '', label: 'Default' },
  { value: 'lowToHigh', label: 'Price: Low to High' },
  { value: 'highToLow', label: 'Price: High to Low' },
  { value: 'newest', label: 'Newest first' },
  { value: 'rating', label: 'Top rated' },
];

export const NO_FILTERS: ListFilters = { minPrice: '', maxPrice: '', inStock: false, sort: '' };

export const priceRangeError = (f: Pick<ListFilters, 'minPrice' | 'maxPrice'>) =>
  f.minPrice !== '' && f.maxPrice !== '' && f.maxPrice < f.minPrice ? 'Max price must be at least the min price' : null;
