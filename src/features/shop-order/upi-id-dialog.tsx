import { Modal, PasswordInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { USER_LIMITS } from '../../../core/schemas/limits';
import { useT } from '../../lib/i18n';
import { ModalForm } from '../../components/modal-form';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSession } from '../../stores/session';
import { saveUpiId } from './shop-order-api';

const schema = () => import('../../../core/schemas/user').then((m) => m.profileUpdateSchema);

interface Props {
  opened: boolean;
  onClose: () => void;
}

/**
 * The seller's UPI ID, set from the sale screen without leaving it (its lines stay): saved to the
 * profile (PUT /api/users/profile, checked by the profile's schema, with the current password as the
 * profile asks for it) and to the session, so the QR shows.
 */
export default function UpiIdDialog({ opened, onClose }: Props) {
  const t = useT('shop-order');
  return (
    <Modal opened={opened} onClose={onClose} title={t('upiDialogTitle')} centered>
      {/* mounts with each opening: the field starts from the saved ID */}
      <UpiIdForm onClose={onClose} />
    </Modal>
  );
}

function UpiIdForm({ onClose }: { onClose: () => void }) {
  const t = useT('shop-order');
  const updateUser = useSession((s) => s.updateUser);
  const form = useSchemaForm({
    schema,
    initial: { upiId: useSession.getState().userInfo?.upiId ?? '', currentPassword: '' },
    // the profile may clear its UPI ID; here one is needed. A new UPI ID takes the account's password
    // (a session alone must not redirect the shop's payments): the server checks it
    check: (v) => (v.upiId.trim() ? [] : [{ code: 'upiInvalid', field: 'upiId' }]),
  });
  const save = form.submit(async (d) => {
    const saved = await saveUpiId(d.upiId ?? '', d.currentPassword ?? '');
    updateUser({ upiId: saved.upiId });
    notifications.show({ color: 'green', message: t('upiSaved') });
    onClose();
  });

  return (
    <ModalForm form={form} onSubmit={save} onCancel={onClose} submitLabel={t('saveUpiId')}>
      <TextInput
        label={t('upiIdLabel')}
        description={t('upiIdHint')}
        placeholder="name@bank"
        value={form.values.upiId}
        maxLength={USER_LIMITS.upiId}
        onChange={(e) => form.set('upiId', e.currentTarget.value.replace(/\s/g, ''))}
        error={form.error('upiId')}
        autoComplete="off"
        data-autofocus
      />
      <PasswordInput
        label={t('currentPassword')}
        description={t('currentPasswordHint')}
        value={form.values.currentPassword}
        onChange={(e) => form.set('currentPassword', e.currentTarget.value)}
        error={form.error('currentPassword')}
        autoComplete="current-password"
      />
    </ModalForm>
  );
}
