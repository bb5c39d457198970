import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import type { Coded, PlainCode } from '../../core/coded';
import { messageText } from '../../core/message-text';
import { buildApp } from '../../server/app';
import type { App } from '../../server/app-type';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type DbHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed-demo';
import { expect, inject } from 'vitest';
import { apiBuilders } from '../support/api-builders';

export { DEMO } from '../support/demo-accounts';
import { DEMO } from '../support/demo-accounts';

export interface TestContext {
  app: App;
  handle: DbHandle;
  config: Config;
  close(): Promise<void>;
}

/** The rate limits of signing in and registering, which test apps lift unless a test sets them. */
const SIGN_IN_LIMITS = ['login', 'register', 'registerPhone', 'verify', 'forgot', 'reset'] as const;

/**
 * A fresh app on a fresh database with the demo data: in-memory PGlite, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped afterwards).
 */
export async function createTestApp(
  /** Config to change; `rateLimits` names only the limits it changes, the others keep the test defaults below. */
  overrides: Omit<Partial<Config>, 'rateLimits'> & { rateLimits?: Partial<Config['rateLimits']> } = {},
  opts: {
    seed?: boolean;
    /** Fastify logger options, e.g. `{ level: 'info', stream }` to read what the server logs (SMS codes). */
    logger?: object;
  } = {},
): Promise<TestContext> {
  const base = loadConfig({ ...process.env, DATABASE_URL: '' });
  const { rateLimits, ...rest } = overrides;
  const config: Config = {
    ...base,
    webDir: '/nonexistent',
    // every answer must match the response schema its route declares (a mismatch is a 500)
    validateResponses: true,
    // sign-in and registration limits out of the way; a customer's orders and deletions keep their real
    // limits (a test placing more as one customer raises them in its own overrides)
    rateLimits: {
      ...base.rateLimits,
      ...Object.fromEntries(SIGN_IN_LIMITS.map((k) => [k, { max: 1000, windowMs: 60_000 }])),
      ...rateLimits,
    },
    ...rest,
  };
  const serverUrl = process.env.TEST_DATABASE_URL;
  const seeded = opts.seed !== false;
  // a copy of the run's template database (migrated, with the demo data or without): tests/api/global-setup.ts
  const templates = inject('apiTemplates');
  const template = templates?.databases ? (seeded ? templates.databases.seeded : templates.databases.migrated) : undefined;
  const serverDb = serverUrl ? await newServerDatabase(serverUrl, template) : undefined;
  const file = !serverUrl && templates?.files ? (seeded ? templates.files.seeded : templates.files.migrated) : undefined;
  const handle = await openDatabase(
    serverDb ? { databaseUrl: serverDb.url } : file ? { loadDataDir: new Blob([fs.readFileSync(file)]) } : {},
  );
  if (!template && !file) {
    await migrateToLatest(handle.db);
    if (seeded) await seedDemo(handle.db);
  }
  // Without a logger of its own, a test app still collects its SMS messages (registerUser reads the codes).
  const sms = opts.logger ? smsByLogger.get(opts.logger) : smsLog();
  const app = await buildApp({ db: handle.db, config, logger: opts.logger ?? sms?.logger });
  await app.ready();
  if (sms) smsByApp.set(app, sms);
  return {
    app,
    handle,
    config,
    async close() {
      await app.close();
      await handle.close();
      await serverDb?.drop();
    },
  };
}

/** A new database on the PostgreSQL server at `serverUrl`, empty or a copy of `template`: its URL, and `drop` to remove it (closing what is connected). */
export async function newServerDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A TCP port free on 127.0.0.1 just now, for a server started by a test. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function login(app: App, phone: string, password: string = DEMO.password): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/users/auth', payload: { phone, password } });
  if (res.statusCode !== 200) throw new Error(`login ${phone} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The body of an answer by message code, in English: `coded('notEnoughStock', { name })` or a plain
 * code gives `{ message, code, params? }`, and `extra` the rest (`{ field: 'phone' }`, current prices).
 */
export function codedBody(c: Coded | PlainCode, extra: Record<string, unknown> = {}) {
  const { code, params } = typeof c === 'string' ? { code: c, params: undefined } : c;
  return { message: messageText(code, 'en', params), code, ...(params ? { params } : {}), ...extra };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Requests as the user of a token (or none) to the app `app()` answers (it may be made in beforeAll):
 * `call` answers the response; `ok` expects the status (200 unless given) and answers the JSON;
 * the shared builders of tests/support/api-builders.ts come with them: a vendor's sales at the counter
 * (`shopSale`, `sale`, `creditSale`), a customer's order (`checkout`, `placeOrder`) and a shop customer.
 */
export function tokenRequests(app: () => App) {
  const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
    app().inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (method: Method, url: string, token: string, payload?: unknown, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json();
  };
  return { call, ok, ...apiBuilders(app) };
}

/** A category the app lists with at least one subcategory (GET /api/categories), for product bodies sent to the API. */
export async function listedShelf(app: App, token: string): Promise<{ name: string; subcategories: string[] }> {
  const res = await app.inject({ method: 'GET', url: '/api/categories', headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`GET /api/categories: ${res.statusCode} ${res.body}`);
  const shelf = (res.json() as Array<{ name: string; subcategories: string[] }>).find((c) => c.subcategories.length);
  if (!shelf) throw new Error('no category with a subcategory');
  return shelf;
}

type SmsCapture = ReturnType<typeof smsLog>;
const smsByLogger = new WeakMap<object, SmsCapture>();
const smsByApp = new WeakMap<App, SmsCapture>();

/** The SMS messages a test app sent (the app must use the default logger or one from smsLog()). */
export function smsOf(app: App): SmsCapture {
  const sms = smsByApp.get(app);
  if (!sms) throw new Error('this test app does not collect SMS messages: pass a logger from smsLog() or none');
  return sms;
}

/**
 * Registers through both steps, as the web app does: POST /api/users, then the code from the SMS to
 * POST /api/users/verify-registration. Answers the verify response (201 with the session), or the
 * first step's response when that was not 202 (a refused payload, a rate limit).
 */
export async function registerUser(app: App, payload: Record<string, unknown>, opts: { remoteAddress?: string } = {}) {
  const first = await app.inject({ method: 'POST', url: '/api/users', payload, remoteAddress: opts.remoteAddress });
  if (first.statusCode !== 202) return first;
  const phone = String(payload.phone);
  const code = smsOf(app).codeFor(phone);
  if (!code) throw new Error(`no registration code was sent to ${phone}`);
  return app.inject({ method: 'POST', url: '/api/users/verify-registration', payload: { phone, code }, remoteAddress: opts.remoteAddress });
}

/**
 * Collects what the app logs, to read the one-time codes the log SMS sender writes:
 * `const sms = smsLog(); createTestApp({}, { logger: sms.logger })`, then `sms.codeFor(phone)`.
 */
export function smsLog() {
  const messages: Array<{ to: string; message: string }> = [];
  const stream = {
    write(line: string) {
      if (!line.includes('"sms"')) return;
      try {
        const entry = JSON.parse(line) as { sms?: { to: string; message: string } };
        if (entry.sms) messages.push(entry.sms);
      } catch {
        // not a JSON log line
      }
    },
  };
  const logger = { level: 'info', stream };
  const capture = {
    logger,
    messages,
    /** All messages sent to a phone, oldest first. */
    to: (phone: string) => messages.filter((m) => m.to === phone).map((m) => m.message),
    /** The 6-digit code in the latest message to a phone, or undefined. */
    codeFor(phone: string): string | undefined {
      const last = messages.filter((m) => m.to === phone).at(-1);
      return last?.message.match(/\b(\d{6})\b/)?.[1];
    },
  };
  smsByLogger.set(logger, capture);
  return capture;
}
