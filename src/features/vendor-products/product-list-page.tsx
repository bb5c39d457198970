import { Alert, Button, Group, Menu, Pagination, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { confirm } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { errorMessage } from '../../lib/api';
import { useNumberFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { useCategoryNames } from '../../data/category-names';
import { useCan } from '../../stores/use-can';
import { ProductCard } from './product-card';
import type { ProductDto } from '../../../core/schemas/product';
import { deleteProduct, fetchMyProducts } from './products-api';

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
/** The Stock tools menu: where each item goes and its text. */
const STOCK_TOOLS = [
  ['/stock-count', 'countStock'],
  ['/reorder', 'reorderList'],
  ['/expiring', 'expiringSoon'],
  ['/labels', 'shelfLabels'],
  ['/products/import', 'importExport'],
  ['/purchases', 'purchasesList'],
] as const;
/** Products per page: a shop with hundreds of products does not draw them all at once. */
export const PAGE_SIZE = 24;

/** /productList "Your Products". */
export default function ProductListPage() {
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const [category, setCategory] = useState<string | null>(null);
  const [subcategory, setSubcategory] = useState<string | null>(null);
  // the list shown stays while a new search loads
  const q = useCachedQuery(`vendor-products:${debounced}`, () => fetchMyProducts(debounced), { persist: false, keepPrevious: true });
  const products = q.data ?? null;
  const [deleting, setDeleting] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const t = useT('vendor-products');
  const msg = useMsg();
  const num = useNumberFormat();
  // the stock tools and new products are for those who keep the goods (not a cashier)
  const keepStock = useCan('keepStock');

  // filters keep the English names as values and show them in the interface language
  const names = useCategoryNames();
  const categories = useMemo(() => {
    const set = new Set((products ?? []).map((p) => p.category).filter(Boolean));
    if (category) set.add(category);
    return [...set].sort(byName).map((value) => ({ value, label: names.category(value) }));
  }, [products, category, names]);

  const subcategories = useMemo(() => {
    if (!category) return [];
    const set = new Set(
      (products ?? [])
        .filter((p) => p.category === category)
        .map((p) => p.subcategory)
        .filter(Boolean),
    );
    if (subcategory) set.add(subcategory);
    return [...set].sort(byName).map((value) => ({ value, label: names.subcategory(value) }));
  }, [products, category, subcategory, names]);

  const shown = useMemo(
    () => (products ?? []).filter((p) => (!category || p.category === category) && (!subcategory || p.subcategory === subcategory)),
    [products, category, subcategory],
  );

  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  // a filter that leaves fewer pages keeps the last one in view
  const current = Math.min(page, pages);
  const pageItems = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const goTo = (p: number) => {
    setPage(p);
    window.scrollTo({ top: 0 });
  };

  const { mutate } = q;
  const remove = useCallback(
    async (p: ProductDto) => {
      if (!(await confirm(msg.confirmDeleteProduct))) return;
      setDeleting(p._id);
      try {
        await deleteProduct(p._id);
        mutate((list) => list?.filter((x) => x._id !== p._id));
        notifications.show({ color: 'green', message: t('deletedNamed', { name: p.name }) });
      } catch (err) {
        notifications.show({ color: 'red', message: errorMessage(err, msg.deleteProductFailed) });
      } finally {
        setDeleting(null);
      }
    },
    [mutate, msg, t],
  );

  return (
    <Stack gap="md">
      <PageHeader title={t('yourProducts')} mb={0}>
        {keepStock && (
          <>
            <Button component={Link} to="/purchases/new" variant="light">
              {t('receiveGoodsButton')}
            </Button>
            {/* the stock tools in one menu: five buttons took five rows of a phone */}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" rightSection={<span aria-hidden>▾</span>}>
                  {t('stockTools')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {STOCK_TOOLS.map(([to, label]) => (
                  <Menu.Item key={to} component={Link} to={to}>
                    {t(label)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button component={Link} to="/createProduct">
              {t('createProductButton')}
            </Button>
          </>
        )}
      </PageHeader>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.currentTarget.value);
            setPage(1);
          }}
          type="search"
        />
        <Select
          label={t('category')}
          placeholder={t('allCategories')}
          data={categories}
          value={category}
          onChange={(v) => {
            setCategory(v);
            setSubcategory(null);
            setPage(1);
          }}
          clearable
          searchable
        />
        <Select
          label={t('subcategory')}
          placeholder={category ? t('allSubcategories') : t('chooseCategoryFirst')}
          data={subcategories}
          value={subcategory}
          onChange={(v) => {
            setSubcategory(v);
            setPage(1);
          }}
          disabled={!category}
          clearable
          searchable
        />
      </SimpleGrid>

      {/* a search that failed says so, not the list of the one before (kept while the next loads) */}
      <QueryView
        query={q}
        data={q.error ? null : products}
        failed={msg.productsLoadFailed}
        loader={
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={380} radius="md" />
            ))}
          </SimpleGrid>
        }
        empty={() => shown.length === 0 && <Alert color="gray">{msg.noProductsMatchSelected}</Alert>}
      >
        {() => (
          <>
            <Text size="sm" c="dimmed" data-testid="product-count" aria-live="polite">
              {shown.length === 1
                ? t('oneProduct')
                : pages === 1
                  ? t('productCount', { n: num.format(shown.length) })
                  : t('productRange', {
                      from: num.format((current - 1) * PAGE_SIZE + 1),
                      to: num.format((current - 1) * PAGE_SIZE + pageItems.length),
                      n: num.format(shown.length),
                    })}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
              {pageItems.map((p) => (
                <ProductCard key={p._id} product={p} names={names} onDelete={() => void remove(p)} deleting={deleting === p._id} />
              ))}
            </SimpleGrid>
            {pages > 1 && (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={current}
                  onChange={goTo}
                  withEdges
                  siblings={1}
                  getControlProps={(control) => ({ 'aria-label': t(`page_${control}`) })}
                  getItemProps={(p) => ({ 'aria-label': t('pageN', { n: p }), 'aria-current': p === current ? 'page' : undefined })}
                />
              </Group>
            )}
          </>
        )}
      </QueryView>
    </Stack>
  );
}
