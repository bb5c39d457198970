import { Group, Modal, NumberInput, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { DEBIT_NOTE_REASON_MAX, debitNoteLineTax, debitNoteTotals, purchaseReturnable } from '../../../core/debit-note';
import { formatRupees, toPaise } from '../../../core/money';
import type { DebitNoteDto } from '../../../core/schemas/debit-note';
import type { PurchaseDto } from '../../../core/schemas/purchase';
import { isDecimalUnit } from '../../../core/units';
import { ModalForm } from '../../components/modal-form';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';
import { useSchemaForm } from '../../lib/use-schema-form';
import { newUuid } from '../../lib/uuid';
import { returnToSupplier } from './purchases-api';

const schema = () => import('../../../core/schemas/debit-note').then((m) => m.createDebitNoteSchema);

type Line = PurchaseDto['lines'][number];

/** The form: each bill line's quantity as typed (by its place on the bill), the request's lines made from them, and the reason. */
interface ReturnValues {
  quantities: Record<number, number | ''>;
  lines: Array<{ index: number; productId: string; quantity: number }>;
  reason: string;
}

/** A bill line as the debit note rule reads it (core/debit-note.ts). */
const ruleLine = (l: Line) => ({
  name: l.name,
  unit: l.unit,
  quantity: l.quantity,
  returned: l.returned,
  unitCostPaise: toPaise(l.unitCost),
  gstRate: l.gstRate,
  taxablePaise: toPaise(l.taxable),
  cgstPaise: toPaise(l.cgst),
  sgstPaise: toPaise(l.sgst),
  igstPaise: toPaise(l.igst),
  totalPaise: toPaise(l.total),
});

/** The lines with something to return, each with what it takes back worked out as the server will (the preview stops at what is left). */
function pick(p: PurchaseDto, quantities: ReturnValues['quantities']) {
  return p.lines.flatMap((l, i) => {
    const q = quantities[i];
    if (typeof q !== 'number' || !(q > 0) || !l.productId) return [];
    const line = ruleLine(l);
    const quantity = Math.min(q, purchaseReturnable(line));
    return quantity > 0 ? [{ index: i, productId: l.productId, quantity: q, ...debitNoteLineTax(line, quantity, p.interState) }] : [];
  });
}

interface Props {
  purchase: PurchaseDto;
  onClose: () => void;
  onSaved: (note: DebitNoteDto) => void;
}

/**
 * "Return to supplier": how much of each bill line goes back (at most what was received less what
 * was returned before) and why, checked with the server's schema; the debit note's total and the input
 * GST it reverses are worked out while typing (core/debit-note.ts). Save makes the note.
 */
export default function ReturnToSupplierDialog({ purchase, onClose, onSaved }: Props) {
  const t = useT('purchases');
  const units = useUnitText();
  // one note id per dialog: a retry of this return answers the note already made
  const [noteId] = useState(newUuid);
  const form = useSchemaForm({
    schema,
    initial: { quantities: {}, lines: [], reason: '' } as ReturnValues,
    toInput: (v) => ({ _id: noteId, lines: v.lines.map(({ productId, quantity }) => ({ productId, quantity })), reason: v.reason }),
  });
  const { values } = form;
  const picked = useMemo(() => pick(purchase, values.quantities), [purchase, values.quantities]);
  const totals = debitNoteTotals(picked);
  const setQuantity = (i: number, q: number | '') =>
    form.setValues((v) => {
      const quantities = { ...v.quantities, [i]: q };
      const lines = pick(purchase, quantities).map(({ index, productId, quantity }) => ({ index, productId, quantity }));
      return { ...v, quantities, lines };
    });
  /** A line's error: the request names it by its place among the lines sent (lines.<k>.quantity). */
  const lineError = (i: number) => {
    const k = values.lines.findIndex((l) => l.index === i);
    return k < 0 ? undefined : form.error(`lines.${k}.quantity`);
  };

  const save = form.submit(async (body) => {
    const note = await returnToSupplier(purchase._id, body);
    notifications.show({ color: 'green', message: t('returnSaved', { number: note.number }) });
    onSaved(note);
  }, t('returnFailed'));

  return (
    <Modal opened onClose={onClose} title={t('returnTitle', { number: purchase.billNumber })} centered size="lg">
      <ModalForm form={form} onSubmit={save} onCancel={onClose} submitLabel={t('saveReturn')} submitTestId="debit-note-save">
        <Text size="sm">{t('returnHint')}</Text>
        {purchase.lines.map((l, i) => {
          const left = purchaseReturnable(l);
          return (
            <Group key={i} justify="space-between" wrap="nowrap" gap="sm" data-testid="debit-note-line">
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} lineClamp={2}>
                  {l.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('receivedReturned', { received: units.quantity(l.quantity, l.unit), returned: units.quantity(l.returned, l.unit) })}
                </Text>
              </div>
              {left > 0 && l.productId ? (
                <NumberInput
                  w={130}
                  aria-label={t('quantityToReturn', { name: l.name })}
                  min={0}
                  max={left}
                  step={isDecimalUnit(l.unit) ? 0.25 : 1}
                  decimalScale={isDecimalUnit(l.unit) ? 3 : 0}
                  allowNegative={false}
                  value={values.quantities[i] ?? ''}
                  onChange={(v) => setQuantity(i, typeof v === 'number' ? v : v === '' ? '' : Number(v))}
                  error={lineError(i)}
                  data-testid="debit-note-qty"
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('nothingLeft')}
                </Text>
              )}
            </Group>
          );
        })}
        {/* nothing to return: the schema's "Choose at least one product to return to the supplier" */}
        {Object.hasOwn(form.errors, 'lines') && (
          <Text size="sm" c="red.8" role="alert">
            {form.error('lines')}
          </Text>
        )}
        <TextInput
          label={t('returnReason')}
          maxLength={DEBIT_NOTE_REASON_MAX}
          value={values.reason}
          onChange={(e) => form.set('reason', e.currentTarget.value)}
          error={form.error('reason')}
        />
        <Group justify="space-between">
          <Text fw={700}>{t('returnTotal')}</Text>
          <Text fw={800} size="lg" data-testid="debit-note-total">
            {formatRupees(totals.totalPaise / 100)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" ta="right">
          {t('gstReversed', { amount: formatRupees((totals.cgstPaise + totals.sgstPaise + totals.igstPaise) / 100) })}
        </Text>
      </ModalForm>
    </Modal>
  );
}
