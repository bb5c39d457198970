import net from 'node:net';
import path from 'node:path';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Where the built PWA lives; served when present. */
  webDir: string;
  /**
   * outboxFile: where the `log` sender writes messages (one JSON line each). The server sets it to
   * DATA_DIR/sms-outbox.log so one-time codes never enter the application log; without it (in-process
   * tests) messages go to the logger under `sms`.
   */
  sms: { sender: 'log' | 'webhook'; webhookUrl?: string; outboxFile?: string };
  rateLimits: {
    login: RateLimitRule;
    /** Registrations per client address. */
    register: RateLimitRule;
    /** Registrations per phone: each sends an SMS to that phone. */
    registerPhone: RateLimitRule;
    /** Registration codes checked, per client address and per phone. */
    verify: RateLimitRule;
    forgot: RateLimitRule;
    reset: RateLimitRule;
    /** Orders a customer places (checkout), per account: a shop's counter sales are not counted. */
    orders: RateLimitRule;
    /** Orders a customer deletes, per account. */
    orderDeletes: RateLimitRule;
    /** Payment pages opened (the public GET /api/pay/:token), per client address. */
    payPage: RateLimitRule;
    /** A payment provider's webhooks (the public POST /api/payments/webhooks/...), per client address. */
    paymentWebhooks: RateLimitRule;
    /** Customer displays' pairing codes and stream tickets asked for (the public POST /api/displays, /ticket), per client address. */
    displays: RateLimitRule;
    /** Display codes entered at a counter (POST /api/displays/pair), per shop and per client address. */
    displayPairs: RateLimitRule;
  };
  logLevel: string;
  /** Check every answer against its route's response schema (tests); a mismatch answers 500. */
  validateResponses: boolean;
  sessionDays: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify `trustProxy`): false (none: the socket's
   * address is the client), a hop count, or the proxies' addresses and CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** An external image host for product images; off by default. */
  imageUploadUrl?: string;
  /** The app's public address (https://shop.example), for links sent out of the app (a reminder's payment link); unset: the caller's page. */
  publicUrl?: string;
  /**
   * Web Push: `subject` is the contact the push services see in the VAPID claim (mailto: or https:);
   * `allowLocal` (PUSH_ALLOW_LOCAL=1, tests only, refused in production) lets subscriptions name
   * http endpoints on loopback or private addresses.
   */
  push: { subject: string; allowLocal: boolean };
  /**
   * Payment providers (server/services/payments): `key` encrypts their secrets at rest (PAYMENTS_KEY, 64 hex
   * digits; null: unset); `devKey` lets a start that is not production use the fixed development key in its
   * place (with a warning); `razorpayApiUrl` is Razorpay's origin (RAZORPAY_API_URL: a local simulator in tests).
   */
  payments: { key: string | null; devKey: boolean; razorpayApiUrl: string };
}

export type TrustProxy = false | number | string[];

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an IPv4/IPv6 address, an address with a /prefix, or a range name proxy-addr knows. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [addr, prefix, extra] = entry.split('/');
  const version = net.isIP(addr);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset (or 0) trusts no proxy; a number is how many proxies stand in front of the
 * server (`1` for one reverse proxy); otherwise a comma-separated list of the proxies' addresses
 * or CIDR ranges (`10.0.0.1,10.0.0.2`, `127.0.0.1/8`). `true` is refused: it would believe the
 * left-most X-Forwarded-For entry, which the client writes.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = list.filter((e) => !isProxyAddress(e));
  if (list.length === 0 || bad.length) {
    throw new Error(
      `TRUST_PROXY must be a hop count (1, 2) or the proxies' addresses/CIDRs (10.0.0.1,10.0.0.2 or 127.0.0.1/8); got ${JSON.stringify(v)}`,
    );
  }
  return list;
}

/**
 * The value Fastify's `trustProxy` takes. A hop count becomes a function trusting the first `n`
 * addresses counted from the socket (Fastify itself trusts nothing for a bare number), so the
 * counted address is the one the last trusted proxy saw, whatever the client prepends.
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_addr, hop) => hop < tp;
  return tp;
}

/** PAYMENTS_KEY: 64 hex digits (a 32-byte AES-256 key, `openssl rand -hex 32`); unset or blank: null. Anything else stops the start. */
function parsePaymentsKey(value: string | undefined): string | null {
  const v = value?.trim() ?? '';
  if (v === '') return null;
  if (!/^[0-9a-fA-F]{64}$/.test(v)) throw new Error('PAYMENTS_KEY must be 64 hex digits (32 bytes), e.g. from `openssl rand -hex 32`');
  return v.toLowerCase();
}

/** A provider's origin from its URL variable (`fallback` when unset); anything but an http(s) URL stops the start. */
function providerOrigin(name: string, value: string | undefined, fallback: string): string {
  const v = value?.trim() || fallback;
  const url = URL.canParse(v) ? new URL(v) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error(`${name} must be an https:// address; got ${JSON.stringify(v)}`);
  return url.origin;
}

const num = (v: string | undefined, d: number) => (v && !Number.isNaN(Number(v)) ? Number(v) : d);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '..');
  return {
    port: num(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    webDir: path.resolve(env.WEB_DIR ?? path.join(root, 'dist')),
    sms: {
      sender: env.SMS_SENDER === 'webhook' ? 'webhook' : 'log',
      webhookUrl: env.SMS_WEBHOOK_URL,
      outboxFile: env.SMS_OUTBOX_FILE || undefined,
    },
    rateLimits: {
      login: { max: num(env.RATE_LIMIT_LOGIN, 10), windowMs: 60_000 },
      register: { max: num(env.RATE_LIMIT_REGISTER, 10), windowMs: 60_000 },
      registerPhone: { max: num(env.RATE_LIMIT_REGISTER_PHONE, 3), windowMs: 10 * 60_000 },
      verify: { max: num(env.RATE_LIMIT_VERIFY, 10), windowMs: 60_000 },
      forgot: { max: num(env.RATE_LIMIT_FORGOT, 5), windowMs: 60_000 },
      reset: { max: num(env.RATE_LIMIT_RESET, 10), windowMs: 60_000 },
      orders: { max: num(env.RATE_LIMIT_ORDERS, 30), windowMs: 60 * 60_000 },
      orderDeletes: { max: num(env.RATE_LIMIT_ORDER_DELETES, 30), windowMs: 60 * 60_000 },
      payPage: { max: num(env.RATE_LIMIT_PAY_PAGE, 60), windowMs: 60_000 },
      paymentWebhooks: { max: num(env.RATE_LIMIT_PAYMENT_WEBHOOKS, 600), windowMs: 60_000 },
      displays: { max: num(env.RATE_LIMIT_DISPLAYS, 120), windowMs: 10 * 60_000 },
      displayPairs: { max: num(env.RATE_LIMIT_DISPLAY_PAIRS, 20), windowMs: 10 * 60_000 },
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    validateResponses: env.VALIDATE_RESPONSES === '1',
    sessionDays: 30,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    imageUploadUrl: env.VITE_IMAGE_UPLOAD_URL || undefined,
    publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
    push: { subject: env.PUSH_SUBJECT || 'mailto:support@nammakadai.in', allowLocal: env.PUSH_ALLOW_LOCAL === '1' },
    payments: {
      key: parsePaymentsKey(env.PAYMENTS_KEY),
      devKey: env.NODE_ENV !== 'production',
      razorpayApiUrl: providerOrigin('RAZORPAY_API_URL', env.RAZORPAY_API_URL, 'https://api.razorpay.com'),
    },
  };
}
