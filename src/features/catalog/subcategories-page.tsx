import { Alert, Anchor, Breadcrumbs, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { catalogApi } from './catalog-api';

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

export default function SubcategoriesPage() {
  const { categoryName = '' } = useParams();
  const [subs, setSubs] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setSubs(null);
    setError(null);
    catalogApi
      .subcategories(categoryName)
      .then((r) => live && setSubs([...(r.subcategories ?? [])].sort(byName)))
      .catch((err) => live && setError(errorMessage(err, MSG.subcategoriesLoadFailed)));
    return () => {
      live = false;
    };
  }, [categoryName]);

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
