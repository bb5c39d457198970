import { Button, Card, Group, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { INFORMATION_MAX } from '../../../core/schemas/limits';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { createInformation } from './admin-api';
import { PageHeader } from './page-header';

const schema = () => import('../../../core/schemas/information').then((m) => m.informationSchema);

export default function InformationCreatePage() {
  const form = useSchemaForm({ schema, initial: { information: '' } });
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const t = useT('admin');
  const msg = useMsg();
  const text = form.values.information;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = await form.validate();
    if (!checked.ok) return;
    setSaving(true);
    try {
      await createInformation(checked.data.information);
      notifications.show({ message: msg.informationCreated, color: 'green' });
      navigate('/informationList');
    } catch (err) {
      if (!form.serverError(err)) notifications.show({ message: errorMessage(err, msg.somethingWrong), color: 'red' });
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={t('createNewInformation')} />
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
            {t('create')}
          </Button>
        </Group>
      </Card>
    </>
  );
}
