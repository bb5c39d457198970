import { Textarea } from '@mantine/core';
import { INFORMATION_MAX } from '../../../core/schemas/limits';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { toastError } from '../../lib/toast-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormCard } from './form-card';

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
  const t = useT('admin');
  const msg = useMsg();
  const text = form.values.information;

  return (
    <FormCard
      form={form}
      onSubmit={form.submit((d) => save(d.information), toastError(failed || msg.somethingWrong))}
      cancelTo="/informationList"
      submitLabel={submitLabel}
    >
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
    </FormCard>
  );
}
