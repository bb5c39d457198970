import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { confirm } from '../../components/confirm';
import { PageLoader } from '../../components/page-loader';
import { ResponsiveTable } from '../../components/responsive-table';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../stores/session';
import { type Category, deleteCategory, fetchCategories } from './admin-api';
import { PageHeader } from './page-header';

/** Category List: admins edit and delete; customers (/category) see it read-only. */
export default function CategoryListPage() {
  const isAdmin = useSession((s) => s.userInfo?.role === 'admin');
  const [items, setItems] = useState<Category[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setItems(await fetchCategories());
    } catch {
      setError(MSG.fetchCategoriesFailed);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const remove = async (c: Category) => {
    if (!(await confirm(MSG.confirmDeleteCategory))) return;
    setBusy(c._id);
    try {
      await deleteCategory(c._id);
      setItems((list) => list?.filter((x) => x._id !== c._id) ?? null);
      notifications.show({ message: 'Category deleted successfully', color: 'green' });
    } catch (err) {
      notifications.show({ message: errorMessage(err, MSG.deleteCategoryFailed), color: 'red' });
    } finally {
      setBusy(null);
    }
  };

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
        <Alert color="red" role="alert" title={error}>
          <Button variant="light" color="red" size="xs" onClick={() => void load()}>
            Retry
          </Button>
        </Alert>
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
                    <Button size="xs" color="red" variant="light" loading={busy === c._id} onClick={() => void remove(c)} aria-label={`Delete ${c.name}`}>
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
