import { Anchor, Breadcrumbs, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n';

/** A page of the catalogue under the categories (a category, a subcategory): the way back to them, and its title. */
export function CatalogHeading({ title }: { title: string }) {
  const t = useT('catalog');
  return (
    <>
      <Breadcrumbs>
        <Anchor component={Link} to="/user-categories" size="sm">
          {t('categories')}
        </Anchor>
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
      <Title order={2}>{title}</Title>
    </>
  );
}
