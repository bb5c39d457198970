import { Alert, Anchor, Breadcrumbs, Button, Center, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { PageLoader } from '../../components/page-loader';
import { ProductCard } from '../../components/product-card';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useCachedQuery } from '../../lib/use-cached-query';
import type { ProductDto } from '../../../core/schemas/product';
import { catalogApi, catalogFetch, catalogKeys, type ListFilters } from './catalog-api';
import { NO_FILTERS, priceRangeError } from './filters-model';

// The filter inputs (NumberInput, Select and their popover machinery) load beside the list, so
// the saved products draw without waiting for them.
const ProductFilters = lazy(() => import('./product-filters'));

export default function ProductListPage() {
  const { subcategory = '' } = useParams();
  const [form, setForm] = useState<ListFilters>(NO_FILTERS);
  // typing a price waits a moment before the list reloads
  const [filters] = useDebouncedValue(form, 400);
  const rangeError = priceRangeError(filters);
  // Page 1 reads through this device's saved copy: drawn at once (offline too), then refreshed
  // from the network. Load More pages come from the network (or their own saved copy offline).
  const first = useCachedQuery(rangeError ? null : catalogKeys.bySubcategory(subcategory, 1, filters), () =>
    catalogFetch.bySubcategory(subcategory, 1, filters),
  );
  const [more, setMore] = useState<{ key: string; products: ProductDto[]; totalCount: number; page: number } | null>(null);
  const [moreStatus, setMoreStatus] = useState<'idle' | 'more' | 'error'>('idle');
  const [failedPage, setFailedPage] = useState(2);
  const request = useRef(0);
  const listKey = `${subcategory}|${JSON.stringify(filters)}`;

  // a new subcategory or new filters start the list again from page 1
  useEffect(() => {
    request.current++;
    setMore(null);
    setMoreStatus('idle');
  }, [listKey]);

  const refreshFirst = first.refresh;
  const load = useCallback(
    async (p: number) => {
      if (p === 1) {
        refreshFirst();
        return;
      }
      const id = ++request.current;
      setMoreStatus('more');
      try {
        const r = await catalogApi.bySubcategory(subcategory, p, filters);
        if (id !== request.current) return;
        setMore((prev) => {
          const prevProducts = prev?.key === listKey ? prev.products : [];
          return { key: listKey, products: [...prevProducts, ...r.products], totalCount: r.totalCount, page: p };
        });
        setMoreStatus('idle');
      } catch {
        if (id !== request.current) return;
        setFailedPage(p);
        setMoreStatus('error');
      }
    },
    [subcategory, filters, listKey, refreshFirst],
  );

  const extra = more?.key === listKey ? more : null;
  const items = useMemo(() => {
    const head = first.data?.products ?? [];
    if (!extra) return head;
    const seen = new Set(head.map((x) => x._id));
    return [...head, ...extra.products.filter((x) => !seen.has(x._id) && (seen.add(x._id), true))];
  }, [first.data, extra]);
  const totalCount = extra?.totalCount ?? first.data?.totalCount ?? 0;
  const page = extra?.page ?? 1;
  const firstFailed = !first.data && !!first.error && !first.loading;
  const status: 'loading' | 'more' | 'idle' | 'error' =
    first.loading && !first.data ? 'loading' : firstFailed || moreStatus === 'error' ? 'error' : moreStatus;

  const canLoadMore = status === 'idle' && items.length < totalCount;

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/user-categories" size="sm">
          Categories
        </Anchor>
        <Text size="sm">{subcategory}</Text>
      </Breadcrumbs>
      <Title order={2}>{subcategory}</Title>
      <Suspense fallback={<div style={{ minHeight: 100 }} />}>
        <ProductFilters value={form} onChange={setForm} />
      </Suspense>
      <SavedDataBadge savedAt={first.savedAt} fromCache={first.fromCache} offline={first.offline} refreshing={first.refreshing} />
      {status === 'loading' ? (
        <PageLoader />
      ) : items.length === 0 && status === 'idle' ? (
        <Text c="dimmed" ta="center" py="lg">
          {MSG.noProductsMatchFilters}
        </Text>
      ) : (
        <>
          {items.length > 0 && (
            <Text size="sm" c="dimmed">
              Showing {items.length} of {totalCount}
            </Text>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="sm">
            {items.map((p) => (
              <ProductCard key={p._id} product={p} />
            ))}
          </SimpleGrid>
        </>
      )}
      {status === 'error' && (
        <Alert color="red">
          {MSG.productsLoadFailedDot}{' '}
          <Anchor component="button" type="button" onClick={() => void load(firstFailed ? 1 : failedPage)} fw={600}>
            Retry
          </Anchor>
        </Alert>
      )}
      {(canLoadMore || status === 'more') && (
        <Center>
          <Button variant="light" onClick={() => void load(page + 1)} loading={status === 'more'}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
  );
}
