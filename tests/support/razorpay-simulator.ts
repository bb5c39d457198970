import { createHmac, randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../server/config';

/**
 * A local stand-in for Razorpay's UPI QR code API, started by the tests themselves on 127.0.0.1 (no
 * network): it answers the documented endpoints in the documented shapes (tests/fixtures/razorpay/),
 * checks basic auth with each account's key id and key secret, keeps the QRs it made, and pays them as a
 * customer's UPI app would: the payment is listed for its QR and a `qr_code.credited` event is signed with
 * the account's webhook secret (hex HMAC-SHA256 of the raw body), and posted to `webhookUrl` when one is
 * set (a browser test's server); an API test injects the signed body itself.
 */

export interface RazorpayTestAccount {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** Razorpay's ids: a prefix and 14 letters and digits. */
const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const rzpId = (prefix: string, n = 14) => `${prefix}_${Array.from({ length: n }, () => ALPHANUM[randomInt(ALPHANUM.length)]).join('')}`;

/** A fresh test account (rzp_test_ key id, random secrets), as the owner would copy it from the Dashboard. */
export const razorpayAccount = (): RazorpayTestAccount => ({
  keyId: rzpId('rzp_test'),
  keySecret: randomBytes(18).toString('base64url'),
  webhookSecret: randomBytes(18).toString('base64url'),
});

/** The app's payments configuration for a test: PAYMENTS_KEY `key`, and this simulator as Razorpay. */
export const simulatorPayments = (sim: { url: string }, key: string): Config['payments'] => ({
  key,
  devKey: false,
  razorpayApiUrl: sim.url,
});

/** The settings body (PUT /api/payments/settings) of an account. */
export const settingsBody = (a: RazorpayTestAccount) => ({
  provider: 'razorpay',
  keyId: a.keyId,
  keySecret: a.keySecret,
  webhookSecret: a.webhookSecret,
});

/** Razorpay's documented minimum: a QR's close_by is at least 15 minutes after the time it is made. */
const MIN_OPEN_S = 15 * 60;

type Entity = Record<string, unknown>;

interface SimQr {
  account: RazorpayTestAccount;
  entity: Entity;
  payments: Entity[];
}

/** A webhook as Razorpay sends it: the exact body and its X-Razorpay-Signature. */
export interface SignedWebhook {
  rawBody: string;
  signature: string;
  payment: Entity;
}

export interface PayOptions {
  /** Rupees; the QR's amount unless given (another amount is what a provider could still report). */
  amount?: number;
  vpa?: string;
  utr?: string;
  /** When the payment is made; now unless given. */
  at?: Date;
  /** Post the event to `webhookUrl` (when one is set); false: only listed for the QR (a webhook that never came). */
  deliver?: boolean;
}

export interface RazorpaySimulator {
  /** The origin to give the app as RAZORPAY_API_URL. */
  url: string;
  accounts: RazorpayTestAccount[];
  /** The QRs made, by id, with the request body that made each. */
  qrs: Map<string, SimQr & { request: Entity }>;
  /** Every request: method, path, and the account its basic auth named (null: refused). */
  requests: Array<{ method: string; path: string; keyId: string | null }>;
  /** Where `pay` posts its events; unset: nowhere. */
  webhookUrl?: string;
  /** A payment to a QR made here: listed for it, the QR closed (single use), its signed event answered (and posted). */
  pay(qrId: string, opts?: PayOptions): Promise<SignedWebhook>;
  /** A signed `qr_code.credited` event for any QR entity (one this simulator never made, another account's). */
  credited(account: RazorpayTestAccount, qr: Entity, opts?: PayOptions): SignedWebhook;
  /** The signature of a body with a secret, as Razorpay computes it. */
  sign(rawBody: string, secret: string): string;
  close(): Promise<void>;
}

const unix = (d: Date = new Date()) => Math.floor(d.getTime() / 1000);

/** Razorpay's error body. */
const failure = (description: string, field?: string) => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    ...(field ? { field } : {}),
  },
});

function paymentEntity(qr: Entity, amountPaise: number, opts: PayOptions): Entity {
  return {
    id: rzpId('pay'),
    entity: 'payment',
    amount: amountPaise,
    currency: 'INR',
    status: 'captured',
    order_id: null,
    invoice_id: null,
    international: false,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured: true,
    description: 'QRv2 Payment',
    card_id: null,
    bank: null,
    wallet: null,
    vpa: opts.vpa ?? 'gauri.kumari@okhdfcbank',
    email: 'void@razorpay.com',
    contact: '+919000090000',
    customer_id: null,
    notes: qr.notes ?? [],
    fee: 0,
    tax: 0,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    acquirer_data: { rrn: opts.utr ?? String(randomInt(100_000_000_000, 999_999_999_999)) },
    created_at: unix(opts.at),
  };
}

export async function startRazorpaySimulator(
  opts: { accounts?: RazorpayTestAccount[]; imageContent?: boolean } = {},
): Promise<RazorpaySimulator> {
  const accounts = [...(opts.accounts ?? [])];
  const qrs: RazorpaySimulator['qrs'] = new Map();
  const requests: RazorpaySimulator['requests'] = [];
  const withImageContent = opts.imageContent !== false;

  const accountOf = (header: string | undefined) => {
    const m = /^Basic (.+)$/.exec(header ?? '');
    if (!m) return undefined;
    const [keyId, ...rest] = Buffer.from(m[1], 'base64').toString('utf8').split(':');
    return accounts.find((a) => a.keyId === keyId && a.keySecret === rest.join(':'));
  };

  function createQr(account: RazorpayTestAccount, body: Entity): [number, Entity] {
    if (body.type !== 'upi_qr') return [400, failure('The type field is invalid.', 'type')];
    if (body.usage !== 'single_use' && body.usage !== 'multiple_use') return [400, failure('The usage field is invalid.', 'usage')];
    const amount = body.payment_amount;
    if (body.fixed_amount === true && (!Number.isInteger(amount) || (amount as number) <= 0)) {
      return [400, failure('The payment amount field is required when fixed amount is true.', 'payment_amount')];
    }
    const closeBy = body.close_by;
    if (closeBy !== undefined && (!Number.isInteger(closeBy) || (closeBy as number) < unix() + MIN_OPEN_S)) {
      return [400, failure('close_by should be at least 15 minutes after current time', 'close_by')];
    }
    const id = rzpId('qr');
    const rupees = (amount as number) / 100;
    const entity: Entity = {
      id,
      entity: 'qr_code',
      created_at: unix(),
      name: body.name ?? null,
      usage: body.usage,
      type: 'upi_qr',
      image_url: `https://rzp.io/i/${rzpId('x', 8).slice(2)}`,
      ...(withImageContent
        ? {
            image_content: `upi://pay?pa=shop.rzp@icici&pn=${encodeURIComponent(String(body.name ?? ''))}&tr=${id.slice(3)}&tn=${encodeURIComponent(String(body.description ?? ''))}&am=${rupees.toFixed(2)}&cu=INR&mc=5411`,
          }
        : {}),
      payment_amount: body.fixed_amount === true ? amount : null,
      status: 'active',
      description: body.description ?? null,
      fixed_amount: body.fixed_amount === true,
      payments_amount_received: 0,
      payments_count_received: 0,
      notes: body.notes ?? {},
      close_by: closeBy ?? null,
      closed_at: null,
      close_reason: null,
    };
    qrs.set(id, { account, entity, payments: [], request: body });
    return [200, entity];
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const account = accountOf(req.headers.authorization);
      const path = (req.url ?? '').split('?')[0];
      requests.push({ method: req.method ?? '', path, keyId: account?.keyId ?? null });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!account) return send(401, failure('The api key provided is invalid'));
      if (req.method === 'POST' && path === '/v1/payments/qr_codes') {
        let body: Entity;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Entity;
        } catch {
          return send(400, failure('The request body is not JSON'));
        }
        return send(...createQr(account, body));
      }
      const payments = /^\/v1\/payments\/qr_codes\/([^/]+)\/payments$/.exec(path);
      if (req.method === 'GET' && payments) {
        const qr = qrs.get(decodeURIComponent(payments[1]));
        if (!qr || qr.account !== account) return send(400, failure('The id provided does not exist'));
        const items = [...qr.payments].reverse();
        return send(200, { entity: 'collection', count: items.length, items });
      }
      return send(404, failure('The requested URL was not found on the server.'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (rawBody: string, secret: string) => createHmac('sha256', secret).update(rawBody).digest('hex');

  function credited(account: RazorpayTestAccount, qr: Entity, o: PayOptions = {}): SignedWebhook {
    const amountPaise = o.amount !== undefined ? Math.round(o.amount * 100) : Number(qr.payment_amount ?? 0);
    const payment = paymentEntity(qr, amountPaise, o);
    const event = {
      entity: 'event',
      account_id: `acc_${account.keyId.slice(-14)}`,
      event: 'qr_code.credited',
      contains: ['payment', 'qr_code'],
      payload: { payment: { entity: payment }, qr_code: { entity: qr } },
      created_at: unix(),
    };
    const rawBody = JSON.stringify(event);
    return { rawBody, signature: sign(rawBody, account.webhookSecret), payment };
  }

  const sim: RazorpaySimulator = {
    url,
    accounts,
    qrs,
    requests,
    sign,
    credited,
    async pay(qrId, o = {}) {
      const qr = qrs.get(qrId);
      if (!qr) throw new Error(`the simulator made no QR ${qrId}`);
      const signed = credited(qr.account, qr.entity, o);
      qr.payments.push(signed.payment);
      // a single-use QR closes once paid; the event carries it as it is then
      const amount = Number(signed.payment.amount);
      qr.entity = {
        ...qr.entity,
        payments_amount_received: Number(qr.entity.payments_amount_received) + amount,
        payments_count_received: Number(qr.entity.payments_count_received) + 1,
        ...(qr.entity.usage === 'single_use' ? { status: 'closed', closed_at: unix(), close_reason: 'paid' } : {}),
      };
      const event = JSON.parse(signed.rawBody) as { payload: { qr_code: { entity: Entity } } };
      event.payload.qr_code.entity = qr.entity;
      const rawBody = JSON.stringify(event);
      const out = { rawBody, signature: sign(rawBody, qr.account.webhookSecret), payment: signed.payment };
      if (sim.webhookUrl && o.deliver !== false) {
        await fetch(sim.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': out.signature, 'x-razorpay-event-id': rzpId('evt') },
          body: rawBody,
        });
      }
      return out;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sim;
}
