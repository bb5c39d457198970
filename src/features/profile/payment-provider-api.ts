import type { z } from 'zod';
import type { PaymentSettingsInput, paymentSettingsSaved } from '../../../core/schemas/payment';
import { api } from '../../lib/api';

type Saved = z.infer<typeof paymentSettingsSaved>;

/** PUT /api/payments/settings (the owner): the keys, entered once; answers the provider and key id, never a secret. */
export const savePaymentProvider = (body: PaymentSettingsInput) => api.put<Saved>('payments/settings', body);

/** DELETE /api/payments/settings (the owner): the provider turned off; the counter shows the shop's own QR again. */
export const removePaymentProvider = () => api.delete<Saved>('payments/settings');

/** The address Razorpay posts its payment events to: this app's own origin. */
export const razorpayWebhookUrl = () => `${window.location.origin}/api/payments/webhooks/razorpay`;
