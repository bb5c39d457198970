import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../lib/api';
import { useMsg } from '../lib/messages';
import { useSchemaForm } from '../lib/use-schema-form';

export interface ReasonDialogProps {
  title: string;
  /** What the action does, above the reason. */
  explain: ReactNode;
  label: string;
  placeholder?: string;
  maxLength: number;
  /** The button that closes without doing it, and the one that does it. */
  keepLabel: string;
  confirmLabel: string;
  /** The request's schema `{ reason }` from core/schemas, loaded on demand. */
  schema: () => Promise<z.ZodType<{ reason: string }>>;
  /** Does it with the checked reason; a refusal shows beside the reason or under it. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** A dialog that asks why before an undoing action (void a sale, cancel a bill), checked with the server's schema. */
export function ReasonDialog(props: ReasonDialogProps) {
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <ReasonForm {...props} />
    </Modal>
  );
}

function ReasonForm({ explain, label, placeholder, maxLength, keepLabel, confirmLabel, schema, onConfirm, onClose }: ReasonDialogProps) {
  const msg = useMsg();
  const form = useSchemaForm({ schema, initial: { reason: '' } });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = await form.validate();
    if (!checked.ok) return;
    setSaving(true);
    try {
      await onConfirm(checked.data.reason);
    } catch (err) {
      if (!form.serverError(err)) setError(errorMessage(err, msg.somethingWrong));
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate ref={form.formRef}>
      <Stack gap="sm">
        <Text size="sm">{explain}</Text>
        <Textarea
          label={label}
          placeholder={placeholder}
          value={form.values.reason}
          onChange={(e) => form.set('reason', e.currentTarget.value)}
          error={form.error('reason')}
          maxLength={maxLength}
          autosize
          minRows={2}
          data-autofocus
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} mih={44}>
            {keepLabel}
          </Button>
          <Button type="submit" color="red" loading={saving} mih={44}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
