import { Box, SimpleGrid, TextInput } from '@mantine/core';
import { USER_LIMITS } from '../../../core/schemas/limits';
import { PasswordField } from '../../components/password-field';
import { useT } from '../../lib/i18n';
import type { ProfileForm } from './use-profile-form';

const digits = (v: string) => v.replace(/\D/g, '').slice(0, 10);

/** Name, email, phone and a new password with its confirmation. */
export function AccountFields({ form }: { form: ProfileForm }) {
  const t = useT('profile');
  const { values, set } = form;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput
        label={t('name')}
        required
        maxLength={USER_LIMITS.name}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={form.error('name')}
        autoComplete="name"
      />
      <TextInput
        label={t('email')}
        type="email"
        maxLength={USER_LIMITS.email}
        value={values.email}
        onChange={(e) => set('email', e.currentTarget.value)}
        error={form.error('email')}
        autoComplete="email"
      />
      <TextInput
        label={t('phone')}
        inputMode="numeric"
        maxLength={10}
        value={values.phone}
        onChange={(e) => set('phone', digits(e.currentTarget.value))}
        error={form.error('phone')}
        autoComplete="tel-national"
      />
      <Box visibleFrom="xs" />
      <PasswordField
        label={t('newPassword')}
        description={t('keepPasswordHint')}
        maxLength={USER_LIMITS.password}
        value={values.password}
        onChange={(e) => set('password', e.currentTarget.value)}
        error={form.error('password')}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('confirmNewPassword')}
        description={t('onlyWhenChanging')}
        maxLength={USER_LIMITS.password}
        value={values.confirm}
        onChange={(e) => set('confirm', e.currentTarget.value)}
        error={form.error('confirm')}
        disabled={!values.password}
        autoComplete="new-password"
      />
    </SimpleGrid>
  );
}
