import { Text } from '@mantine/core';
import type { OrderPaymentDto } from '../../core/schemas/payment';
import { useT } from '../lib/i18n';

/**
 * How a sale's UPI payment was confirmed (the order's `payment`): "UPI confirmed · UTR …" when the shop's
 * payment provider said so, "Confirmed by hand by Meena" when a person signed for it (with the UTR once
 * the provider's payment came too). Nothing for a sale without a confirmation (cash, a static QR).
 */
export function UpiConfirmation({ payment, size = 'sm' }: { payment: OrderPaymentDto | null | undefined; size?: 'xs' | 'sm' | 'md' }) {
  const t = useT('upi-qr');
  if (!payment) return null;
  const utr = payment.utr ? t('upiUtr', { utr: payment.utr }) : '';
  const byHand = payment.confirmedBy !== 'provider';
  const text =
    payment.confirmedBy === 'provider' ? t('upiConfirmedByProvider') : t('upiConfirmedByHand', { name: payment.confirmedBy.name });
  return (
    <Text size={size} fw={600} c={byHand ? 'orange.9' : 'teal.8'} data-testid="upi-confirmation" data-by={byHand ? 'hand' : 'provider'}>
      {utr ? `${text} · ${utr}` : text}
    </Text>
  );
}
