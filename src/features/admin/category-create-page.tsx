import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { createCategory } from './admin-api';
import { CategoryForm, type CategoryFormValues } from './category-form';
import { PageHeader } from './page-header';

/** 400: the server's message or "Invalid input"; anything else: "An unexpected error occurred.". */
export function categorySaveError(err: unknown): string {
  if (err instanceof ApiError && err.status === 400) return err.data?.message || MSG.invalidInput;
  if (err instanceof ApiError && err.status === 409 && err.data?.message) return err.data.message;
  return MSG.unexpectedError;
}

export default function CategoryCreatePage() {
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  const submit = async (values: CategoryFormValues) => {
    setSaving(true);
    try {
      await createCategory(values);
      notifications.show({ message: MSG.categoryCreated, color: 'green' });
      navigate('/categories');
    } catch (err) {
      notifications.show({ message: categorySaveError(err), color: 'red' });
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title="Create Category" />
      <CategoryForm submitLabel="Create" saving={saving} cancelTo="/categories" onSubmit={(v) => void submit(v)} />
    </>
  );
}
