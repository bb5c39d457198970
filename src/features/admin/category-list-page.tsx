import { Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ResponsiveTable } from '../../components/responsive-table';
import { QueryView } from '../../components/query-view';
import { useDeletableList } from '../../components/use-deletable-list';
import { useT } from '../../lib/i18n';
import { useCan } from '../../stores/use-can';
import { useMsg } from '../../lib/messages';
import type { CategoryDto } from '../../../core/schemas/category';
import { deleteCategory, fetchCategories } from './admin-api';
import { PageHeader } from '../../components/page-header';

/** Category List: admins edit and delete; customers (/category) see it read-only. */
export default function CategoryListPage() {
  const isAdmin = useCan('administer');
  const t = useT('admin');
  const msg = useMsg();
  const { query, busy, remove } = useDeletableList<CategoryDto>({
    name: 'admin:categories',
    fetch: fetchCategories,
    remove: deleteCategory,
    confirmText: msg.confirmDeleteCategory,
    deleted: t('categoryDeleted'),
    deleteFailed: msg.deleteCategoryFailed,
  });

  return (
    <>
      <PageHeader title={t('categoryList')}>
        {isAdmin && (
          <Button component={Link} to="/create-category">
            {t('createCategory')}
          </Button>
        )}
      </PageHeader>
      <QueryView query={query} failed={msg.fetchCategoriesFailed} empty={t('noCategories')}>
        {(items) => (
          <ResponsiveTable
            label={t('categories')}
            rows={items}
            rowKey={(c) => c._id}
            columns={[
              {
                key: 'name',
                header: t('name'),
                cardTitle: true,
                // both names: the admin keeps the Tamil one in step with the English
                render: (c) => (c.nameTa ? `${c.name} · ${c.nameTa}` : c.name),
              },
              {
                key: 'subs',
                header: t('subcategories'),
                render: (c) =>
                  c.subcategories.length ? (
                    <Group gap={4}>
                      {c.subcategories.map((s, i) => (
                        <Badge key={s} variant="light" tt="none" size="sm">
                          {c.subcategoriesTa[i] ? `${s} · ${c.subcategoriesTa[i]}` : s}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('none')}
                    </Text>
                  ),
              },
            ]}
            actions={
              isAdmin
                ? (c) => (
                    <>
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        to={`/admin/category/${c._id}/edit`}
                        aria-label={t('editNamed', { name: c.name })}
                      >
                        {t('edit')}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={busy === c._id}
                        onClick={() => void remove(c)}
                        aria-label={t('deleteNamed', { name: c.name })}
                      >
                        {t('delete')}
                      </Button>
                    </>
                  )
                : undefined
            }
          />
        )}
      </QueryView>
    </>
  );
}
