import { Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { PageLoader } from '../../components/page-loader';
import { ResponsiveTable } from '../../components/responsive-table';
import { RetryAlert } from '../../components/retry-alert';
import { useDeletableList } from '../../components/use-deletable-list';
import { useSession } from '../../stores/session';
import type { CategoryDto } from '../../../core/schemas/category';
import { deleteCategory, fetchCategories } from './admin-api';
import { PageHeader } from './page-header';

/** Category List: admins edit and delete; customers (/category) see it read-only. */
export default function CategoryListPage() {
  const isAdmin = useSession((s) => s.userInfo?.role === 'admin');
  const { items, error, busy, load, remove } = useDeletableList<CategoryDto>({
    name: 'admin:categories',
    fetch: fetchCategories,
    loadError: MSG.fetchCategoriesFailed,
    remove: deleteCategory,
    confirmText: MSG.confirmDeleteCategory,
    deleted: 'Category deleted successfully',
    deleteFailed: MSG.deleteCategoryFailed,
  });

  return (
    <>
      <PageHeader title="Category List">
        {isAdmin && (
          <Button component={Link} to="/create-category">
            Create Category
          </Button>
        )}
      </PageHeader>
      {error ? (
        <RetryAlert title={error} onRetry={load} />
      ) : !items ? (
        <PageLoader />
      ) : items.length === 0 ? (
        <Text c="dimmed">No categories yet.</Text>
      ) : (
        <ResponsiveTable
          label="Categories"
          rows={items}
          rowKey={(c) => c._id}
          columns={[
            { key: 'name', header: 'Name', cardTitle: true, render: (c) => c.name },
            {
              key: 'subs',
              header: 'Subcategories',
              render: (c) =>
                c.subcategories.length ? (
                  <Group gap={4}>
                    {c.subcategories.map((s) => (
                      <Badge key={s} variant="light" tt="none" size="sm">
                        {s}
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                ),
            },
          ]}
          actions={
            isAdmin
              ? (c) => (
                  <>
                    <Button size="xs" variant="light" component={Link} to={`/admin/category/${c._id}/edit`} aria-label={`Edit ${c.name}`}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      loading={busy === c._id}
                      onClick={() => void remove(c)}
                      aria-label={`Delete ${c.name}`}
                    >
                      Delete
                    </Button>
                  </>
                )
              : undefined
          }
        />
      )}
    </>
  );
}
