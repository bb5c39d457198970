import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { CategoryInput } from '../../../core/schemas/category';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchCategory, updateCategory } from './admin-api';
import { categorySaveError } from './category-create-page';
import { CategoryForm } from './category-form';
import { EditPage } from './edit-page';

const REDIRECT_MS = 1500;

export default function CategoryEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const t = useT('admin');
  const msg = useMsg();
  const q = useCachedQuery(`admin:category:${id}`, () => fetchCategory(id), { persist: false });
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const save = async (body: CategoryInput) => {
    setSaving(true);
    try {
      await updateCategory(id, body);
    } catch (err) {
      setSaving(false);
      throw err;
    }
    notifications.show({ message: msg.categoryUpdated, color: 'green' });
    setDone(true);
    timer.current = setTimeout(() => navigate('/admin/categories'), REDIRECT_MS);
  };

  return (
    <EditPage
      title={t('editCategory')}
      query={q}
      failed={msg.somethingWrong}
      notFound={msg.categoryNotFound}
      back={{ to: '/admin/categories', label: t('backToCategories') }}
    >
      {(category) => (
        <>
          {done && (
            <Alert color="green" mb="md" role="status">
              {msg.categoryUpdated}
            </Alert>
          )}
          <CategoryForm
            initial={category}
            submitLabel={t('update')}
            saving={saving || done}
            cancelTo="/admin/categories"
            save={save}
            failed={(err) => notifications.show({ message: categorySaveError(err, msg), color: 'red' })}
          />
        </>
      )}
    </EditPage>
  );
}
