import { Anchor, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatRupees, toPaise } from '../../../core/money';
import { PAYMENT_STATUSES } from '../../../core/order-statuses';
import { PAYMENT_METHODS, type SalePaymentMethod } from '../../../core/payments';
import type { PaymentPart } from '../../../core/split-payment';
import { useT } from '../../lib/i18n';
import { saleRef } from './sale-ref';
import { LoadBoundary } from '../../components/load-boundary';

const UpiQr = lazy(() => import('../../components/upi-qr'));
const UpiIdDialog = lazy(() => import('./upi-id-dialog'));
const SplitPaymentFields = lazy(() => import('./split-payment-fields'));

export interface Payment {
  /** Handed over at the counter now (Paid and Delivered at once), or to deliver later (Pending, as the spec has it). */
  handedOver: boolean;
  status: string;
  /** 'credit': on the customer's account (unpaid until they pay; it joins their balance when the goods leave). */
  method: SalePaymentMethod;
  /** Paid in parts (core/split-payment.ts): set, they stand in for `method`. */
  parts?: PaymentPart[];
}

interface PanelProps {
  payment: Payment;
  onChange: (p: Payment) => void;
  total: number;
  saleId: string;
  upiId: string;
  payee: string;
  /** The customer chosen (Credit is offered then), by name. */
  customerName?: string | null;
  /** The shop's payment provider confirms UPI: its QR for the exact amount comes once the sale is recorded. */
  upiByProvider?: boolean;
}

/** How the sale is paid and handed over: cash with the change due, a UPI QR code for the exact amount, card, or credit. */
export default function PaymentPanel({
  payment,
  onChange,
  total,
  saleId,
  upiId,
  payee,
  customerName = null,
  upiByProvider = false,
}: PanelProps) {
  const t = useT('shop-order');
  const [tendered, setTendered] = useState<number | ''>('');
  // the UPI ID is set here, in a dialog: leaving for the profile would lose the sale in progress
  const [upiDialog, setUpiDialog] = useState(false);
  const paid = payment.status === 'Paid';
  const credit = payment.method === 'credit';
  const change = typeof tendered === 'number' ? toPaise(tendered) - toPaise(total) : null;
  const set = (p: Partial<Payment>) => onChange({ ...payment, ...p });

  return (
    <Stack gap="sm">
      {/* two buttons, not a SegmentedControl: one tap, and no extra code on the sale screen's first load */}
      <Group gap={4} role="group" aria-label={t('handOver')}>
        {[true, false].map((now) => (
          <Button
            key={String(now)}
            size="sm"
            variant={payment.handedOver === now ? 'filled' : 'default'}
            aria-pressed={payment.handedOver === now}
            // credit stays chosen either way: handed over, or on the account once delivered
            onClick={() => set(now ? { handedOver: true, status: 'Paid' } : { handedOver: false })}
          >
            {now ? t('handedOverNow') : t('deliverLater')}
          </Button>
        ))}
      </Group>
      <Group align="flex-end" gap="sm">
        {/* credit is itself how the sale stands: unpaid, on the account */}
        {!payment.handedOver && !credit && (
          <Select
            label={t('paymentStatus')}
            data={PAYMENT_STATUSES.map((s) => ({ value: s, label: s === 'Paid' ? t('statusPaid') : t('statusPending') }))}
            value={payment.status}
            onChange={(v) => set({ status: v ?? 'Paid' })}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
        )}
        {paid && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="paid-by">
              {t('paidBy')}
            </Text>
            {/* buttons, not a dropdown: one tap at the counter */}
            <Group gap={4} role="group" aria-labelledby="paid-by">
              {[...PAYMENT_METHODS, ...(customerName !== null ? (['credit'] as const) : [])].map((m) => (
                <Button
                  key={m}
                  size="sm"
                  // narrower on a phone: Split fits on the row in Tamil too
                  px={{ base: 'xs', sm: 18 }}
                  variant={payment.method === m && !payment.parts ? 'filled' : 'default'}
                  aria-pressed={payment.method === m && !payment.parts}
                  onClick={() => set({ method: m, parts: undefined, ...(m === 'credit' ? { status: 'Paid' } : {}) })}
                >
                  {t(`method_${m}`)}
                </Button>
              ))}
              {/* paid in parts: the first part takes the method chosen so far */}
              <Button
                size="sm"
                px={{ base: 'xs', sm: 18 }}
                variant={payment.parts ? 'filled' : 'default'}
                aria-pressed={!!payment.parts}
                onClick={() => {
                  const first = credit ? 'cash' : payment.method;
                  set({ method: first, parts: payment.parts ?? [{ method: first, amount: 0 }] });
                }}
              >
                {t('method_split')}
              </Button>
            </Group>
          </Stack>
        )}
      </Group>
      {/* to deliver to a named customer: when it goes on their account (docs/khata.md) */}
      {!payment.handedOver && customerName !== null && (credit || !paid) && (
        <Text size="sm" c="dimmed" data-testid="account-at-delivery">
          {credit ? t('creditAtDelivery', { name: customerName }) : t('unpaidToAccount', { name: customerName })}
        </Text>
      )}
      {paid && payment.parts && (
        <Suspense fallback={<div style={{ height: 120 }} />}>
          <SplitPaymentFields
            parts={payment.parts}
            onChange={(parts) => set({ parts })}
            total={total}
            customer={customerName !== null}
            // a shop whose provider confirms UPI shows the provider's QR for the UPI part once the sale is recorded
            upi={upiId && !upiByProvider ? { upiId, payee, note: `Sale ${saleRef(saleId)}` } : null}
          />
        </Suspense>
      )}
      {paid && !payment.parts && payment.method === 'cash' && (
        <Group align="flex-end" gap="md">
          <NumberInput
            label={t('amountReceived')}
            prefix="₹"
            min={0}
            decimalScale={2}
            allowNegative={false}
            value={tendered}
            onChange={(v) => setTendered(typeof v === 'number' ? v : '')}
            inputMode="decimal"
            w={{ base: '100%', xs: 200 }}
          />
          {change !== null && (
            <Text fw={800} size="lg" c={change < 0 ? 'red' : 'teal.8'} data-testid="change-due">
              {change < 0
                ? t('stillToPay', { amount: formatRupees(-change / 100) })
                : t('changeDue', { amount: formatRupees(change / 100) })}
            </Text>
          )}
        </Group>
      )}
      {paid && upiByProvider && (payment.parts ? payment.parts.some((p) => p.method === 'upi') : payment.method === 'upi') && (
        <Text size="sm" c="dimmed" maw={360} data-testid="upi-after-sale">
          {t('upiProviderNote', { button: t('createOrder') })}
        </Text>
      )}
      {paid &&
        !payment.parts &&
        payment.method === 'upi' &&
        !upiByProvider &&
        (upiId ? (
          total > 0 && (
            <LoadBoundary>
              <Suspense fallback={<div style={{ height: 200 }} />}>
                <UpiQr upiId={upiId} payee={payee} amountPaise={toPaise(total)} note={`Sale ${saleRef(saleId)}`} />
              </Suspense>
            </LoadBoundary>
          )
        ) : (
          <Text size="sm" c="dimmed">
            {t('noUpiId')}{' '}
            <Anchor component="button" type="button" fz="sm" onClick={() => setUpiDialog(true)} data-testid="set-upi-id">
              {t('setUpiId')}
            </Anchor>
          </Text>
        ))}
      {upiDialog && (
        <Suspense fallback={null}>
          <UpiIdDialog opened onClose={() => setUpiDialog(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
