import { Modal, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useSchemaForm } from '../lib/use-schema-form';
import { ModalForm } from './modal-form';

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
  const form = useSchemaForm({ schema, initial: { reason: '' } });
  return (
    <ModalForm
      form={form}
      onSubmit={form.submit((d) => onConfirm(d.reason))}
      cancelLabel={keepLabel}
      onCancel={onClose}
      submitLabel={confirmLabel}
      danger
    >
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
    </ModalForm>
  );
}
