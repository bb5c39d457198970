import { Button, Card, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import type { SchemaForm } from '../../lib/use-schema-form';

/** An admin form on its card: its fields, then Cancel (back to the list) and the action. */
export function FormCard<V, Out>(props: {
  form: SchemaForm<V, Out>;
  onSubmit: (e?: FormEvent) => Promise<void>;
  cancelTo: string;
  submitLabel: string;
  /** Set by a page that keeps the button busy after the save (until it moves on); default while saving. */
  saving?: boolean;
  submitDisabled?: boolean;
  maw?: number;
  children: ReactNode;
}) {
  const t = useT('admin');
  const { form } = props;
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      maw={props.maw ?? 640}
      component="form"
      onSubmit={props.onSubmit}
      noValidate
      ref={form.formRef}
    >
      <Stack gap="sm">
        {props.children}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" component={Link} to={props.cancelTo}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={props.saving ?? form.saving} disabled={props.submitDisabled}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
