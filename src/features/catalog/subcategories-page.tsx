import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { QueryView } from '../../components/query-view';
import { useCategoryNames } from '../../data/category-names';
import { useMsg } from '../../lib/messages';
import { rememberShoppingPlace } from '../../stores/cart';
import { useCachedQuery } from '../../data/use-cached-query';
import { catalogFetch, catalogKeys } from './catalog-api';
import { CatalogHeading } from './catalog-heading';

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

export default function SubcategoriesPage() {
  const msg = useMsg();
  const { categoryName = '' } = useParams();
  const { pathname } = useLocation();
  useEffect(() => rememberShoppingPlace(pathname), [pathname]);
  // Saved on this device: offline, what was seen last shows, with its time.
  const q = useCachedQuery(catalogKeys.subcategories(categoryName), () => catalogFetch.subcategories(categoryName), {
    offlineNotice: true,
  });
  const names = useCategoryNames();
  // shown in the interface language, sorted as shown; links keep the English names
  const subs = useMemo(
    () => (q.data ? [...(q.data.subcategories ?? [])].sort((a, b) => byName(names.subcategory(a), names.subcategory(b))) : null),
    [q.data, names],
  );

  return (
    <Stack gap="md">
      <CatalogHeading title={names.category(categoryName)} />
      <QueryView query={q} data={subs} failed={msg.subcategoriesLoadFailed} empty={msg.noSubcategories}>
        {(subs) => (
          <SimpleGrid cols={2} spacing="sm">
            {subs.map((s) => (
              <Button
                key={s}
                component={Link}
                to={`/productlist/${encodeURIComponent(s)}`}
                variant="light"
                size="md"
                h="auto"
                mih={56}
                py="xs"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 } }}
              >
                {names.subcategory(s)}
              </Button>
            ))}
          </SimpleGrid>
        )}
      </QueryView>
    </Stack>
  );
}
