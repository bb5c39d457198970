import { Badge, Group, Text, TextInput, Textarea } from '@mantine/core';
import { type CategoryInput, categorySchema, parseSubcategories, parseTamilNames } from '../../../core/schemas/category';
import { CATEGORY_LIMITS } from '../../../core/schemas/limits';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormCard } from './form-card';

// the schema module is already in this screen's chunk (its parsers), so no separate load
const schema = () => Promise.resolve(categorySchema);

interface Props {
  initial?: { name: string; nameTa?: string; subcategories: string[]; subcategoriesTa?: string[] };
  submitLabel: string;
  saving: boolean;
  cancelTo: string;
  /** Saves the checked request; a refusal is thrown. */
  save: (body: CategoryInput) => Promise<void>;
  /** A refusal that names no field of the form. */
  failed: (err: unknown) => void;
}

/**
 * Name (required), its Tamil name, and subcategories typed comma separated: trimmed, blanks dropped
 * (categorySchema); their Tamil names likewise, in the same order.
 */
export function CategoryForm({ initial, submitLabel, saving, cancelTo, save, failed }: Props) {
  const form = useSchemaForm({
    schema,
    initial: {
      name: initial?.name ?? '',
      nameTa: initial?.nameTa ?? '',
      subcategories: (initial?.subcategories ?? []).join(', '),
      subcategoriesTa: parseTamilNames(initial?.subcategoriesTa ?? []).join(', '),
    },
  });
  const parsed = parseSubcategories(form.values.subcategories);
  const parsedTa = parseTamilNames(form.values.subcategoriesTa);
  const t = useT('admin');

  return (
    // a name already taken, a subcategory listed twice or still in use: beside its field
    <FormCard form={form} onSubmit={form.submit(save, failed)} cancelTo={cancelTo} submitLabel={submitLabel} saving={saving}>
      <TextInput
        label={t('name')}
        placeholder={t('categoryNamePlaceholder')}
        required
        maxLength={CATEGORY_LIMITS.name}
        value={form.values.name}
        error={form.error('name')}
        onChange={(e) => form.set('name', e.currentTarget.value)}
      />
      <TextInput
        label={t('nameTa')}
        placeholder={t('categoryNameTaPlaceholder')}
        lang="ta"
        maxLength={CATEGORY_LIMITS.name}
        value={form.values.nameTa}
        error={form.error('nameTa')}
        onChange={(e) => form.set('nameTa', e.currentTarget.value)}
      />
      <Textarea
        label={t('subcategories')}
        description={t('separateWithCommas')}
        placeholder={t('subcategoriesPlaceholder')}
        autosize
        minRows={2}
        maxLength={CATEGORY_LIMITS.subcategories}
        value={form.values.subcategories}
        error={form.error('subcategories')}
        onChange={(e) => form.set('subcategories', e.currentTarget.value)}
      />
      <Textarea
        label={t('subcategoriesTa')}
        description={t('subcategoriesTaHint')}
        placeholder={t('subcategoriesTaPlaceholder')}
        lang="ta"
        autosize
        minRows={2}
        maxLength={CATEGORY_LIMITS.subcategories}
        value={form.values.subcategoriesTa}
        error={form.error('subcategoriesTa')}
        onChange={(e) => form.set('subcategoriesTa', e.currentTarget.value)}
      />
      {parsed.length > 0 && (
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {parsed.length === 1 ? t('subcategoryCount1') : t('subcategoryCount', { n: parsed.length })}
          </Text>
          <Group gap={6}>
            {parsed.map((s, i) => (
              <Badge key={`${s}-${i}`} variant="light" tt="none">
                {parsedTa[i] ? `${s} · ${parsedTa[i]}` : s}
              </Badge>
            ))}
          </Group>
        </div>
      )}
    </FormCard>
  );
}
