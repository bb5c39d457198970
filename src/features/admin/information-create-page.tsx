import { Button, Card, Group, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { informationSchema } from '../../../core/schemas/information';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { createInformation } from './admin-api';
import { PageHeader } from './page-header';

export default function InformationCreatePage() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const t = useT('admin');
  const msg = useMsg();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = informationSchema.safeParse({ information: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('informationRequired'));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await createInformation(parsed.data.information);
      notifications.show({ message: msg.informationCreated, color: 'green' });
      navigate('/informationList');
    } catch (err) {
      notifications.show({ message: errorMessage(err, msg.somethingWrong), color: 'red' });
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={t('createNewInformation')} />
      <Card withBorder radius="lg" padding="md" maw={640} component="form" onSubmit={submit} noValidate>
        <Textarea
          label={t('information')}
          placeholder={t('informationPlaceholder')}
          required
          autosize
          minRows={4}
          maxLength={2000}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          description={t('charCount', { n: text.length, max: 2000 })}
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
