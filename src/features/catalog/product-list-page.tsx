import { Alert, Anchor, Box, Button, Center, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { SubcategoryProductsResponse } from '../../../core/schemas/product';
import { PageLoader } from '../../components/page-loader';
import { ProductCard } from '../../components/product-card';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useT } from '../../lib/i18n';
import { useCategoryNames } from '../../data/category-names';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { rememberShoppingPlace } from '../../stores/cart';
import { catalogApi, catalogFetch, catalogKeys, type ListFilters } from './catalog-api';
import { CatalogHeading } from './catalog-heading';
import { useCustomerArea } from './delivery-area';
import { DeliveryAreaPicker } from './delivery-area-picker';
import { filterParams, priceRangeError, readFilters } from './filters-model';

// The filter inputs (NumberInput, Select and their popover machinery) load beside the list, so
// the saved products draw without waiting for them.
const ProductFilters = lazy(() => import('./product-filters'));

/** Pages after the first already fetched in this tab, by their saved-copy name: Back to a long list redraws them at once. */
const seenPages = new Map<string, SubcategoryProductsResponse>();

/** Pages 2 to `upTo` of a list: those seen before from memory, the rest from the network (or their saved copy offline). */
async function laterPages(subcategory: string, upTo: number, f: ListFilters) {
  const pages = await Promise.all(
    Array.from({ length: upTo - 1 }, (_, i) => {
      const key = catalogKeys.bySubcategory(subcategory, i + 2, f);
      const seen = seenPages.get(key);
      return seen
        ? Promise.resolve(seen)
        : catalogApi.bySubcategory(subcategory, i + 2, f).then((r) => {
            if (seenPages.size > 200) seenPages.clear();
            seenPages.set(key, r);
            return r;
          });
    }),
  );
  return {
    key: catalogKeys.bySubcategory(subcategory, 1, f),
    pages: pages.map((p) => p.products),
    totalCount: pages.at(-1)?.totalCount ?? 0,
  };
}

/**
 * Products of a subcategory with filters and Load More. The filters and the number of pages shown
 * live in the address bar (?minPrice&maxPrice&inStock&sort&page), so Back from a product returns to
 * the same list, as long as it was, and the scroll position with it (src/app/scroll-memory.tsx).
 */
export default function ProductListPage() {
  const names = useCategoryNames();
  const t = useT('catalog');
  const msg = useMsg();
  const { subcategory = '' } = useParams();
  const { pathname, search } = useLocation();
  const [sp, setSp] = useSearchParams();
  const filters = readFilters(sp);
  const filtersKey = filterParams(filters).toString();
  const wantedPages = Math.min(Math.max(Math.floor(Number(sp.get('page'))) || 1, 1), 50);

  // the form follows the address bar (Back/Forward); typing waits a moment before the list reloads
  const [form, setForm] = useState<ListFilters>(filters);
  /** The filters this page last wrote to the address bar: the form may be ahead of them by then. */
  const written = useRef<string | null>(null);
  useEffect(() => {
    // the address bar reaches the page a moment after the write (a transition): a filter changed
    // meanwhile (a sort chosen just after ticking "In stock only") must not be reset by it
    if (filtersKey === written.current) return;
    written.current = null; // Back/Forward: the form follows, even to filters written before
    setForm(readFilters(new URLSearchParams(filtersKey)));
  }, [filtersKey]);
  const [typed] = useDebouncedValue(form, 400);
  useEffect(() => {
    const next = filterParams(typed).toString();
    if (next === filtersKey || priceRangeError(typed)) return;
    written.current = next;
    setSp(filterParams(typed), { replace: true });
    // only a change of the typed filters writes the address (not a change of the address itself)
  }, [typed]);

  useEffect(() => rememberShoppingPlace(`${pathname}${search}`), [pathname, search]);

  const applied = useMemo(() => readFilters(new URLSearchParams(filtersKey)), [filtersKey]);
  // the saved-copy names below carry the customer's delivery area: another area redraws the list
  useCustomerArea();
  // Page 1 reads through this device's saved copy: drawn at once (offline too), then refreshed
  // from the network. Later pages come from the network (or their own saved copy offline).
  const first = useCachedQuery(catalogKeys.bySubcategory(subcategory, 1, applied), () =>
    catalogFetch.bySubcategory(subcategory, 1, applied),
  );
  const listKey = catalogKeys.bySubcategory(subcategory, 1, applied);
  // Load More asks the address bar for one page more; the pages after the first load together (each
  // but the newest from memory), and the list keeps showing what it has meanwhile
  const more = useCachedQuery(
    wantedPages > 1 ? `${catalogKeys.bySubcategory(subcategory, 1, applied)}&pages=${wantedPages}` : null,
    () => laterPages(subcategory, wantedPages, applied),
    { persist: false, keepPrevious: true },
  );
  const extra = more.data?.key === listKey ? more.data : null;

  const items = useMemo(() => {
    const head = first.data?.products ?? [];
    const seen = new Set(head.map((x) => x._id));
    const rest = (extra?.pages ?? []).flat().filter((x) => !seen.has(x._id) && (seen.add(x._id), true));
    return [...head, ...rest];
  }, [first.data, extra]);
  const totalCount = extra ? extra.totalCount : (first.data?.totalCount ?? 0);
  const loadedPages = 1 + (extra?.pages.length ?? 0);

  const firstFailed = !first.data && !!first.error && !first.loading;
  const moreFailed = wantedPages > 1 && !!more.error && !more.refreshing && loadedPages < wantedPages;
  const status: 'loading' | 'more' | 'idle' | 'error' =
    first.loading && !first.data
      ? 'loading'
      : firstFailed || moreFailed
        ? 'error'
        : more.refreshing && loadedPages < wantedPages
          ? 'more'
          : 'idle';
  const canLoadMore = status === 'idle' && items.length < totalCount;

  const loadMore = () => setSp(filterParams(applied, loadedPages + 1), { replace: true });
  const retry = () => (firstFailed ? first.refresh() : more.refresh());

  return (
    <Stack gap="md">
      <CatalogHeading title={names.subcategory(subcategory)} />
      <DeliveryAreaPicker />
      {/* the sort and filters' own height while they load (a phone shows the sort and a Filters button): the list does not move */}
      <Suspense fallback={<Box mih={{ base: 66, sm: 100 }} />}>
        <ProductFilters value={form} onChange={setForm} />
      </Suspense>
      <SavedDataBadge savedAt={first.savedAt} fromCache={first.fromCache} offline={first.offline} refreshing={first.refreshing} />
      {status === 'loading' ? (
        <PageLoader />
      ) : items.length === 0 && status === 'idle' ? (
        <Text c="dimmed" ta="center" py="lg">
          {msg.noProductsMatchFilters}
        </Text>
      ) : (
        <>
          {items.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="showing">
              {t('showing', { n: items.length, total: totalCount })}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3, md: 4, lg: 5 }} spacing="xs">
            {items.map((p) => (
              <ProductCard key={p._id} product={p} />
            ))}
          </SimpleGrid>
        </>
      )}
      {status === 'error' && (
        <Alert color="red">
          {msg.productsLoadFailedDot}{' '}
          <Anchor component="button" type="button" onClick={retry} fw={600}>
            {t('retry')}
          </Anchor>
        </Alert>
      )}
      {(canLoadMore || status === 'more') && (
        <Center>
          <Button variant="light" onClick={loadMore} loading={status === 'more'}>
            {t('loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
