import type { MismatchReason } from './schemas/payment';

/**
 * Whether a payment the provider reports for a QR pays the sale the QR was made for
 * (docs/decisions/upi-confirmed-by-provider.md). It does when the QR is the shop's, the amount is the QR's
 * to the paisa, it was made before the QR closed (a webhook that comes later still counts), the sale stands
 * and nothing the provider confirmed paid it before. Otherwise the reason it is kept as mismatched (null:
 * it matches). A sale already confirmed by hand is matched: the provider's payment is added to it.
 */
export function upiMismatch(
  payment: { amountPaise: number; paidAt: Date },
  qr: { amountPaise: number; closeBy: Date; paid: boolean } | undefined,
  sale: { voided: boolean; paidByProvider: boolean } | undefined,
): MismatchReason | null {
  if (!qr || !sale) return 'unknownQr';
  if (payment.amountPaise !== qr.amountPaise) return 'amount';
  if (payment.paidAt.getTime() > qr.closeBy.getTime()) return 'closedQr';
  if (sale.voided) return 'voided';
  if (qr.paid || sale.paidByProvider) return 'alreadyPaid';
  return null;
}
