import { Alert, Anchor, Breadcrumbs, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { useCachedQuery } from '../../lib/use-cached-query';
import { catalogFetch, catalogKeys } from './catalog-api';

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

export default function SubcategoriesPage() {
  const { categoryName = '' } = useParams();
  // Saved on this device: offline, what was seen last shows, with its time.
  const q = useCachedQuery(catalogKeys.subcategories(categoryName), () => catalogFetch.subcategories(categoryName), {
    offlineNotice: true,
  });
  const subs = useMemo(() => (q.data ? [...(q.data.subcategories ?? [])].sort(byName) : null), [q.data]);
  const error = !subs && q.error ? errorMessage(q.error, MSG.subcategoriesLoadFailed) : null;

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/user-categories" size="sm">
          Categories
        </Anchor>
        <Text size="sm">{categoryName}</Text>
      </Breadcrumbs>
      <Title order={2}>{categoryName}</Title>
      {error ? (
        <Alert color="red">{error}</Alert>
      ) : !subs ? (
        <PageLoader />
      ) : subs.length === 0 ? (
        <Text c="dimmed">{MSG.noSubcategories}</Text>
      ) : (
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
              {s}
            </Button>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
