import { Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { gstSchema, type GstDto, type GstInput } from '../../../core/schemas/gst';
import { useT } from '../../lib/i18n';

interface Props {
  opened: boolean;
  /** The record being edited, or null for a new one. */
  editing: GstDto | null;
  saving: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (body: GstInput) => void;
}

type Num = number | string;
const blank = { name: '', rate: '' as Num, hsnCode: '', cgst: '' as Num, sgst: '' as Num, igst: '' as Num, isActive: true };

/** Create or edit a GST record. CGST/SGST/IGST may be left blank: the server splits the rate (half and half, IGST = rate). */
export function GstFormModal({ opened, editing, saving, error, onClose, onSubmit }: Props) {
  const [v, setV] = useState(blank);
  // after a refused submit the form's problem is worked out again on every change: it goes once fixed
  const [checked, setChecked] = useState(false);
  const t = useT('gst');

  useEffect(() => {
    if (!opened) return;
    setChecked(false);
    setV(
      editing
        ? {
            name: editing.name,
            rate: editing.rate,
            hsnCode: editing.hsnCode,
            cgst: editing.cgst,
            sgst: editing.sgst,
            igst: editing.igst,
            isActive: editing.isActive,
          }
        : blank,
    );
  }, [opened, editing]);

  const set = <K extends keyof typeof blank>(k: K, value: (typeof blank)[K]) => setV((s) => ({ ...s, [k]: value }));

  const parse = () => gstSchema.safeParse({ ...v, rate: v.rate === '' ? undefined : v.rate });
  const checkedParse = checked ? parse() : null;
  const fieldError = checkedParse && !checkedParse.success ? (checkedParse.error.issues[0]?.message ?? t('checkTheForm')) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    const parsed = parse();
    if (!parsed.success) return;
    const d = parsed.data;
    onSubmit({ name: d.name, rate: d.rate, hsnCode: d.hsnCode, cgst: d.cgst, sgst: d.sgst, igst: d.igst, isActive: d.isActive });
  };

  const half = typeof v.rate === 'number' ? `${v.rate / 2}` : '';
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? t('editGstRecord') : t('newGstRecord')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('name')}
            placeholder={t('namePlaceholder')}
            required
            value={v.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            maxLength={100}
            data-autofocus
          />
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label={t('ratePercent')}
              required
              min={0}
              max={100}
              decimalScale={2}
              value={v.rate}
              onChange={(x) => set('rate', x)}
            />
            <TextInput
              label={t('hsnCode')}
              placeholder={t('hsnPlaceholder')}
              inputMode="numeric"
              maxLength={8}
              value={v.hsnCode}
              onChange={(e) => set('hsnCode', e.currentTarget.value.replace(/\D/g, ''))}
            />
          </SimpleGrid>
          <SimpleGrid cols={3} spacing="sm">
            <NumberInput
              hideControls
              label="CGST %"
              min={0}
              max={100}
              decimalScale={2}
              placeholder={half}
              value={v.cgst}
              onChange={(x) => set('cgst', x)}
            />
            <NumberInput
              hideControls
              label="SGST %"
              min={0}
              max={100}
              decimalScale={2}
              placeholder={half}
              value={v.sgst}
              onChange={(x) => set('sgst', x)}
            />
            <NumberInput
              hideControls
              label="IGST %"
              min={0}
              max={100}
              decimalScale={2}
              placeholder={typeof v.rate === 'number' ? String(v.rate) : ''}
              value={v.igst}
              onChange={(x) => set('igst', x)}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('splitHint')}
          </Text>
          <Checkbox label={t('active')} checked={v.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} />
          {(fieldError || error) && (
            <Text c="red" size="sm" role="alert">
              {fieldError || error}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? t('save') : t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
