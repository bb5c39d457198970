import { Button, Card, Group, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { INFORMATION_MAX } from '../../../core/schemas/limits';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';

const schema = () => import('../../../core/schemas/information').then((m) => m.informationSchema);

/** An announcement's text, checked with core's schema: the create and the edit page. `save` throws the API's refusal. */
export function InformationForm({
  initial,
  submitLabel,
  save,
  failed,
}: {
  initial: string;
  submitLabel: string;
  save: (information: string) => Promise<void>;
  /** Shown when the server refuses without naming the field. */
  failed: string;
}) {
  const form = useSchemaForm({ schema, initial: { information: initial } });
  const [saving, setSaving] = useState(false);
  const t = useT('admin');
  const msg = useMsg();
  const text = form.values.information;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = await form.validate();
    if (!checked.ok) return;
    setSaving(true);
    try {
      await save(checked.data.information);
    } catch (err) {
      if (!form.serverError(err)) notifications.show({ message: errorMessage(err, failed || msg.somethingWrong), color: 'red' });
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="md" maw={640} component="form" onSubmit={submit} noValidate ref={form.formRef}>
      <Textarea
        label={t('information')}
        placeholder={t('informationPlaceholder')}
        required
        autosize
        minRows={4}
        maxLength={INFORMATION_MAX}
        value={text}
        onChange={(e) => form.set('information', e.currentTarget.value)}
        error={form.error('information')}
        description={t('charCount', { n: text.length, max: INFORMATION_MAX })}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" component={Link} to="/informationList">
          {t('cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </Card>
  );
}
