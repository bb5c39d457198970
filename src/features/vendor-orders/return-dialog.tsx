import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { lineRefund, refundTotals, returnableQuantity } from '../../../core/credit-note';
import { formatRupees, toPaise } from '../../../core/money';
import { REFUND_METHODS, type RefundMethod } from '../../../core/payments';
import { isInterState } from '../../../core/place-of-supply';
import { orderRef } from '../../../core/order-ref';
import { isDecimalUnit } from '../../../core/units';
import { ApiError, errorMessage } from '../../lib/api';
import { useLanguage, useT } from '../../lib/i18n';
import { lineNameIn } from '../../lib/line-name';
import { useUnitText } from '../../lib/unit-text';
import { newUuid } from '../../lib/uuid';
import { useOfflineStatus } from '../../offline/status';
import { notifications } from '@mantine/notifications';
import { submitReturn } from './return-outbox';
import type { CreditNoteDto, OrderReturns } from './returns-api';
import type { OrderDto } from './vendor-orders-api';

interface Props {
  order: OrderDto;
  returns: OrderReturns;
  onClose: () => void;
  /** The server's note, or null when the return waits in the outbox. */
  onSaved: (note: CreditNoteDto | null) => void;
}

/**
 * "Return": what the customer brings back of each line (at most what is left), how the money goes
 * back, and whether the goods go back on the shelf. The refund is worked out as the server will
 * (core/credit-note.ts) while typing; Save makes the credit note and opens it.
 */
export default function ReturnDialog({ order, returns, onClose, onSaved }: Props) {
  const t = useT('returns');
  const lang = useLanguage();
  const units = useUnitText();
  const navigate = useNavigate();
  const online = useOfflineStatus((s) => s.online);
  // one note id per dialog: a retry of this return is answered, not made again (the outbox adds its Idempotency-Key)
  const [noteId] = useState(newUuid);
  const [qty, setQty] = useState<Record<number, number | ''>>({});
  const [method, setMethod] = useState<RefundMethod>('cash');
  const [restock, setRestock] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<number, string>>({});
  const interState = isInterState(order.placeOfSupply);
  const hasCustomer = !!order.shopCustomerId;

  const picked = useMemo(
    () =>
      returns.lines.flatMap((l, i) => {
        const q = qty[i];
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
        // the preview stops at what is left; the server refuses more
        const quantity = Math.min(q, returnableQuantity(line));
        return quantity > 0 ? [{ index: i, productId: l.productId, quantity: q, ...lineRefund(line, quantity, interState) }] : [];
      }),
    [qty, returns.lines, interState],
  );
  const totals = refundTotals(picked);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    if (picked.length === 0) {
      setError(t('chooseSomething'));
      return;
    }
    setSaving(true);
    try {
      const body = {
        _id: noteId,
        lines: picked.map((p) => ({ productId: p.productId, quantity: p.quantity })),
        refundMethod: method,
        restock,
      };
      const note = await submitReturn(
        order._id,
        body,
        t('outboxLabel', { ref: orderRef(order), amount: formatRupees(totals.amountPaise / 100) }),
      );
      onSaved(note);
      if (note) {
        notifications.show({ color: 'green', message: t('saved', { number: note.number }) });
        navigate(`/credit-notes/${note._id}`);
      } else {
        // offline or no answer yet: kept on this device, the credit note is made when it arrives
        notifications.show({ color: 'orange', message: t('queued') });
      }
    } catch (err) {
      // a refusal about one line shows under it (lines.<i>.quantity names the i-th line sent)
      const field = err instanceof ApiError ? err.data?.field : undefined;
      const m = field && /^lines\.(\d+)\./.exec(field);
      const sent = m ? picked[Number(m[1])] : undefined;
      if (sent) setFieldErrors({ [sent.index]: errorMessage(err, t('failed')) });
      else setError(errorMessage(err, t('failed')));
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('returnTitle', { ref: orderRef(order) })} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
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
                    value={qty[i] ?? ''}
                    onChange={(v) => setQty((s) => ({ ...s, [i]: typeof v === 'number' ? v : v === '' ? '' : Number(v) }))}
                    error={fieldErrors[i]}
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
          <div>
            <Text size="sm" fw={500} mb={4} id="refund-method-label">
              {t('refundMethod')}
            </Text>
            <SegmentedControl
              aria-labelledby="refund-method-label"
              fullWidth
              value={method}
              onChange={(v) => setMethod(v as RefundMethod)}
              data={REFUND_METHODS.filter((m) => m !== 'credit' || hasCustomer).map((m) => ({ value: m, label: t(`method_${m}`) }))}
            />
            {!hasCustomer && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('creditNeedsCustomer')}
              </Text>
            )}
          </div>
          <Switch
            checked={restock}
            onChange={(e) => setRestock(e.currentTarget.checked)}
            label={restock ? t('restock') : t('restockOff')}
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
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} mih={44}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={saving} mih={44} data-testid="return-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
