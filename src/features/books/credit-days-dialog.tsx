import { Modal, NumberInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CREDIT_DAYS_MAX } from '../../../core/customer';
import type { SupplierAccountDto } from '../../../core/schemas/supplier';
import { ModalForm } from '../../components/modal-form';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { updateSupplier } from './books-api';

const schema = () => import('../../../core/schemas/supplier').then((m) => m.updateSupplierSchema);

/** A supplier's credit days (PUT /api/suppliers/:id): its bills fall due that many days after their date. */
export default function CreditDaysDialog({
  supplier,
  onClose,
  onSaved,
}: {
  supplier: SupplierAccountDto;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT('books');
  const form = useSchemaForm({
    schema,
    initial: { creditDays: supplier.creditDays as number | '' },
    toInput: (v) => ({ creditDays: v.creditDays === '' ? undefined : v.creditDays }),
  });
  const save = form.submit(async (d) => {
    await updateSupplier(supplier._id, d);
    notifications.show({ color: 'green', message: t('saved') });
    onSaved();
  }, t('saveFailed'));

  return (
    <Modal opened onClose={onClose} title={t('editCreditDays', { name: supplier.name })}>
      <ModalForm
        form={form}
        onSubmit={save}
        cancelLabel={t('cancel')}
        onCancel={onClose}
        submitLabel={t('save')}
        submitTestId="save-credit-days"
      >
        <Text size="sm" c="dimmed">
          {t('creditDaysHint')}
        </Text>
        <NumberInput
          label={t('creditDays')}
          value={form.values.creditDays}
          onChange={(v) => form.set('creditDays', typeof v === 'number' ? v : '')}
          error={form.error('creditDays')}
          min={0}
          max={CREDIT_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          data-autofocus
          data-testid="credit-days-input"
        />
      </ModalForm>
    </Modal>
  );
}
