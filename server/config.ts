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
  };
  logLevel: string;
  sessionDays: number;
  trustProxy: boolean;
  /** An external image host for product images (SPEC §7); off by default. */
  imageUploadUrl?: string;
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
    sms: { sender: env.SMS_SENDER === 'webhook' ? 'webhook' : 'log', webhookUrl: env.SMS_WEBHOOK_URL, outboxFile: env.SMS_OUTBOX_FILE || undefined },
    rateLimits: {
      login: { max: num(env.RATE_LIMIT_LOGIN, 10), windowMs: 60_000 },
      register: { max: num(env.RATE_LIMIT_REGISTER, 10), windowMs: 60_000 },
      registerPhone: { max: num(env.RATE_LIMIT_REGISTER_PHONE, 3), windowMs: 10 * 60_000 },
      verify: { max: num(env.RATE_LIMIT_VERIFY, 10), windowMs: 60_000 },
      forgot: { max: num(env.RATE_LIMIT_FORGOT, 5), windowMs: 60_000 },
      reset: { max: num(env.RATE_LIMIT_RESET, 10), windowMs: 60_000 },
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionDays: 30,
    trustProxy: env.TRUST_PROXY === '1',
    imageUploadUrl: env.VITE_IMAGE_UPLOAD_URL || undefined,
  };
}
