import { Alert, Button, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { confirm } from '../../components/confirm';
import { errorMessage } from '../../lib/api';
import { useCachedQuery } from '../../lib/use-cached-query';
import { ProductCard } from './product-card';
import type { ProductDto } from '../../../core/schemas/product';
import { deleteProduct, fetchMyProducts } from './products-api';

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/** /productList "Your Products". */
export default function ProductListPage() {
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const [category, setCategory] = useState<string | null>(null);
  const [subcategory, setSubcategory] = useState<string | null>(null);
  // the list shown stays while a new search loads
  const q = useCachedQuery(`vendor-products:${debounced}`, () => fetchMyProducts(debounced), { persist: false, keepPrevious: true });
  const products = q.data ?? null;
  const error = q.error ? MSG.productsLoadFailed : null;
  const [deleting, setDeleting] = useState<string | null>(null);

  const categories = useMemo(() => {
    const set = new Set((products ?? []).map((p) => p.category).filter(Boolean));
    if (category) set.add(category);
    return [...set].sort(byName);
  }, [products, category]);

  const subcategories = useMemo(() => {
    if (!category) return [];
    const set = new Set(
      (products ?? [])
        .filter((p) => p.category === category)
        .map((p) => p.subcategory)
        .filter(Boolean),
    );
    if (subcategory) set.add(subcategory);
    return [...set].sort(byName);
  }, [products, category, subcategory]);

  const shown = useMemo(
    () => (products ?? []).filter((p) => (!category || p.category === category) && (!subcategory || p.subcategory === subcategory)),
    [products, category, subcategory],
  );

  const { mutate } = q;
  const remove = useCallback(
    async (p: ProductDto) => {
      if (!(await confirm(MSG.confirmDeleteProduct))) return;
      setDeleting(p._id);
      try {
        await deleteProduct(p._id);
        mutate((list) => list?.filter((x) => x._id !== p._id));
        notifications.show({ color: 'green', message: `Deleted ${p.name}` });
      } catch (err) {
        notifications.show({ color: 'red', message: errorMessage(err, MSG.deleteProductFailed) });
      } finally {
        setDeleting(null);
      }
    },
    [mutate],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>Your Products</Title>
        <Button component={Link} to="/createProduct">
          + Create Product
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Search"
          placeholder="Name or Tamil name"
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          type="search"
        />
        <Select
          label="Category"
          placeholder="All categories"
          data={categories}
          value={category}
          onChange={(v) => {
            setCategory(v);
            setSubcategory(null);
          }}
          clearable
          searchable
        />
        <Select
          label="Subcategory"
          placeholder={category ? 'All subcategories' : 'Choose a category first'}
          data={subcategories}
          value={subcategory}
          onChange={setSubcategory}
          disabled={!category}
          clearable
          searchable
        />
      </SimpleGrid>

      {error ? (
        <Alert color="red" title={error}>
          <Button size="xs" variant="white" color="red" onClick={q.refresh}>
            Retry
          </Button>
        </Alert>
      ) : products === null ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={380} radius="md" />
          ))}
        </SimpleGrid>
      ) : shown.length === 0 ? (
        <Alert color="gray">{MSG.noProductsMatchSelected}</Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {shown.length} {shown.length === 1 ? 'product' : 'products'}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
            {shown.map((p) => (
              <ProductCard key={p._id} product={p} onDelete={() => void remove(p)} deleting={deleting === p._id} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
