import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPayment,
  type ProviderQr,
  ProviderError,
  type QrRef,
  WebhookBodyError,
} from './payment-provider';

/**
 * Razorpay's UPI QR codes, as its API reference documents them (recorded examples in
 * tests/fixtures/razorpay/): POST /v1/payments/qr_codes makes a single-use, fixed-amount `upi_qr`;
 * GET /v1/payments/qr_codes/:id/payments lists its payments; the `qr_code.credited` webhook reports one,
 * signed in X-Razorpay-Signature with the hex HMAC-SHA256 of the raw body under the webhook secret.
 * Basic auth with the key id and key secret. Amounts in paise, times in Unix seconds.
 */
export interface RazorpayAccount {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** How long a call to Razorpay may take before the sale falls back to a confirmation by hand. */
const TIMEOUT_MS = 10_000;

const unixSeconds = z.coerce.number().int().nonnegative();

const paymentEntity = z.looseObject({
  id: z.string().min(1).max(100),
  amount: z.number().int().nonnegative(),
  status: z.string().max(40),
  vpa: z.string().max(300).nullish(),
  acquirer_data: z.looseObject({ rrn: z.string().max(100).nullish() }).nullish(),
  created_at: unixSeconds,
});

const qrEntity = z.looseObject({
  id: z.string().min(1).max(100),
  image_url: z.string().max(2000),
  /** With the account's image content feature: the UPI link the QR holds. */
  image_content: z.string().max(2000).nullish(),
  payment_amount: z.number().int().nullable(),
  status: z.string(),
  close_by: unixSeconds.nullish(),
});

const paymentsCollection = z.looseObject({ items: z.array(z.looseObject({})) });

const webhookBody = z.looseObject({
  event: z.string().max(100),
  payload: z.looseObject({
    payment: z.object({ entity: z.looseObject({}) }).optional(),
    qr_code: z.object({ entity: z.looseObject({ id: z.string().min(1).max(100) }) }).optional(),
  }),
});

/** A payment entity in the one shape of the adapter interface; undefined when it lacks what a payment has. */
function toPayment(raw: unknown): ProviderPayment | undefined {
  const p = paymentEntity.safeParse(raw);
  if (!p.success) return undefined;
  return {
    paymentId: p.data.id,
    amountPaise: p.data.amount,
    status: p.data.status,
    utr: p.data.acquirer_data?.rrn || null,
    payerVpa: p.data.vpa || null,
    paidAt: new Date(p.data.created_at * 1000),
    raw,
  };
}

export function razorpayAdapter(origin: string, account: RazorpayAccount): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${account.keyId}:${account.keySecret}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${origin}${path}`, {
        method,
        headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (err) {
      throw new ProviderError(`razorpay ${method} ${path}: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw new ProviderError(`razorpay ${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderError(`razorpay ${method} ${path}: not JSON`);
    }
  }

  return {
    name: 'razorpay',

    async createQr(amountPaise: number, closeBy: Date, ref: QrRef): Promise<ProviderQr> {
      const answer = await call('POST', '/v1/payments/qr_codes', {
        type: 'upi_qr',
        name: ref.name.slice(0, 60),
        usage: 'single_use',
        fixed_amount: true,
        payment_amount: amountPaise,
        description: ref.description.slice(0, 250),
        close_by: Math.floor(closeBy.getTime() / 1000),
        notes: { order_id: ref.orderId, shop_id: ref.shopId },
      });
      const qr = qrEntity.safeParse(answer);
      if (!qr.success || qr.data.payment_amount !== amountPaise)
        throw new ProviderError('razorpay: the QR answered is not the one asked for');
      return {
        qrId: qr.data.id,
        upiUri: qr.data.image_content || qr.data.image_url,
        imageUrl: qr.data.image_url,
        amountPaise,
        closeBy: qr.data.close_by ? new Date(qr.data.close_by * 1000) : closeBy,
      };
    },

    async qrPayments(qrId: string): Promise<ProviderPayment[]> {
      const answer = paymentsCollection.safeParse(
        await call('GET', `/v1/payments/qr_codes/${encodeURIComponent(qrId)}/payments?count=100`),
      );
      if (!answer.success) throw new ProviderError('razorpay: the payments answered are not a collection');
      return answer.data.items.flatMap((item) => toPayment(item) ?? []);
    },

    verifyWebhook(rawBody: Buffer, signature: string): boolean {
      if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
      const expected = createHmac('sha256', account.webhookSecret).update(rawBody).digest();
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },

    parseWebhook(rawBody: Buffer): ProviderEvent {
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookBodyError('not JSON');
      }
      const body = webhookBody.safeParse(json);
      if (!body.success) throw new WebhookBodyError('not a Razorpay event');
      if (body.data.event !== 'qr_code.credited') return { kind: 'other', event: body.data.event };
      const qr = body.data.payload.qr_code?.entity;
      const payment = toPayment(body.data.payload.payment?.entity);
      if (!qr || !payment) throw new WebhookBodyError('qr_code.credited without its QR or payment');
      return { kind: 'qrCredited', qrId: qr.id, payment };
    },
  };
}
