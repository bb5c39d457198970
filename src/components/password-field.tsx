import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n';

type EarlyWindow = Window & { __nkPasswordShown?: boolean };

/**
 * Mantine's PasswordInput with its show/hide toggle named in the interface language, and the field
 * itself marked invalid while it shows an error (Mantine marks only its wrapper, so a screen reader
 * and the form's "first field in error" would miss it). On the prerendered sign-in screen the eye works
 * before the app has started (public/early-submit.js): the field then starts shown, as it was left.
 */
export function PasswordField(props: PasswordInputProps) {
  const t = useT('common');
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // after hydration (its first render matches the prerendered markup): take over what the early eye did
    const early = window as EarlyWindow;
    if (early.__nkPasswordShown) setVisible(true);
    delete early.__nkPasswordShown;
  }, []);
  return (
    <PasswordInput
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': t('passwordVisibility') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
