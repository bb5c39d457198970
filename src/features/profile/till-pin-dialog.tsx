import { Modal, PasswordInput, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { messageResponse } from '../../../core/schemas/common';
import type { z } from 'zod';
import { ModalForm } from '../../components/modal-form';
import { PasswordField } from '../../components/password-field';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import type { FieldProblem } from '../../lib/schema-errors';
import { useSchemaForm } from '../../lib/use-schema-form';

const schema = () => import('../../../core/schemas/staff').then((m) => m.setPinSchema);

interface Values {
  pin: string;
  confirmPin: string;
  currentPassword: string;
}
const digits = (s: string) => s.replace(/\D/g, '').slice(0, 6);
const sameTwice = (v: Values): FieldProblem[] => (v.confirmPin !== v.pin ? [{ field: 'confirmPin', code: 'pinsMismatch' }] : []);

/** PUT /api/shop/staff/me/pin: the person's own till PIN, typed twice, with their password. */
export default function TillPinDialog({ onClose }: { onClose: () => void }) {
  const t = useT('profile');
  const form = useSchemaForm({
    schema,
    initial: { pin: '', confirmPin: '', currentPassword: '' },
    toInput: ({ pin, currentPassword }: Values) => ({ pin, currentPassword }),
    check: sameTwice,
  });
  const { values, set } = form;
  const save = form.submit(async (body) => {
    const res = await api.put<z.infer<typeof messageResponse>>('shop/staff/me/pin', body);
    notifications.show({ color: 'green', message: res.message });
    onClose();
  });
  const pinField = (key: 'pin' | 'confirmPin', label: string) => (
    <PasswordInput
      label={label}
      required
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      value={values[key]}
      onChange={(e) => set(key, digits(e.currentTarget.value))}
      error={form.error(key)}
      data-testid={key === 'pin' ? 'new-pin' : 'confirm-pin'}
    />
  );
  return (
    <Modal opened onClose={onClose} title={t('tillPin')} centered>
      <ModalForm form={form} onSubmit={save} onCancel={onClose} submitLabel={t('savePin')} submitTestId="save-pin">
        <SimpleGrid cols={2} spacing="sm">
          {pinField('pin', t('newPin'))}
          {pinField('confirmPin', t('confirmPin'))}
        </SimpleGrid>
        <PasswordField
          label={t('currentPassword')}
          required
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(e) => set('currentPassword', e.currentTarget.value)}
          error={form.error('currentPassword')}
        />
      </ModalForm>
    </Modal>
  );
}
