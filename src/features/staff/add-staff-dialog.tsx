import { Modal, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StaffRole } from '../../../core/roles';
import type { StaffDto } from '../../../core/schemas/staff';
import { USER_LIMITS } from '../../../core/schemas/limits';
import { ModalForm } from '../../components/modal-form';
import { PasswordField } from '../../components/password-field';
import { useT } from '../../lib/i18n';
import { useText } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { RoleChoice } from './role-choice';
import { addStaff } from './staff-api';

const schema = () => import('../../../core/schemas/staff').then((m) => m.createStaffSchema);

interface Values {
  phone: string;
  name: string;
  role: StaffRole | null;
  password: string;
  shopId: string;
}

/** Add staff: a person by phone, their name and role, and a first password when the phone has no account yet. */
export default function AddStaffDialog({
  shopId,
  onClose,
  onAdded,
}: {
  shopId?: string;
  onClose: () => void;
  onAdded: (s: StaffDto) => void;
}) {
  const t = useT('staff');
  const text = useText();
  const form = useSchemaForm({
    schema,
    initial: (): Values => ({ phone: '', name: '', role: 'cashier', password: '', shopId: shopId ?? '' }),
  });
  const { values, set } = form;
  const save = form.submit(async (body) => {
    const added = await addStaff(body);
    notifications.show({ color: 'green', message: text({ code: 'staffAdded', params: { name: added.name } }) });
    onAdded(added);
  }, t('failed'));
  return (
    <Modal opened onClose={onClose} title={t('addStaff')} centered size="md">
      <ModalForm form={form} onSubmit={save} onCancel={onClose} submitLabel={t('add')} submitTestId="add-staff-submit">
        <TextInput
          label={t('phone')}
          required
          inputMode="tel"
          autoComplete="off"
          value={values.phone}
          onChange={(e) => set('phone', e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
          error={form.error('phone')}
          data-autofocus
        />
        <TextInput
          label={t('name')}
          description={t('nameHint')}
          required
          maxLength={USER_LIMITS.name}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={form.error('name')}
        />
        <RoleChoice value={values.role} onChange={(role) => set('role', role)} error={form.error('role')} />
        <PasswordField
          label={t('firstPassword')}
          description={t('firstPasswordHint')}
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password', e.currentTarget.value)}
          error={form.error('password')}
        />
      </ModalForm>
    </Modal>
  );
}
