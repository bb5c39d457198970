import { Alert, Anchor, Breadcrumbs, Button, Center, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { PageLoader } from '../../components/page-loader';
import { ProductCard } from '../../components/product-card';
import { catalogApi, type ListFilters, type Product } from './catalog-api';
import { NO_FILTERS, ProductFilters, priceRangeError } from './product-filters';

type Status = 'loading' | 'more' | 'idle' | 'error';

export default function ProductListPage() {
  const { subcategory = '' } = useParams();
  const [form, setForm] = useState<ListFilters>(NO_FILTERS);
  // typing a price waits a moment before the list reloads
  const [filters] = useDebouncedValue(form, 400);
  const [items, setItems] = useState<Product[]>([]);
  const [totalCount, setTotalCount] = useState(0);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status>('loading');
  const [failedPage, setFailedPage] = useState(1);
  const request = useRef(0);

  const load = useCallback(
    async (p: number) => {
      const id = ++request.current;
      setStatus(p === 1 ? 'loading' : 'more');
      try {
        const r = await catalogApi.bySubcategory(subcategory, p, filters);
        if (id !== request.current) return;
        setItems((prev) => (p === 1 ? r.products : [...prev, ...r.products.filter((x) => !prev.some((y) => y._id === x._id))]));
        setTotalCount(r.totalCount);
        setPage(p);
        setStatus('idle');
      } catch {
        if (id !== request.current) return;
        setFailedPage(p);
        setStatus('error');
      }
    },
    [subcategory, filters],
  );

  // a new subcategory or new filters start the list again from page 1
  useEffect(() => {
    if (priceRangeError(filters)) return;
    setItems([]);
    setTotalCount(0);
    setPage(1);
    void load(1);
  }, [load, filters]);

  useEffect(() => setForm(NO_FILTERS), [subcategory]);

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
      <ProductFilters value={form} onChange={setForm} />
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
          <Anchor component="button" type="button" onClick={() => void load(failedPage)} fw={600}>
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
