import { Badge, Button, Card, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { parseSubcategories } from '../../../core/schemas/category';
import { useT } from '../../lib/i18n';

export interface CategoryFormValues {
  name: string;
  subcategories: string[];
}

interface Props {
  initial?: CategoryFormValues;
  submitLabel: string;
  saving: boolean;
  cancelTo: string;
  onSubmit: (values: CategoryFormValues) => void;
}

/** Name (required) and subcategories typed comma separated: trimmed, blanks dropped. */
export function CategoryForm({ initial, submitLabel, saving, cancelTo, onSubmit }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [subs, setSubs] = useState((initial?.subcategories ?? []).join(', '));
  const [nameError, setNameError] = useState<string | null>(null);
  const parsed = parseSubcategories(subs);
  const t = useT('admin');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameError(t('nameRequired'));
      return;
    }
    onSubmit({ name: name.trim(), subcategories: parsed });
  };

  return (
    <Card withBorder radius="lg" padding="md" maw={640} component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('name')}
          placeholder={t('categoryNamePlaceholder')}
          required
          maxLength={100}
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
        />
        <Textarea
          label={t('subcategories')}
          description={t('separateWithCommas')}
          placeholder={t('subcategoriesPlaceholder')}
          autosize
          minRows={2}
          value={subs}
          onChange={(e) => setSubs(e.currentTarget.value)}
        />
        {parsed.length > 0 && (
          <div>
            <Text size="xs" c="dimmed" mb={4}>
              {parsed.length === 1 ? t('subcategoryCount1') : t('subcategoryCount', { n: parsed.length })}
            </Text>
            <Group gap={6}>
              {parsed.map((s, i) => (
                <Badge key={`${s}-${i}`} variant="light" tt="none">
                  {s}
                </Badge>
              ))}
            </Group>
          </div>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" component={Link} to={cancelTo}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
