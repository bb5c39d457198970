import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { createCategory } from './admin-api';
import { CategoryForm, type CategoryFormValues } from './category-form';
import { PageHeader } from './page-header';

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

  const submit = async (values: CategoryFormValues) => {
    setSaving(true);
    try {
      await createCategory(values);
      notifications.show({ message: msg.categoryCreated, color: 'green' });
      navigate('/categories');
    } catch (err) {
      notifications.show({ message: categorySaveError(err, msg), color: 'red' });
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={t('createCategory')} />
      <CategoryForm submitLabel={t('create')} saving={saving} cancelTo="/categories" onSubmit={(v) => void submit(v)} />
    </>
  );
}
