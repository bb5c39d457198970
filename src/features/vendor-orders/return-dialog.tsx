import { Alert, Group, Modal, NumberInput, SegmentedControl, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { lineRefund, refundTotals, returnableQuantity } from '../../../core/credit-note';
import { formatRupees, toPaise } from '../../../core/money';
import { REFUND_METHODS, type RefundMethod } from '../../../core/payments';
import { isInterState } from '../../../core/place-of-supply';
import { orderRef } from '../../../core/order-ref';
import { isDecimalUnit } from '../../../core/units';
import { ModalForm } from '../../components/modal-form';
import { useLanguage, useT } from '../../lib/i18n';
import { lineNameIn } from '../../lib/line-name';
import { useUnitText } from '../../lib/unit-text';
import { useSchemaForm } from '../../lib/use-schema-form';
import { newUuid } from '../../lib/uuid';
import { useOfflineStatus } from '../../offline/status';
import { submitReturn } from './return-outbox';
import { withApproval } from '../../components/approval-dialog';
import type { CreditNoteDto, OrderReturns } from './returns-api';
import type { OrderDto } from './vendor-orders-api';

const schema = () => import('../../../core/schemas/returns').then((m) => m.createReturnSchema);

/**
 * The form: each line's quantity as typed (by its place in the order), and the request's lines made
 * from them (those with something to return, `index` naming their line), refund method and restock.
 */
interface ReturnValues {
  quantities: Record<number, number | ''>;
  lines: Array<{ index: number; productId: string; quantity: number }>;
  refundMethod: RefundMethod;
  restock: boolean;
}

/** The lines with something to return, each with its refund worked out as the server will (the preview stops at what is left). */
function pick(lines: OrderReturns['lines'], quantities: ReturnValues['quantities'], interState: boolean) {
  return lines.flatMap((l, i) => {
    const q = quantities[i];
    if (typeof q !== 'number' || !(q > 0) || !l.productId) return [];
    const line = {
      name: l.name,
      unit: l.unit,
      sold: l.sold,
      returned: l.returned,
      chargedPaise: toPaise(l.charged),
      refundedPaise: toPaise(l.refunded),
      gstRate: l.gstRate,
    };
    // the server refuses more than is left
    const quantity = Math.min(q, returnableQuantity(line));
    return quantity > 0 ? [{ index: i, productId: l.productId, quantity: q, ...lineRefund(line, quantity, interState) }] : [];
  });
}

interface Props {
  order: OrderDto;
  returns: OrderReturns;
  onClose: () => void;
  /** The server's note, or null when the return waits in the outbox. */
  onSaved: (note: CreditNoteDto | null) => void;
}

/**
 * "Return": what the customer brings back of each line (at most what is left), how the money goes
 * back, and whether the goods go back on the shelf, checked with the server's return schema. The
 * refund is worked out as the server will (core/credit-note.ts) while typing; Save makes the credit
 * note and opens it.
 */
export default function ReturnDialog({ order, returns, onClose, onSaved }: Props) {
  const t = useT('returns');
  const lang = useLanguage();
  const units = useUnitText();
  const navigate = useNavigate();
  const online = useOfflineStatus((s) => s.online);
  // one note id per dialog: a retry of this return is answered, not made again (the outbox adds its Idempotency-Key)
  const [noteId] = useState(newUuid);
  const interState = isInterState(order.placeOfSupply);
  const hasCustomer = !!order.shopCustomerId;
  const form = useSchemaForm({
    schema,
    initial: { quantities: {}, lines: [], refundMethod: 'cash', restock: true } as ReturnValues,
    toInput: (v) => ({
      _id: noteId,
      lines: v.lines.map(({ productId, quantity }) => ({ productId, quantity })),
      refundMethod: v.refundMethod,
      restock: v.restock,
    }),
  });
  const { values } = form;
  const picked = useMemo(() => pick(returns.lines, values.quantities, interState), [returns.lines, values.quantities, interState]);
  const totals = refundTotals(picked);
  /** A line's quantity: the request's lines follow (those with something to return). */
  const setQuantity = (i: number, q: number | '') =>
    form.setValues((v) => {
      const quantities = { ...v.quantities, [i]: q };
      const lines = pick(returns.lines, quantities, interState).map((p) => ({
        index: p.index,
        productId: p.productId,
        quantity: p.quantity,
      }));
      return { ...v, quantities, lines };
    });
  /** A line's error: the request names it by its place among the lines sent (lines.<k>.quantity). */
  const lineError = (i: number) => {
    const k = values.lines.findIndex((l) => l.index === i);
    return k < 0 ? undefined : form.error(`lines.${k}.quantity`);
  };

  const save = form.submit(async (body) => {
    const label = t('outboxLabel', { ref: orderRef(order), amount: formatRupees(totals.amountPaise / 100) });
    // a cashier's return over the owner's amount asks for a manager's PIN, then goes again with it
    const note = await withApproval((approval) => submitReturn(order._id, approval ? { ...body, approval } : body, label));
    onSaved(note);
    if (note) {
      notifications.show({ color: 'green', message: t('saved', { number: note.number }) });
      navigate(`/credit-notes/${note._id}`);
    } else {
      // offline or no answer yet: kept on this device, the credit note is made when it arrives
      notifications.show({ color: 'orange', message: t('queued') });
    }
  }, t('failed'));

  return (
    <Modal opened onClose={onClose} title={t('returnTitle', { ref: orderRef(order) })} centered size="lg">
      <ModalForm form={form} onSubmit={save} onCancel={onClose} submitLabel={t('save')} submitTestId="return-save">
        <Text size="sm">{t('returnHint')}</Text>
        {returns.lines.map((l, i) => {
          const name = lineNameIn({ name: l.name, nameTa: l.nameTa }, lang);
          const left = l.returnable;
          return (
            <Group key={i} justify="space-between" wrap="nowrap" gap="sm" data-testid="return-line">
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} lineClamp={2}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('soldReturned', { sold: units.quantity(l.sold, l.unit), returned: units.quantity(l.returned, l.unit) })}
                </Text>
              </div>
              {left > 0 && l.productId ? (
                <NumberInput
                  w={130}
                  aria-label={t('quantityToReturn', { name })}
                  min={0}
                  max={left}
                  step={isDecimalUnit(l.unit) ? 0.25 : 1}
                  decimalScale={isDecimalUnit(l.unit) ? 3 : 0}
                  allowNegative={false}
                  value={values.quantities[i] ?? ''}
                  onChange={(v) => setQuantity(i, typeof v === 'number' ? v : v === '' ? '' : Number(v))}
                  error={lineError(i)}
                  data-testid="return-qty"
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('nothingLeft')}
                </Text>
              )}
            </Group>
          );
        })}
        {/* nothing to return: the schema's "Choose at least one product to return" */}
        {Object.hasOwn(form.errors, 'lines') && (
          <Text size="sm" c="red.8" role="alert">
            {form.error('lines')}
          </Text>
        )}
        <div>
          <Text size="sm" fw={500} mb={4} id="refund-method-label">
            {t('refundMethod')}
          </Text>
          <SegmentedControl
            aria-labelledby="refund-method-label"
            fullWidth
            value={values.refundMethod}
            onChange={(v) => form.set('refundMethod', v as RefundMethod)}
            data={REFUND_METHODS.filter((m) => m !== 'credit' || hasCustomer).map((m) => ({ value: m, label: t(`method_${m}`) }))}
          />
          {!hasCustomer && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('creditNeedsCustomer')}
            </Text>
          )}
        </div>
        <Switch
          checked={values.restock}
          onChange={(e) => form.set('restock', e.currentTarget.checked)}
          label={values.restock ? t('restock') : t('restockOff')}
          data-testid="return-restock"
        />
        <Group justify="space-between">
          <Text fw={700}>{t('refundTotal')}</Text>
          <Text fw={800} size="lg" data-testid="return-total">
            {formatRupees(totals.amountPaise / 100)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" ta="right">
          {t('gstReversed', { amount: formatRupees((totals.cgstPaise + totals.sgstPaise + totals.igstPaise) / 100) })}
        </Text>
        {!online && (
          <Alert color="orange" role="status">
            {t('offline')}
          </Alert>
        )}
      </ModalForm>
    </Modal>
  );
}
