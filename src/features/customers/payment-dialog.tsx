import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CUSTOMER_NOTE_MAX } from '../../../core/customer';
import { formatRupees } from '../../../core/money';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../core/payments';
import type { CustomerDto } from '../../../core/schemas/customer';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { recordPayment } from '../../lib/shop-customers';

interface Props {
  customer: CustomerDto;
  onClose: () => void;
  /** The new balance (rupees), or null when the payment is queued on the device; the amount paid. */
  onPaid: (balance: number | null, amount: number) => void;
}

/** Record payment: cash, UPI or card, part or whole; settles the oldest dues first (offline: queued, sent once). */
export default function PaymentDialog({ customer, onClose, onPaid }: Props) {
  const t = useT('customers');
  const [amount, setAmount] = useState<number | ''>(customer.balance > 0 ? customer.balance : '');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (typeof amount !== 'number' || amount <= 0) return;
    setSaving(true);
    setError(null);
    try {
      const paid = await recordPayment(customer._id, { amount, method, ...(note.trim() ? { note: note.trim() } : {}) });
      notifications.show({
        color: paid ? 'green' : 'yellow',
        message: paid ? t('paymentSaved', { balance: formatRupees(paid.balance) }) : t('paymentQueued'),
      });
      onPaid(paid ? paid.balance : null, amount);
    } catch (err) {
      setError(errorMessage(err, t('loadFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('paymentTitle', { name: customer.name })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="sm">
          <NumberInput
            label={t('paymentAmount')}
            required
            min={0.01}
            decimalScale={2}
            allowNegative={false}
            value={amount}
            onChange={(v) => setAmount(typeof v === 'number' ? v : '')}
            inputMode="decimal"
            data-autofocus
            data-testid="payment-amount"
          />
          {typeof amount === 'number' && amount > customer.balance && (
            <Text size="sm" c="dimmed">
              {t('paymentAdvance')}
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="payment-method">
              {t('method')}
            </Text>
            <Group gap={4} role="group" aria-labelledby="payment-method">
              {PAYMENT_METHODS.map((m) => (
                <Button
                  key={m}
                  size="sm"
                  variant={method === m ? 'filled' : 'default'}
                  aria-pressed={method === m}
                  onClick={() => setMethod(m)}
                >
                  {t(`method_${m}`)}
                </Button>
              ))}
            </Group>
          </Stack>
          <TextInput label={t('note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={CUSTOMER_NOTE_MAX} />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={typeof amount !== 'number' || amount <= 0} data-testid="save-payment">
              {t('recordPayment')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
