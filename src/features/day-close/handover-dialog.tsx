import { Modal, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatRupees } from '../../../core/money';
import { HANDOVER_NOTE_MAX } from '../../../core/rider-cash';
import type { RiderCashEntry, RiderHandoverResponse } from '../../../core/schemas/rider-cash';
import { AmountInput } from '../../components/amount-input';
import { ModalForm } from '../../components/modal-form';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { recordHandover } from './handover-outbox';

const schema = () => import('../../../core/schemas/rider-cash').then((m) => m.riderHandoverSchema);

interface Props {
  rider: RiderCashEntry;
  /** The shop an admin records it for; a vendor's own shop is used whatever is sent. */
  vendorId?: string;
  onClose: () => void;
  /** The server's answer, or null when the hand-over is queued on the device; the amount and note recorded. */
  onRecorded: (made: RiderHandoverResponse | null, amount: number, note: string) => void;
}

/**
 * Record hand-over: the cash the shop counted from a rider, prefilled with all he holds for the shop;
 * checked with the server's hand-over schema (never more than he holds). Offline it is queued and sent once.
 */
export default function HandoverDialog({ rider, vendorId, onClose, onRecorded }: Props) {
  const t = useT('day-close');
  const form = useSchemaForm({
    schema,
    initial: { amount: (rider.held > 0 ? rider.held : '') as number | '', note: '' },
    toInput: (v) => ({ amount: v.amount === '' ? undefined : v.amount, note: v.note, ...(vendorId ? { vendorId } : {}) }),
    check: (v) =>
      typeof v.amount === 'number' && v.amount > rider.held
        ? [{ field: 'amount', code: 'handoverOverHeld' as const, params: { held: rider.held } }]
        : [],
  });
  const { amount, note } = form.values;
  const save = form.submit(async (d) => {
    const made = await recordHandover(
      rider.riderId,
      { amount: d.amount, ...(d.note ? { note: d.note } : {}), ...(vendorId ? { vendorId } : {}) },
      t('handoverLabel', { name: rider.name, amount: formatRupees(d.amount) }),
    );
    notifications.show({
      color: made ? 'green' : 'yellow',
      message: made ? t('handoverSaved', { name: rider.name, amount: formatRupees(made.held) }) : t('handoverQueued'),
    });
    onRecorded(made, d.amount, d.note ?? '');
  }, t('handoverFailed'));

  return (
    <Modal opened onClose={onClose} title={t('handoverTitle', { name: rider.name })}>
      <ModalForm
        form={form}
        onSubmit={save}
        cancelLabel={t('cancel')}
        onCancel={onClose}
        submitLabel={t('recordHandover')}
        submitDisabled={typeof amount !== 'number' || amount <= 0}
        submitTestId="save-handover"
      >
        <Text size="sm">{t('handoverHolds', { name: rider.name, amount: formatRupees(rider.held) })}</Text>
        <AmountInput
          label={t('handoverAmount')}
          value={amount}
          onChange={(v) => form.set('amount', v)}
          error={form.error('amount')}
          data-autofocus
          data-testid="handover-amount"
        />
        <TextInput
          label={t('handoverNote')}
          value={note}
          onChange={(e) => form.set('note', e.currentTarget.value)}
          error={form.error('note')}
          maxLength={HANDOVER_NOTE_MAX}
        />
      </ModalForm>
    </Modal>
  );
}
