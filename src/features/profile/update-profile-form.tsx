import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { USER_LIMITS } from '../../../core/schemas/limits';
import type { UserDto } from '../../../core/schemas/user';
import { PasswordField } from '../../components/password-field';
import { useT } from '../../lib/i18n';
import { can } from '../../lib/can';
import { AccountFields } from './account-fields';
import { AddressesCard } from './addresses-card';
import { PhoneCodeStep } from './phone-code-step';
import { needsCurrentPassword } from './profile-values';
import { ShopFields, UpiField } from './shop-fields';
import { useProfileForm } from './use-profile-form';

/** The Update Profile form of a loaded profile: account, shop (vendors), addresses, and the current password when it is needed. */
export function UpdateProfileForm({ profile, areas, areasFailed }: { profile: UserDto; areas: string[]; areasFailed: boolean }) {
  const { form, saving, submit, phoneStep, closePhoneStep, done } = useProfileForm(profile);
  const navigate = useNavigate();
  const t = useT('profile');
  const tc = useT('common');

  if (phoneStep) return <PhoneCodeStep step={phoneStep} back={closePhoneStep} done={done} />;

  const hasErrors = Object.keys(form.errors).length > 0;
  return (
    <form onSubmit={submit} noValidate ref={form.formRef}>
      <Stack maw={720} mx="auto" gap="md">
        <Title order={2}>{t('updateProfile')}</Title>
        {hasErrors && (
          <Alert color="red" role="alert">
            {tc('fixErrors')} {form.unplaced}
          </Alert>
        )}

        <Card withBorder radius="lg" padding="lg">
          <AccountFields form={form} />
          {can(profile, 'administer') && <UpiField form={form} mt="sm" />}
          {can(profile, 'ownShop') && (
            <ShopFields form={form} areas={areas} commission={profile.vendorDetails?.commissionPercentage ?? 0} />
          )}
        </Card>

        <AddressesCard form={form} areas={areas} areasFailed={areasFailed} />

        {needsCurrentPassword(form.values, profile) && (
          <Card withBorder radius="lg" padding="lg">
            <PasswordField
              label={t('currentPassword')}
              description={t('currentPasswordHint')}
              value={form.values.currentPassword}
              onChange={(e) => form.set('currentPassword', e.currentTarget.value)}
              maxLength={USER_LIMITS.password}
              error={form.error('currentPassword')}
              autoComplete="current-password"
              required
              maw={360}
              data-testid="current-password"
            />
          </Card>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate('/profile')} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('saveChanges')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
