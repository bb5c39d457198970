import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StaffRole } from '../../../core/roles';
import type { StaffDto } from '../../../core/schemas/staff';
import { ModalForm } from '../../components/modal-form';
import { useT } from '../../lib/i18n';
import { useText } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { RoleChoice } from './role-choice';
import { updateStaff } from './staff-api';

const schema = () => import('../../../core/schemas/staff').then((m) => m.updateStaffSchema);

/** Change role: what the person may do from their next request on. */
export default function RoleDialog({ staff, onClose, onSaved }: { staff: StaffDto; onClose: () => void; onSaved: (s: StaffDto) => void }) {
  const t = useT('staff');
  const text = useText();
  const form = useSchemaForm({ schema, initial: { role: staff.role as StaffRole } });
  const save = form.submit(async (body) => {
    const saved = await updateStaff(staff._id, body);
    notifications.show({ color: 'green', message: text({ code: 'staffUpdated' }) });
    onSaved(saved);
  }, t('failed'));
  return (
    <Modal opened onClose={onClose} title={t('changeRoleOf', { name: staff.name })} centered size="md">
      <ModalForm
        form={form}
        onSubmit={save}
        onCancel={onClose}
        submitLabel={t('save')}
        submitDisabled={form.values.role === staff.role}
        submitTestId="role-submit"
      >
        <RoleChoice value={form.values.role} onChange={(role) => form.set('role', role)} error={form.error('role')} />
      </ModalForm>
    </Modal>
  );
}
