import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useT } from '../lib/i18n';

/**
 * Mantine's PasswordInput with its show/hide toggle named in the interface language, and the field
 * itself marked invalid while it shows an error (Mantine marks only its wrapper, so a screen reader
 * and the form's "first field in error" would miss it).
 */
export function PasswordField(props: PasswordInputProps) {
  const t = useT('common');
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('passwordVisibility') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
