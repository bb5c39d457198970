import { Modal, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { istDay } from '../../../core/dates';
import { formatRupees } from '../../../core/money';
import type { SupplierAccountDto } from '../../../core/schemas/supplier';
import { SUPPLIER_PAYMENT_METHODS, SUPPLIER_PAYMENT_NOTE_MAX, type SupplierPaymentMethod } from '../../../core/supplier-payables';
import { AmountInput } from '../../components/amount-input';
import { ModalForm } from '../../components/modal-form';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { MethodButtons } from './book-parts';
import { paySupplier } from './books-outbox';
import { earliestPayDay, payTime } from './pay-time';

const schema = () => import('../../../core/schemas/supplier').then((m) => m.supplierPaymentSchema);

interface Props {
  supplier: SupplierAccountDto;
  /** What is owed once the payments already waiting on this device are counted (rupees). */
  owed: number;
  onClose: () => void;
  onPaid: () => void;
}

/**
 * Pay a supplier: the amount (what is owed, to start with), how, a note and the day it was paid; checked with the
 * server's payment schema and never above what is owed. It goes through the outbox: offline, it waits and is sent once.
 */
export default function PayDialog({ supplier, owed, onClose, onPaid }: Props) {
  const t = useT('books');
  const today = istDay();
  const form = useSchemaForm({
    schema,
    initial: { amount: (owed > 0 ? owed : '') as number | '', method: 'cash' as SupplierPaymentMethod, note: '', at: today },
    // `at` holds the day on the form; the request carries the time it stands for
    toInput: (v) => ({ ...v, amount: v.amount === '' ? undefined : v.amount, at: v.at ? payTime(v.at) : '' }),
    check: (v) =>
      typeof v.amount === 'number' && v.amount > owed
        ? [{ field: 'amount', code: 'supplierPaymentAboveDue' as const, params: { owed: owed.toFixed(2) } }]
        : [],
  });
  const { amount, method, note, at } = form.values;
  const save = form.submit(async (d) => {
    const paid = await paySupplier(
      supplier._id,
      { amount: d.amount, method: d.method, at: d.at, ...(d.note ? { note: d.note } : {}) },
      t('paymentLabel', { name: supplier.name, amount: formatRupees(d.amount) }),
    );
    notifications.show({
      color: paid ? 'green' : 'yellow',
      message: paid ? t('paymentSaved', { amount: formatRupees(paid.balance) }) : t('paymentQueued'),
    });
    onPaid();
  }, t('saveFailed'));

  return (
    <Modal opened onClose={onClose} title={t('payTitle', { name: supplier.name })}>
      <ModalForm
        form={form}
        onSubmit={save}
        cancelLabel={t('cancel')}
        onCancel={onClose}
        submitLabel={t('recordPayment')}
        submitDisabled={typeof amount !== 'number' || amount <= 0}
        submitTestId="save-supplier-payment"
      >
        <Text size="sm">{t('payOwed', { amount: formatRupees(owed) })}</Text>
        <AmountInput
          label={t('payAmount')}
          value={amount}
          onChange={(v) => form.set('amount', v)}
          error={form.error('amount')}
          data-autofocus
          data-testid="supplier-payment-amount"
        />
        <MethodButtons methods={SUPPLIER_PAYMENT_METHODS} value={method} onChange={(m) => form.set('method', m)} />
        <TextInput
          type="date"
          label={t('payDate')}
          value={at}
          min={earliestPayDay()}
          max={today}
          onChange={(e) => form.set('at', e.currentTarget.value)}
          error={form.error('at')}
          w={200}
        />
        <TextInput
          label={t('note')}
          value={note}
          onChange={(e) => form.set('note', e.currentTarget.value)}
          error={form.error('note')}
          maxLength={SUPPLIER_PAYMENT_NOTE_MAX}
        />
      </ModalForm>
    </Modal>
  );
}
