import { USER_LIMITS } from '../../core/schemas/limits';
import type { SchemaForm } from '../lib/use-schema-form';
import { PasswordField } from './password-field';

/** A password field's own words: its label, and a placeholder or a line under it. */
interface FieldText {
  label: string;
  placeholder?: string;
  description?: string;
}

/**
 * A new password and its confirmation (registration, a reset, the profile): each beside its own error,
 * the browser offered to suggest one. The form checks that the two match (`repeats`).
 */
export function NewPasswordFields<V extends { password: string; confirm: string }, Out>({
  form,
  password,
  confirm,
  required,
}: {
  form: SchemaForm<V, Out>;
  password: FieldText;
  /** `disabled`: nothing to confirm until a new password is typed (the profile's is optional). */
  confirm: FieldText & { disabled?: boolean };
  required?: boolean;
}) {
  return (
    <>
      {(['password', 'confirm'] as const).map((key) => (
        <PasswordField
          key={key}
          {...(key === 'password' ? password : confirm)}
          required={required}
          maxLength={USER_LIMITS.password}
          value={form.values[key]}
          onChange={(e) => form.set(key, e.currentTarget.value as V[typeof key])}
          error={form.error(key)}
          autoComplete="new-password"
        />
      ))}
    </>
  );
}
