import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { App } from '../../server/app-type';
import { type Config, parseTrustProxy } from '../../server/config';
import { newId, sha256 } from '../../server/lib/ids';
import { hashCode } from '../../server/lib/one-time-code';
import { LOGIN_LOCK_FAILURES, loginDelaySeconds } from '../../server/services/accounts/login-guard';
import { purgeExpired } from '../../server/services/platform/purge.service';
import { bearer, createTestApp, DEMO, login, registerUser, smsLog, type TestContext, codedBody, tokenRequests } from './helpers';

/**
 * Account security: counters shared through the database, sign-in failures per phone, the daily
 * budget of wrong codes per phone, SMS caps, TRUST_PROXY, sessions after a password change, phone
 * change by SMS code, and the purge of expired rows.
 */

let ctx: TestContext;
const sms = smsLog();

beforeAll(async () => {
  ctx = await createTestApp({}, { logger: sms.logger });
});
afterAll(async () => ctx?.close());

const db = () => ctx.handle.db;
const call = (opts: InjectOptions) => ctx.app.inject(opts);
const { ok } = tokenRequests(() => ctx.app);

let seq = 0;
/** A fresh Indian mobile number. */
const newPhone = () => `7${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(6, '0')}`;
const address = { address: '4 Ranganathan Street', city: 'Chennai', pincode: '600017', phoneNumber: '', area: 'T. Nagar' };
const registration = (phone = newPhone(), over: Record<string, unknown> = {}) => ({
  name: 'Kavya Suresh',
  phone,
  password: 'Kavya@123',
  address,
  ...over,
});

async function newUser(): Promise<{ _id: string; token: string; phone: string; password: string }> {
  const body = registration();
  const res = await registerUser(ctx.app, body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json(), password: body.password };
}

const signIn = (phone: string, password: string, app: App = ctx.app, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/users/auth', payload: { phone, password }, remoteAddress });
const forgot = (phone: string) => call({ method: 'POST', url: '/api/users/forgot-password', payload: { phone } });
const reset = (phone: string, otp: string, password = 'Reset@2024') =>
  call({ method: 'POST', url: '/api/users/reset-password', payload: { phone, otp, password } });
const verifyRegistration = (phone: string, code: string) =>
  call({ method: 'POST', url: '/api/users/verify-registration', payload: { phone, code } });
/** A phone change as the account's owner asks it: with the current password (every test account has 'Kavya@123'). */
const changePhone = (token: string, phone: string, over: Record<string, unknown> = {}) =>
  call({
    method: 'PUT',
    url: '/api/users/profile',
    headers: bearer(token),
    payload: { name: 'Kavya Suresh', phone, currentPassword: 'Kavya@123', ...over },
  });
const verifyPhone = (token: string, phone: string, code: string) =>
  call({ method: 'POST', url: '/api/users/verify-phone', headers: bearer(token), payload: { phone, code } });
const profile = (token: string) => call({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
const otherCode = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
const answer = (res: { statusCode: number; body: string }) => `${res.statusCode} ${res.body}`;
/** Moves a phone's last sign-in failure into the past. */
const failedAgo = (phone: string, seconds: number) =>
  db()
    .updateTable('login_failures')
    .set({ last_failed_at: new Date(Date.now() - seconds * 1000) })
    .where('phone', '=', phone)
    .execute();

describe('rate limits are counted in the database', () => {
  it('two API processes on one database share the count (the old limit counted in each process)', async () => {
    const config: Config = { ...ctx.config, rateLimits: { ...ctx.config.rateLimits, login: { max: 3, windowMs: 60_000 } } };
    const first = await buildApp({ db: db(), config });
    const second = await buildApp({ db: db(), config });
    try {
      const ip = '10.20.0.1';
      const answers = [];
      for (const app of [first, second, first, second]) answers.push((await signIn(newPhone(), 'Wrong@123', app, ip)).statusCode);
      expect(answers).toEqual([401, 401, 401, 429]);
      expect((await signIn(newPhone(), 'Wrong@123', first, ip)).json()).toEqual(codedBody('tooManyRequests'));
      const row = await db().selectFrom('rate_counters').select('count').where('key', '=', `login:ip:${ip}`).executeTakeFirstOrThrow();
      expect(row.count).toBe(5);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('sign-in failures per phone', () => {
  it('after 5 wrong passwords the phone waits: a right and a wrong password get the same 429, and a phone without an account answers alike', async () => {
    const u = await newUser();
    const unknown = newPhone();
    const run = async (phone: string, password: string) => {
      const out: string[] = [];
      for (let i = 0; i < 5; i++) out.push(answer(await signIn(phone, 'Wrong@123')));
      out.push(answer(await signIn(phone, 'Wrong@123')), answer(await signIn(phone, password)));
      return out;
    };
    const known = await run(u.phone, u.password);
    const missing = await run(unknown, u.password);
    const invalid = `401 ${JSON.stringify(codedBody('invalidCredentials'))}`;
    const delayed = `429 ${JSON.stringify(codedBody('loginDelayed'))}`;
    expect(known).toEqual([invalid, invalid, invalid, invalid, invalid, delayed, delayed]);
    expect(missing).toEqual(known);
  });

  it('the wait is 1 minute after the 5th failure and doubles with each further one, up to an hour', async () => {
    expect([4, 5, 6, 7, 10, 11, 50].map(loginDelaySeconds)).toEqual([0, 60, 120, 240, 1920, 3600, 3600]);
    const u = await newUser();
    for (let i = 0; i < 5; i++) expect((await signIn(u.phone, 'Wrong@123')).statusCode).toBe(401);
    await failedAgo(u.phone, 50);
    expect((await signIn(u.phone, u.password)).statusCode).toBe(429);
    await failedAgo(u.phone, 61);
    expect((await signIn(u.phone, 'Wrong@123')).statusCode).toBe(401); // the 6th failure: now 2 minutes
    await failedAgo(u.phone, 61);
    expect((await signIn(u.phone, u.password)).statusCode).toBe(429);
    await failedAgo(u.phone, 121);
    expect((await signIn(u.phone, u.password)).statusCode).toBe(200);
    // far along, the wait stays at an hour
    await db()
      .insertInto('login_failures')
      .values({ phone: u.phone, failures: 40, last_failed_at: new Date(Date.now() - 3590_000) })
      .execute();
    expect((await signIn(u.phone, u.password)).statusCode).toBe(429);
    await failedAgo(u.phone, 3601);
    expect((await signIn(u.phone, u.password)).statusCode).toBe(200);
  });

  it('the count outlives the rate-limit window (it is not a rate counter)', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i++) await signIn(u.phone, 'Wrong@123');
    await db().deleteFrom('rate_counters').execute(); // every rate-limit window over
    const res = await signIn(u.phone, u.password);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(codedBody('loginDelayed'));
  });

  it('a successful sign-in starts the count again', async () => {
    const u = await newUser();
    for (let i = 0; i < 4; i++) expect((await signIn(u.phone, 'Wrong@123')).statusCode).toBe(401);
    expect((await signIn(u.phone, u.password)).statusCode).toBe(200);
    expect(await db().selectFrom('login_failures').selectAll().where('phone', '=', u.phone).executeTakeFirst()).toBeUndefined();
    for (let i = 0; i < 4; i++) expect((await signIn(u.phone, 'Wrong@123')).statusCode).toBe(401);
    expect((await signIn(u.phone, u.password)).statusCode).toBe(200);
  });

  it('at 100 failures in a row sign-in is locked, however long one waits, until a password reset', async () => {
    const u = await newUser();
    const unknown = newPhone();
    for (const phone of [u.phone, unknown]) {
      await db()
        .insertInto('login_failures')
        .values({ phone, failures: LOGIN_LOCK_FAILURES - 1, last_failed_at: new Date(Date.now() - 7200_000) })
        .execute();
      expect((await signIn(phone, 'Wrong@123')).statusCode).toBe(401); // the 100th
      await failedAgo(phone, 30 * 86_400);
    }
    const locked = [await signIn(u.phone, u.password), await signIn(u.phone, 'Wrong@123'), await signIn(unknown, u.password)];
    expect(locked.map(answer)).toEqual(locked.map(() => `429 ${JSON.stringify(codedBody('loginLocked'))}`));
    // the purge keeps a lock
    await purgeExpired(db());
    expect((await signIn(u.phone, u.password)).statusCode).toBe(429);
    // a password reset lifts it
    expect((await forgot(u.phone)).statusCode).toBe(200);
    expect((await reset(u.phone, sms.codeFor(u.phone)!, 'Unlocked@2024')).statusCode).toBe(200);
    expect((await signIn(u.phone, 'Unlocked@2024')).statusCode).toBe(200);
  });
});

describe('wrong codes per phone: a new code does not bring new tries', () => {
  it('password reset: 10 wrong codes a day across codes; then no code is sent and none is checked', async () => {
    const u = await newUser();
    for (let round = 0; round < 2; round++) {
      expect((await forgot(u.phone)).statusCode).toBe(200);
      const code = sms.codeFor(u.phone)!;
      for (let i = 1; i <= 5; i++) expect((await reset(u.phone, otherCode(code, i))).statusCode).toBe(400);
    }
    const texts = sms.to(u.phone).length;
    const again = await forgot(u.phone);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(codedBody('otpSent'));
    expect(sms.to(u.phone).length).toBe(texts); // no new code
    const code = sms.codeFor(u.phone)!; // the last code sent: right, but refused
    const refused = await reset(u.phone, code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(codedBody('codeGuessesSpent'));
    expect((await signIn(u.phone, u.password)).statusCode).toBe(200);

    // the next day the phone has its tries again
    await sql`UPDATE rate_counters SET window_start = window_start - interval '1 day' WHERE key = ${`code-guess:${u.phone}`}`.execute(db());
    expect((await forgot(u.phone)).statusCode).toBe(200);
    expect(sms.to(u.phone).length).toBe(texts + 1);
    expect((await reset(u.phone, sms.codeFor(u.phone)!, 'Nextday@2024')).statusCode).toBe(200);
  });

  it("registration, reset and phone-change codes share the phone's budget; a right code uses none of it", async () => {
    const phone = newPhone();
    expect((await call({ method: 'POST', url: '/api/users', payload: registration(phone) })).statusCode).toBe(202);
    const code = sms.codeFor(phone)!;
    for (let i = 1; i <= 4; i++) expect((await verifyRegistration(phone, otherCode(code, i))).statusCode).toBe(400);
    for (let i = 1; i <= 4; i++) expect((await reset(phone, otherCode(code, i))).statusCode).toBe(400);
    const u = await newUser();
    for (let i = 1; i <= 2; i++) expect((await verifyPhone(u.token, phone, otherCode(code, i))).statusCode).toBe(400);
    // 10 wrong codes: even the right registration code is refused, and a new registration sends none
    expect((await verifyRegistration(phone, code)).statusCode).toBe(429);
    const texts = sms.to(phone).length;
    expect((await call({ method: 'POST', url: '/api/users', payload: registration(phone) })).json()).toEqual(
      codedBody('registrationCodeSent'),
    );
    expect(sms.to(phone).length).toBe(texts);

    // right codes are not counted: 9 wrong and any number of right ones still work
    const w = await newUser();
    for (let round = 0; round < 3; round++) {
      expect((await forgot(w.phone)).statusCode).toBe(200);
      const c = sms.codeFor(w.phone)!;
      for (let i = 1; i <= 3; i++) expect((await reset(w.phone, otherCode(c, i))).statusCode).toBe(400);
      expect((await reset(w.phone, c, `Round${round}@2024`)).statusCode).toBe(200);
    }
  });
});

describe('SMS caps per phone', () => {
  it('at most 5 texts in 10 minutes, counting every kind; over the cap nothing is sent and the answers stay the same', async () => {
    const phone = newPhone();
    const u = await newUser();
    const register = () => call({ method: 'POST', url: '/api/users', payload: registration(phone) });
    const answers = [
      await register(), // registration code
      await forgot(phone), // "no account" note
      await register(),
      await forgot(phone),
      await changePhone(u.token, phone), // phone-change code
    ];
    expect(sms.to(phone)).toHaveLength(5);
    const over = [await register(), await forgot(phone), await changePhone(u.token, phone)];
    expect(sms.to(phone)).toHaveLength(5);
    expect(answer(over[0])).toBe(answer(answers[0]));
    expect(answer(over[1])).toBe(answer(answers[1]));
    expect(over[2].statusCode).toBe(answers[4].statusCode);
    expect(over[2].json().message).toBe(answers[4].json().message);
  });

  it('a known phone\'s "you already have an account" note counts too', async () => {
    const u = await newUser(); // 1 text: its registration code
    for (let i = 0; i < 6; i++) {
      expect((await call({ method: 'POST', url: '/api/users', payload: registration(u.phone) })).statusCode).toBe(202);
    }
    expect(sms.to(u.phone)).toHaveLength(5);
  });

  it('at most 20 texts a day', async () => {
    const phone = newPhone();
    expect((await forgot(phone)).statusCode).toBe(200);
    expect(sms.to(phone)).toHaveLength(1);
    // 19 more texts earlier today, in other 10-minute windows
    await db().updateTable('rate_counters').set({ count: 20 }).where('key', '=', `sms-day:${phone}`).execute();
    expect((await forgot(phone)).json()).toEqual(codedBody('otpSent'));
    expect(sms.to(phone)).toHaveLength(1);
  });
});

describe('TRUST_PROXY', () => {
  it("takes a hop count or the proxies' addresses and CIDRs, and refuses anything else", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1,10.0.0.2')).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(parseTrustProxy(' 127.0.0.1/8 ')).toEqual(['127.0.0.1/8']);
    expect(parseTrustProxy('fd00::/8, 10.1.0.0/16')).toEqual(['fd00::/8', '10.1.0.0/16']);
    for (const bad of ['true', 'yes', '10.0.0.300', '10.0.0.1/33', '10.0.0.1/8/1', 'proxy.local', '1.5']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  /** The address a request was counted under (the per-IP sign-in limit). */
  async function countedIp(trustProxy: string | undefined, remoteAddress: string, forwardedFor?: string): Promise<string[]> {
    const app = await buildApp({ db: db(), config: { ...ctx.config, trustProxy: parseTrustProxy(trustProxy) } });
    try {
      await db().deleteFrom('rate_counters').where('key', 'like', 'login:ip:%').execute();
      await app.inject({
        method: 'POST',
        url: '/api/users/auth',
        payload: { phone: newPhone(), password: 'Wrong@123' },
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });
      const rows = await db().selectFrom('rate_counters').select('key').where('key', 'like', 'login:ip:%').execute();
      return rows.map((r) => r.key.slice('login:ip:'.length));
    } finally {
      await app.close();
    }
  }

  it("without TRUST_PROXY a client's X-Forwarded-For never changes the address", async () => {
    expect(await countedIp(undefined, '198.51.100.7', '203.0.113.9')).toEqual(['198.51.100.7']);
    expect(await countedIp(undefined, '127.0.0.1', '203.0.113.9, 10.0.0.1')).toEqual(['127.0.0.1']);
  });

  it('with a hop count, addresses the client prepends do not choose the counted one', async () => {
    // one proxy (10.0.0.1) appends the address it saw; the client sent "6.6.6.6, 1.2.3.4" itself
    expect(await countedIp('1', '10.0.0.1', '6.6.6.6, 1.2.3.4, 203.0.113.9')).toEqual(['203.0.113.9']);
    // two proxies: the outer one appended the client, the inner one the outer proxy
    expect(await countedIp('2', '10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1')).toEqual(['203.0.113.9']);
    // no header: the socket's address
    expect(await countedIp('1', '198.51.100.7')).toEqual(['198.51.100.7']);
  });

  it('with proxy addresses, only those proxies are believed', async () => {
    expect(await countedIp('10.0.0.1,10.0.0.2', '10.0.0.1', '6.6.6.6, 203.0.113.9')).toEqual(['203.0.113.9']);
    expect(await countedIp('10.0.0.1,10.0.0.2', '198.51.100.7', '203.0.113.9')).toEqual(['198.51.100.7']);
    expect(await countedIp('127.0.0.1/8', '127.0.0.5', '6.6.6.6, 203.0.113.9')).toEqual(['203.0.113.9']);
    // a chain of trusted proxies is walked back to the first untrusted address
    expect(await countedIp('10.0.0.0/8', '10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1')).toEqual(['203.0.113.9']);
  });
});

describe('a password change ends the other sessions', () => {
  it('keeps the session that changed it and ends the others', async () => {
    const u = await newUser();
    const phoneSession = await login(ctx.app, u.phone, u.password);
    const laptopSession = await login(ctx.app, u.phone, u.password);
    await ok('PUT', '/api/users/profile', u.token, { name: 'Kavya', password: 'Changed@2024', currentPassword: u.password });
    expect((await profile(u.token)).statusCode).toBe(200);
    expect((await profile(phoneSession)).statusCode).toBe(401);
    expect((await profile(laptopSession)).statusCode).toBe(401);
    expect(await login(ctx.app, u.phone, 'Changed@2024')).toBeTruthy();
  });

  it('an update without a password leaves the other sessions alone', async () => {
    const u = await newUser();
    const other = await login(ctx.app, u.phone, u.password);
    for (const password of [undefined, '']) {
      const res = await call({ method: 'PUT', url: '/api/users/profile', headers: bearer(u.token), payload: { name: 'Kavya', password } });
      expect(res.statusCode).toBe(200);
    }
    expect((await profile(other)).statusCode).toBe(200);
  });
});

describe('changing the phone needs a code sent to the new number', () => {
  it('a new phone is only texted a code; the other fields are saved; the code then moves the account', async () => {
    const u = await newUser();
    const phone = newPhone();
    const other = await login(ctx.app, u.phone, u.password);
    const res = await changePhone(u.token, phone, { name: 'Kavya Renamed', email: 'kavya@example.in' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      ...codedBody('phoneCodeSent'),
      user: { name: 'Kavya Renamed', email: 'kavya@example.in', phone: u.phone },
    });
    expect((await profile(u.token)).json()).toMatchObject({ name: 'Kavya Renamed', phone: u.phone });
    const code = sms.codeFor(phone)!;
    expect(code).toMatch(/^\d{6}$/);
    expect(sms.to(u.phone).at(-1)).not.toContain(code);
    expect((await signIn(u.phone, u.password)).statusCode).toBe(200);

    const done = await verifyPhone(u.token, phone, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ _id: u._id, phone, name: 'Kavya Renamed' });
    expect((await profile(u.token)).json().phone).toBe(phone);
    // the session that confirmed stays; every other one ends
    expect((await profile(other)).statusCode).toBe(401);
    expect((await signIn(phone, u.password)).statusCode).toBe(200);
    expect((await signIn(u.phone, u.password)).statusCode).toBe(401);
    // a code works once
    expect((await verifyPhone(u.token, phone, code)).statusCode).toBe(400);
  });

  it('the same phone as now is an ordinary update (200, no code)', async () => {
    const u = await newUser();
    const texts = sms.to(u.phone).length;
    const res = await changePhone(u.token, u.phone, { name: 'Same Phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Same Phone', phone: u.phone });
    expect(sms.to(u.phone).length).toBe(texts);
  });

  it("5 tries per code, in constant time against the hash; wrong, expired and other accounts' codes are refused", async () => {
    const u = await newUser();
    const v = await newUser();
    const phone = newPhone();
    expect((await changePhone(u.token, phone)).statusCode).toBe(202);
    const code = sms.codeFor(phone)!;
    const row = await db().selectFrom('phone_changes').selectAll().where('user_id', '=', u._id).executeTakeFirstOrThrow();
    expect(row.code_hash).toBe(hashCode(phone, code));
    // another account cannot use it
    expect((await verifyPhone(v.token, phone, code)).json()).toEqual(codedBody('otpInvalid', { field: 'code' }));
    for (let i = 1; i <= 5; i++) expect((await verifyPhone(u.token, phone, otherCode(code, i))).statusCode).toBe(400);
    expect((await verifyPhone(u.token, phone, code)).statusCode).toBe(400); // out of tries
    // a new code; expired, it is refused too
    expect((await changePhone(u.token, phone)).statusCode).toBe(202);
    const fresh = sms.codeFor(phone)!;
    await db()
      .updateTable('phone_changes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', u._id)
      .execute();
    expect((await verifyPhone(u.token, phone, fresh)).json()).toEqual(codedBody('otpInvalid', { field: 'code' }));
    expect((await profile(u.token)).json().phone).toBe(u.phone);
  });

  it('never moves to a phone another account uses: asked, it answers as for a free one; confirmed, it refuses (taken in between)', async () => {
    const u = await newUser();
    const texts = sms.to(DEMO.admin).length;
    const asked = await changePhone(u.token, DEMO.admin, { name: 'Saved Anyway' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ code: 'phoneCodeSent' });
    expect(sms.to(DEMO.admin)).toHaveLength(texts + 1);
    expect(sms.to(DEMO.admin).at(-1)).not.toMatch(/\d{6}/);
    expect((await profile(u.token)).json()).toMatchObject({ name: 'Saved Anyway', phone: u.phone });

    const phone = newPhone();
    expect((await changePhone(u.token, phone)).statusCode).toBe(202);
    const code = sms.codeFor(phone)!;
    // meanwhile someone registers that phone
    expect((await registerUser(ctx.app, registration(phone, { name: 'Quick Registrant' }))).statusCode).toBe(201);
    const late = await verifyPhone(u.token, phone, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(codedBody('phoneTaken', { field: 'phone' }));
    expect((await profile(u.token)).json().phone).toBe(u.phone);
  });

  it('needs a signed-in caller and a well-formed body', async () => {
    expect(
      (await call({ method: 'POST', url: '/api/users/verify-phone', payload: { phone: newPhone(), code: '123456' } })).statusCode,
    ).toBe(401);
    const u = await newUser();
    for (const payload of [{ phone: '12345', code: '123456' }, { phone: newPhone(), code: '12345' }, { phone: newPhone() }, {}]) {
      const res = await call({ method: 'POST', url: '/api/users/verify-phone', headers: bearer(u.token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({
        message: expect.any(String),
        code: expect.any(String),
        field: expect.any(String),
      });
    }
  });
});

describe('purge of expired rows', () => {
  it('deletes expired sessions, used or expired codes, old counters and stale failure counts; keeps live rows and locks', async () => {
    const u = await newUser();
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 600_000);
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    const tag = newPhone();
    await db()
      .insertInto('sessions')
      .values([
        { id: newId(), user_id: u._id, token_hash: sha256(`old-${tag}`), expires_at: past },
        { id: newId(), user_id: u._id, token_hash: sha256(`live-${tag}`), expires_at: future },
      ])
      .execute();
    await db()
      .insertInto('password_resets')
      .values([
        { id: newId(), phone: tag, code_hash: 'used', expires_at: future, used_at: past },
        { id: newId(), phone: tag, code_hash: 'expired', expires_at: past, used_at: null },
        { id: newId(), phone: tag, code_hash: 'live', expires_at: future, used_at: null },
      ])
      .execute();
    const pending = { phone: tag, name: 'P', password_hash: 'x', address: JSON.stringify(address), attempts: 0, created_at: new Date() };
    await db()
      .insertInto('pending_registrations')
      .values([
        { ...pending, id: newId(), code_hash: 'expired', expires_at: past },
        { ...pending, id: newId(), code_hash: 'live', expires_at: future },
      ])
      .execute();
    await db()
      .insertInto('phone_changes')
      .values([
        { id: newId(), user_id: u._id, phone: tag, code_hash: 'expired', expires_at: past },
        { id: newId(), user_id: u._id, phone: tag, code_hash: 'live', expires_at: future },
      ])
      .execute();
    await db()
      .insertInto('rate_counters')
      .values([
        { key: `old:${tag}`, window_start: days(3), count: 1 },
        { key: `today:${tag}`, window_start: new Date(), count: 1 },
      ])
      .execute();
    await db()
      .insertInto('login_failures')
      .values([
        { phone: `${tag}-stale`, failures: 7, last_failed_at: days(31) },
        { phone: `${tag}-locked`, failures: LOGIN_LOCK_FAILURES, last_failed_at: days(31) },
        { phone: `${tag}-recent`, failures: 7, last_failed_at: days(1) },
      ])
      .execute();

    await purgeExpired(db());

    const hashes = (rows: Array<{ code_hash: string }>) => rows.map((r) => r.code_hash);
    const mySessions = await db()
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', 'in', [sha256(`old-${tag}`), sha256(`live-${tag}`)])
      .execute();
    expect(mySessions.map((r) => r.token_hash)).toEqual([sha256(`live-${tag}`)]);
    expect(hashes(await db().selectFrom('password_resets').select('code_hash').where('phone', '=', tag).execute())).toEqual(['live']);
    expect(hashes(await db().selectFrom('pending_registrations').select('code_hash').where('phone', '=', tag).execute())).toEqual(['live']);
    expect(hashes(await db().selectFrom('phone_changes').select('code_hash').where('phone', '=', tag).execute())).toEqual(['live']);
    expect((await db().selectFrom('rate_counters').select('key').where('key', 'like', `%:${tag}`).execute()).map((r) => r.key)).toEqual([
      `today:${tag}`,
    ]);
    const failures = await db().selectFrom('login_failures').select('phone').where('phone', 'like', `${tag}-%`).orderBy('phone').execute();
    expect(failures.map((r) => r.phone)).toEqual([`${tag}-locked`, `${tag}-recent`]);
    // the user's own session still works
    expect((await profile(u.token)).statusCode).toBe(200);
  });

  it('runs when an app starts, and stops with it', async () => {
    const u = await newUser();
    const hash = sha256(`start-${newPhone()}`);
    await db()
      .insertInto('sessions')
      .values({ id: newId(), user_id: u._id, token_hash: hash, expires_at: new Date(Date.now() - 1000) })
      .execute();
    const app = await buildApp({ db: db(), config: ctx.config });
    try {
      const gone = async () => !(await db().selectFrom('sessions').select('id').where('token_hash', '=', hash).executeTakeFirst());
      for (let i = 0; i < 50 && !(await gone()); i++) await new Promise((r) => setTimeout(r, 20));
      expect(await gone()).toBe(true);
    } finally {
      await app.close();
    }
  });
});
