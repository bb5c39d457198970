import { Checkbox, Modal, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { GstDto, GstInput } from '../../../core/schemas/gst';
import { GST_LIMITS } from '../../../core/schemas/limits';
import { useT } from '../../lib/i18n';
import { ModalForm } from '../../components/modal-form';
import { useSchemaForm } from '../../lib/use-schema-form';

interface Props {
  opened: boolean;
  /** The record being edited, or null for a new one. */
  editing: GstDto | null;
  onClose: () => void;
  /** Saves the checked record (and closes); a refusal is thrown. */
  save: (body: GstInput) => Promise<void>;
}

type Num = number | string;
const schema = () => import('../../../core/schemas/gst').then((m) => m.gstSchema);
const blank = { name: '', rate: '' as Num, hsnCode: '', cgst: '' as Num, sgst: '' as Num, igst: '' as Num, isActive: true };
type GstValues = typeof blank;
const valuesOf = ({ name, rate, hsnCode, cgst, sgst, igst, isActive }: GstDto): GstValues => ({
  name,
  rate,
  hsnCode,
  cgst,
  sgst,
  igst,
  isActive,
});
/** A blank rate is left out of the request (zod would read '' as 0). */
const requestOf = (v: GstValues) => ({ ...v, rate: v.rate === '' ? undefined : v.rate });

/** Create or edit a GST record. CGST/SGST/IGST may be left blank: the server splits the rate (half and half, IGST = rate). */
export function GstFormModal({ opened, editing, onClose, save }: Props) {
  const t = useT('gst');
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? t('editGstRecord') : t('newGstRecord')} centered>
      {/* the content mounts with each opening: the form starts from the record (or blank) every time */}
      <GstForm editing={editing} onClose={onClose} save={save} />
    </Modal>
  );
}

function GstForm({ editing, onClose, save }: Omit<Props, 'opened'>) {
  const t = useT('gst');
  const form = useSchemaForm({ schema, initial: editing ? valuesOf(editing) : blank, toInput: requestOf });
  const { values, set } = form;

  const percent = (key: 'cgst' | 'sgst' | 'igst', label: string, placeholder: string) => (
    <NumberInput
      hideControls
      label={label}
      min={0}
      max={100}
      decimalScale={2}
      placeholder={placeholder}
      value={values[key]}
      onChange={(x) => set(key, x)}
      error={form.error(key)}
    />
  );
  const half = typeof values.rate === 'number' ? `${values.rate / 2}` : '';
  return (
    <ModalForm form={form} onSubmit={form.submit(save)} onCancel={onClose} submitLabel={editing ? t('save') : t('create')}>
      <TextInput
        label={t('name')}
        placeholder={t('namePlaceholder')}
        required
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        maxLength={GST_LIMITS.name}
        error={form.error('name')}
        data-autofocus
      />
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label={t('ratePercent')}
          required
          min={0}
          max={100}
          decimalScale={2}
          value={values.rate}
          onChange={(x) => set('rate', x)}
          error={form.error('rate')}
        />
        <TextInput
          label={t('hsnCode')}
          placeholder={t('hsnPlaceholder')}
          inputMode="numeric"
          maxLength={GST_LIMITS.hsnCode}
          value={values.hsnCode}
          onChange={(e) => set('hsnCode', e.currentTarget.value.replace(/\D/g, ''))}
          error={form.error('hsnCode')}
        />
      </SimpleGrid>
      <SimpleGrid cols={3} spacing="sm">
        {percent('cgst', 'CGST %', half)}
        {percent('sgst', 'SGST %', half)}
        {percent('igst', 'IGST %', typeof values.rate === 'number' ? String(values.rate) : '')}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('splitHint')}
      </Text>
      <Checkbox label={t('active')} checked={values.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} />
    </ModalForm>
  );
}
