import { Alert, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { USER_LIMITS } from '../../../core/schemas/limits';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
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
  const msg = useMsg();
  const updateUser = useSession((s) => s.updateUser);
  const form = useSchemaForm({
    schema,
    initial: { upiId: useSession.getState().userInfo?.upiId ?? '', currentPassword: '' },
    // the profile may clear its UPI ID; here one is needed. A new UPI ID takes the account's password
    // (a session alone must not redirect the shop's payments): the server checks it
    check: (v) => (v.upiId.trim() ? [] : [{ code: 'upiInvalid', field: 'upiId' }]),
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // the dialog sits in the sale form's React tree: its submit must not reach the sale
    e.stopPropagation();
    setError(null);
    const checked = await form.validate();
    if (!checked.ok) return;
    setSaving(true);
    try {
      const saved = await saveUpiId(checked.data.upiId ?? '', checked.data.currentPassword ?? '');
      updateUser({ upiId: saved.upiId });
      notifications.show({ color: 'green', message: t('upiSaved') });
      onClose();
    } catch (err) {
      if (!form.serverError(err)) setError(errorMessage(err, msg.somethingWrong));
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate ref={form.formRef}>
      <Stack gap="sm">
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
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('saveUpiId')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
