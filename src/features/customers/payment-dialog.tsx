import { Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense } from 'react';
import { CUSTOMER_NOTE_MAX } from '../../../core/customer';
import { formatRupees, toPaise } from '../../../core/money';
import { payLinkPayment } from '../../../core/pay-link';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../core/payments';
import type { CustomerDto } from '../../../core/schemas/customer';
import { AmountInput } from '../../components/amount-input';
import { ModalForm } from '../../components/modal-form';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { recordPayment } from '../../data/shop-customers';

const schema = () => import('../../../core/schemas/customer').then((m) => m.customerPaymentSchema);
const UpiQr = lazy(() => import('../../components/upi-qr'));

interface Props {
  customer: CustomerDto;
  /** The shop's name and UPI ID ('' when none: no QR code). */
  shop: { name: string; upiId: string };
  onClose: () => void;
  /** The new balance (rupees), or null when the payment is queued on the device; the amount paid. */
  onPaid: (balance: number | null, amount: number) => void;
}

/**
 * Record payment: cash, UPI or card, part or whole; settles the oldest dues first (offline: queued,
 * sent once). Checked with the server's payment schema. Paid by UPI, the shop's QR code for the amount
 * typed (the same one as the reminder's payment page) is there for the customer to scan.
 */
export default function PaymentDialog({ customer, shop, onClose, onPaid }: Props) {
  const t = useT('customers');
  const form = useSchemaForm({
    schema,
    initial: { amount: (customer.balance > 0 ? customer.balance : '') as number | '', method: 'cash' as PaymentMethod, note: '' },
    toInput: (v) => ({ ...v, amount: v.amount === '' ? undefined : v.amount }),
  });
  const { amount, method } = form.values;
  const save = form.submit(async (d) => {
    const paid = await recordPayment(customer._id, { amount: d.amount, method: d.method, ...(d.note ? { note: d.note } : {}) });
    notifications.show({
      color: paid ? 'green' : 'yellow',
      message: paid ? t('paymentSaved', { balance: formatRupees(paid.balance) }) : t('paymentQueued'),
    });
    onPaid(paid ? paid.balance : null, d.amount);
  }, t('loadFailed'));

  return (
    <Modal opened onClose={onClose} title={t('paymentTitle', { name: customer.name })}>
      <ModalForm
        form={form}
        onSubmit={save}
        cancelLabel={t('cancel')}
        onCancel={onClose}
        submitLabel={t('recordPayment')}
        submitDisabled={typeof amount !== 'number' || amount <= 0}
        submitTestId="save-payment"
      >
        <AmountInput
          label={t('paymentAmount')}
          value={amount}
          onChange={(v) => form.set('amount', v)}
          error={form.error('amount')}
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
                onClick={() => form.set('method', m)}
              >
                {t(`method_${m}`)}
              </Button>
            ))}
          </Group>
        </Stack>
        {method === 'upi' && shop.upiId && typeof amount === 'number' && amount > 0 && (
          <Suspense fallback={<Skeleton h={220} />}>
            <UpiQr {...payLinkPayment({ shop: shop.name, upiId: shop.upiId, amountPaise: toPaise(amount) })} />
          </Suspense>
        )}
        <TextInput
          label={t('note')}
          value={form.values.note}
          onChange={(e) => form.set('note', e.currentTarget.value)}
          error={form.error('note')}
          maxLength={CUSTOMER_NOTE_MAX}
        />
      </ModalForm>
    </Modal>
  );
}
