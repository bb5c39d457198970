import { Modal, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EXPENSE_CATEGORY_NAME_MAX } from '../../../core/expense';
import { ModalForm } from '../../components/modal-form';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { addExpenseCategory } from './books-api';

const schema = () => import('../../../core/schemas/expense').then((m) => m.expenseCategorySchema);

/** A category of the shop's own (POST /api/expense-categories); a name it already has is refused. */
export default function CategoryDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const t = useT('books');
  const form = useSchemaForm({ schema, initial: { name: '' } });
  const save = form.submit(async (d) => {
    await addExpenseCategory(d.name);
    notifications.show({ color: 'green', message: t('categorySaved') });
    onSaved();
  }, t('saveFailed'));

  return (
    <Modal opened onClose={onClose} title={t('categoryTitle')}>
      <ModalForm
        form={form}
        onSubmit={save}
        cancelLabel={t('cancel')}
        onCancel={onClose}
        submitLabel={t('addCategory')}
        submitTestId="save-category"
      >
        <TextInput
          label={t('categoryName')}
          value={form.values.name}
          onChange={(e) => form.set('name', e.currentTarget.value)}
          error={form.error('name')}
          maxLength={EXPENSE_CATEGORY_NAME_MAX}
          data-autofocus
          data-testid="category-name"
        />
      </ModalForm>
    </Modal>
  );
}
