import type { PaymentSettingsDto } from '../../core/schemas/payment';
import { api } from '../lib/api';

/**
 * Whether the shop's payment provider confirms its UPI payments (docs/decisions/upi-confirmed-by-provider.md),
 * as the counter reaches it: with one, a UPI sale waits for the provider's QR and its word; without, the shop's
 * own static QR. Saved on the device under PAYMENT_PROVIDER, so the counter knows it offline too.
 */
export const PAYMENT_PROVIDER = 'payment-provider';

/** GET /api/payments/settings: the provider and its key id (never a secret); `configured` when one is set. */
export const fetchPaymentProvider = () => api.get<PaymentSettingsDto>('payments/settings');
