import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../lib/i18n';
import type { SchemaForm } from '../lib/use-schema-form';

/**
 * A dialog's form on the form kit: its fields, then the refusal that names no field, then Cancel and
 * the action. `form.submit(save)` checks with the request's core schema, saves and places errors.
 */
export function ModalForm<V, Out>(props: {
  form: SchemaForm<V, Out>;
  onSubmit: (e?: FormEvent) => Promise<void>;
  /** Default "Cancel". */
  cancelLabel?: string;
  onCancel: () => void;
  submitLabel: string;
  /** An undoing action (void, cancel) shows its button in red. */
  danger?: boolean;
  /** The action is not possible yet (nothing to save). */
  submitDisabled?: boolean;
  submitTestId?: string;
  children: ReactNode;
}) {
  const t = useT('common');
  const { form } = props;
  return (
    <form onSubmit={props.onSubmit} noValidate ref={form.formRef}>
      <Stack gap="sm">
        {props.children}
        {form.banner && (
          <Alert color="red" role="alert">
            {form.banner}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel} mih={44}>
            {props.cancelLabel ?? t('cancel')}
          </Button>
          <Button
            type="submit"
            color={props.danger ? 'red' : undefined}
            loading={form.saving}
            disabled={props.submitDisabled}
            mih={44}
            data-testid={props.submitTestId}
          >
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
