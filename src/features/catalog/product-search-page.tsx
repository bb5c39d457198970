import { Badge, Box, Button, Grid, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { QueryView } from '../../components/query-view';
import { ProductCard } from '../../components/product-card';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { rememberShoppingPlace } from '../../stores/cart';
import { catalogFetch, catalogKeys, type Sort } from './catalog-api';
import { useCustomerArea } from './delivery-area';
import { DeliveryAreaPicker } from './delivery-area-picker';
import { amountOf as amount, priceRangeError } from './filters-model';

/** The applied search lives in the address bar, so Back from a product returns to the same results. */
function readQuery(sp: URLSearchParams) {
  const sort = sp.get('sort');
  return {
    keyword: sp.get('keyword') ?? '',
    minPrice: amount(sp.get('minPrice')),
    maxPrice: amount(sp.get('maxPrice')),
    sort: (sort === 'lowToHigh' || sort === 'highToLow' ? sort : '') as Sort,
    pageNumber: Math.max(Number(sp.get('page')) || 1, 1),
  };
}
type Query = ReturnType<typeof readQuery>;

function toParams(q: Query) {
  const p = new URLSearchParams();
  if (q.keyword.trim()) p.set('keyword', q.keyword.trim());
  if (q.minPrice !== '') p.set('minPrice', String(q.minPrice));
  if (q.maxPrice !== '') p.set('maxPrice', String(q.maxPrice));
  if (q.sort) p.set('sort', q.sort);
  if (q.pageNumber > 1) p.set('page', String(q.pageNumber));
  return p;
}

export default function ProductSearchPage() {
  const t = useT('catalog');
  const msg = useMsg();
  const { pathname, search } = useLocation();
  useEffect(() => rememberShoppingPlace(`${pathname}${search}`), [pathname, search]);
  const [sp, setSp] = useSearchParams();
  const query = readQuery(sp);
  const queryKey = toParams(query).toString();
  const [form, setForm] = useState(query);
  // On phones the price filters fold away (open when a price is applied); from tablets on they always show.
  const [filtersOpen, setFiltersOpen] = useState(query.minPrice !== '' || query.maxPrice !== '');

  // the form follows the address bar (Back/Forward, a search from another screen)
  useEffect(() => setForm(readQuery(new URLSearchParams(queryKey))), [queryKey]);

  // The saved copy of these results draws at once (offline too), then the network's answer.
  const applied = readQuery(new URLSearchParams(queryKey));
  // the saved-copy name carries the customer's delivery area: another area redraws the results
  useCustomerArea();
  const q = useCachedQuery(catalogKeys.search(applied), () => catalogFetch.search(applied));
  const result = q.data ?? null;
  const loading = q.loading;

  const rangeError = priceRangeError(form) ? t('maxBelowMin') : null;
  const go = (q: Query) => setSp(toParams(q));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rangeError) return;
    go({ ...form, pageNumber: 1 });
  };
  const sortBy = (sort: Sort) => {
    const next = { ...form, sort: form.sort === sort ? ('' as Sort) : sort };
    setForm(next);
    if (!rangeError) go({ ...query, sort: next.sort, pageNumber: 1 });
  };
  // Nothing typed yet (no keyword, no price): the first page only, without a count or pages, not the whole catalogue.
  const browsing = !applied.keyword && applied.minPrice === '' && applied.maxPrice === '';
  const pricesSet = Number(query.minPrice !== '') + Number(query.maxPrice !== '');
  const pages = result?.pages ?? 1;
  const page = result?.page ?? query.pageNumber;

  return (
    <Stack gap="md">
      <Title order={2}>{t('searchTitle')}</Title>
      <DeliveryAreaPicker />
      <form onSubmit={submit}>
        <Stack gap="xs">
          {/* phone-first: the keyword and Search on one row, sorting beside a Filters toggle, prices folded away */}
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('keyword')}
              placeholder={t('keywordPlaceholder')}
              value={form.keyword}
              onChange={(e) => setForm({ ...form, keyword: e.currentTarget.value })}
              maxLength={100}
              enterKeyHint="search"
              size="md"
              styles={{ input: { height: 44 } }}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button type="submit" size="md" h={44}>
              {t('search')}
            </Button>
          </Group>
          <Group gap="xs" wrap="wrap">
            <Button
              hiddenFrom="sm"
              size="xs"
              h={44}
              variant={filtersOpen ? 'light' : 'default'}
              onClick={() => setFiltersOpen((o) => !o)}
              aria-expanded={filtersOpen}
              aria-controls="search-price-filters"
              rightSection={
                pricesSet > 0 ? (
                  <Badge size="xs" circle>
                    {pricesSet}
                  </Badge>
                ) : undefined
              }
            >
              {t('filters')}
            </Button>
            <Button
              size="xs"
              h={44}
              variant={form.sort === 'lowToHigh' ? 'filled' : 'default'}
              onClick={() => sortBy('lowToHigh')}
              aria-pressed={form.sort === 'lowToHigh'}
            >
              {t('lowToHigh')}
            </Button>
            <Button
              size="xs"
              h={44}
              variant={form.sort === 'highToLow' ? 'filled' : 'default'}
              onClick={() => sortBy('highToLow')}
              aria-pressed={form.sort === 'highToLow'}
            >
              {t('highToLow')}
            </Button>
          </Group>
          <Box id="search-price-filters" visibleFrom={filtersOpen || rangeError ? undefined : 'sm'}>
            <Grid gap="xs">
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberInput
                  label={t('minPrice')}
                  min={0}
                  allowNegative={false}
                  hideControls
                  value={form.minPrice}
                  onChange={(v) => setForm({ ...form, minPrice: amount(String(v)) })}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberInput
                  label={t('maxPrice')}
                  min={0}
                  allowNegative={false}
                  hideControls
                  value={form.maxPrice}
                  onChange={(v) => setForm({ ...form, maxPrice: amount(String(v)) })}
                  error={rangeError}
                />
              </Grid.Col>
            </Grid>
          </Box>
        </Stack>
      </form>
      <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
      <QueryView
        query={q}
        failed={msg.productsLoadFailed}
        empty={(r) =>
          r.products.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              {t('noProductsFound')}
            </Text>
          )
        }
      >
        {(result) => (
          <>
            <Text size="sm" c="dimmed">
              {browsing ? t('typeToSearch') : result.total === 1 ? t('oneProductFound') : t('productsFound', { n: result.total })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3, md: 4, lg: 5 }} spacing="xs" style={{ opacity: loading ? 0.5 : 1 }}>
              {result.products.map((p) => (
                <ProductCard key={p._id} product={p} />
              ))}
            </SimpleGrid>
          </>
        )}
      </QueryView>
      {pages > 1 && !browsing && (
        <Group justify="center" gap="sm">
          <Button variant="default" disabled={page <= 1 || loading} onClick={() => go({ ...query, pageNumber: page - 1 })}>
            {t('previous')}
          </Button>
          <Text size="sm">{t('pageOf', { page, pages })}</Text>
          <Button variant="default" disabled={page >= pages || loading} onClick={() => go({ ...query, pageNumber: page + 1 })}>
            {t('next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
