import type { ListFilters, Sort } from './catalog-api';

/** The filter values and rules, without the form (so a screen can draw before the form's inputs load). */
export const SORT_OPTIONS = [
  { value: '', label: 'sortDefault' },
  { value: 'lowToHigh', label: 'sortLowToHigh' },
  { value: 'highToLow', label: 'sortHighToLow' },
  { value: 'newest', label: 'sortNewest' },
  { value: 'rating', label: 'sortRating' },
] as const satisfies ReadonlyArray<{ value: Sort; label: string }>;

const SORTS: readonly string[] = SORT_OPTIONS.map((o) => o.value);

export const NO_FILTERS: ListFilters = { minPrice: '', maxPrice: '', inStock: false, sort: '' };

/** True when the max price is below the min price (the list is not loaded then). */
export const priceRangeError = (f: Pick<ListFilters, 'minPrice' | 'maxPrice'>) =>
  f.minPrice !== '' && f.maxPrice !== '' && f.maxPrice < f.minPrice;

/** A price typed in a field or read from the address bar: '' when empty or not a number, never negative. */
export const amountOf = (v: string | number | null): number | '' =>
  v === null || v === '' || Number.isNaN(Number(v)) ? '' : Math.max(Number(v), 0);

/** The list's filters as the address bar keeps them (so Back from a product returns to the same list). */
export function readFilters(sp: URLSearchParams): ListFilters {
  const sort = sp.get('sort') ?? '';
  return {
    minPrice: amountOf(sp.get('minPrice')),
    maxPrice: amountOf(sp.get('maxPrice')),
    inStock: sp.get('inStock') === '1',
    sort: (SORTS.includes(sort) ? sort : '') as Sort,
  };
}

/** Only the filled-in filters, in a fixed order (the same filters give the same address). */
export function filterParams(f: ListFilters, page = 1): URLSearchParams {
  const p = new URLSearchParams();
  if (f.minPrice !== '') p.set('minPrice', String(f.minPrice));
  if (f.maxPrice !== '') p.set('maxPrice', String(f.maxPrice));
  if (f.inStock) p.set('inStock', '1');
  if (f.sort) p.set('sort', f.sort);
  if (page > 1) p.set('page', String(page));
  return p;
}
