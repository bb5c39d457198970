import { Button, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { QueryView } from '../../components/query-view';
import { useCategoryNames } from '../../data/category-names';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { rememberShoppingPlace } from '../../stores/cart';
import { useCachedQuery } from '../../data/use-cached-query';
import { catalogFetch, catalogKeys } from './catalog-api';
import { DeliveryAreaPicker } from './delivery-area-picker';
import { SearchBox } from './search-box';

/** The seven button colours the categories cycle through. */
const COLOURS = ['teal', 'blue', 'grape', 'orange', 'pink', 'indigo', 'green'] as const;

export default function CategoriesPage() {
  const t = useT('catalog');
  const msg = useMsg();
  useEffect(() => rememberShoppingPlace('/user-categories'), []);
  // Saved on this device: offline, what was seen last shows, with its time.
  const q = useCachedQuery(catalogKeys.categories, catalogFetch.categories, { offlineNotice: true });
  const names = useCategoryNames();

  return (
    <Stack gap="md">
      <Title order={2}>{t('chooseCategory')}</Title>
      <DeliveryAreaPicker />
      <SearchBox />
      <QueryView query={q} failed={msg.categoriesLoadFailed} empty={t('noCategories')}>
        {(categories) => (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {categories.map((c, i) => (
              <Button
                key={c._id}
                component={Link}
                to={`/subcategory/${encodeURIComponent(c.name)}`}
                color={COLOURS[i % COLOURS.length]}
                size="lg"
                h="auto"
                mih={72}
                py="sm"
                px="xs"
                fz="md"
                // long Tamil names wrap between words, and a word wider than the tile breaks rather than being cut
                styles={{
                  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3, overflowWrap: 'anywhere', overflow: 'visible' },
                }}
              >
                {names.category(c.name)}
              </Button>
            ))}
          </SimpleGrid>
        )}
      </QueryView>
    </Stack>
  );
}
