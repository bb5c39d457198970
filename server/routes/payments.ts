import { z } from 'zod';
import { APPROVAL_CODES } from '../../core/approvals';
import { orderChangedResponse } from '../../core/schemas/order';
import {
  confirmPaymentSchema,
  paymentSettingsDto,
  paymentSettingsInput,
  paymentSettingsQuery,
  paymentSettingsSaved,
  reconciliationQuery,
  reconciliationResponse,
  upiQrResponse,
  webhookResponse,
} from '../../core/schemas/payment';
import type { App } from '../app-type';
import { ACT_TIME_CODES } from '../lib/act-time';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { paymentStatementRoutes } from './payment-statements';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';
import { REPORT_VENDOR_CODES } from '../services/reports/report-vendor';

/** Any text: a malformed id is simply "not found". */
const anyId = z.object({ id: z.string().max(200) });
const SETTINGS_CODES = ['paymentsKeyMissing', 'chooseVendor', 'vendorNotFound'] as const;
const SALE_CODES = ['orderNotFound', 'upiNotPending', 'upiAlreadyPaid'] as const;
/** A webhook is a small JSON event: anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * A payment provider that confirms UPI payments (server/services/payments): the shop's settings, a sale's
 * QR, the provider's webhook, a payment confirmed by hand and the day's reconciliation.
 */
export async function paymentsRoutes(app: App) {
  const { payments, paymentSettings, limits } = app.services;

  app.get(
    '/payments/settings',
    { schema: { querystring: paymentSettingsQuery, response: replies({ 200: paymentSettingsDto }, SETTINGS_CODES) } },
    async (req) => paymentSettings.get(currentUser(req), req.query.shopId),
  );
  app.put(
    '/payments/settings',
    {
      schema: {
        querystring: paymentSettingsQuery,
        body: paymentSettingsInput,
        response: replies({ 200: paymentSettingsSaved }, SETTINGS_CODES),
      },
    },
    async (req) => paymentSettings.save(currentUser(req), req.body, req.query.shopId),
  );
  app.delete(
    '/payments/settings',
    { schema: { querystring: paymentSettingsQuery, response: replies({ 200: paymentSettingsSaved }, SETTINGS_CODES) } },
    async (req) => paymentSettings.remove(currentUser(req), req.query.shopId),
  );

  app.post(
    '/Orders/:id/upi-qr',
    {
      schema: {
        params: anyId,
        response: replies({ 200: upiQrResponse }, [...SALE_CODES, 'upiProviderOff', 'upiProviderFailed']),
      },
    },
    async (req) => payments.qrForSale(currentUser(req), req.params.id),
  );
  // the outbox may send it (confirmed offline) with an Idempotency-Key
  app.post(
    '/Orders/:id/confirm-payment',
    {
      schema: {
        params: anyId,
        body: confirmPaymentSchema,
        response: replies({ 200: orderChangedResponse }, [...SALE_CODES, ...ACT_TIME_CODES, ...IDEMPOTENCY_CODES, ...APPROVAL_CODES]),
      },
    },
    async (req) => payments.confirmByHand(currentUser(req), req.params.id, req.body),
  );
  app.get(
    '/payments/reconciliation',
    { schema: { querystring: reconciliationQuery, response: replies({ 200: reconciliationResponse }, REPORT_VENDOR_CODES) } },
    async (req) => payments.reconciliation(currentUser(req), req.query.date, req.query.vendorId),
  );
  // POST /payments/statements: a settlement statement's CSV, in a context of its own (multipart)
  await app.register(paymentStatementRoutes);

  // The provider's webhook is signed over its exact bytes: in this context alone, a JSON body is kept raw.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      '/payments/webhooks/razorpay',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: { response: replies({ 200: webhookResponse }, ['webhookSignatureInvalid', 'webhookBodyInvalid']) },
      },
      async (req) => {
        await limits.paymentWebhooks.hit(`ip:${req.ip}`);
        const signature = req.headers['x-razorpay-signature'];
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return { status: await payments.webhook('razorpay', body, typeof signature === 'string' ? signature : undefined) };
      },
    );
  });
}
