import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import type { CategoryInput } from '../../../core/schemas/category';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { createCategory } from './admin-api';
import { CategoryForm } from './category-form';
import { PageHeader } from '../../components/page-header';

/** 400: the server's message or "Invalid input"; anything else: "An unexpected error occurred.". */
export function categorySaveError(err: unknown, msg: typeof MSG = MSG): string {
  if (err instanceof ApiError && err.status === 400) return err.data?.message || msg.invalidInput;
  if (err instanceof ApiError && err.status === 409 && err.data?.message) return err.data.message;
  return msg.unexpectedError;
}

export default function CategoryCreatePage() {
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const t = useT('admin');
  const msg = useMsg();

  const save = async (body: CategoryInput) => {
    setSaving(true);
    try {
      await createCategory(body);
    } catch (err) {
      setSaving(false);
      throw err;
    }
    notifications.show({ message: msg.categoryCreated, color: 'green' });
    navigate('/categories');
  };

  return (
    <>
      <PageHeader title={t('createCategory')} />
      <CategoryForm
        submitLabel={t('create')}
        saving={saving}
        cancelTo="/categories"
        save={save}
        failed={(err) => notifications.show({ message: categorySaveError(err, msg), color: 'red' })}
      />
    </>
  );
}
