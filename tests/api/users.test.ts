import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../../server/db/seed-catalog';
import { hashCode } from '../../server/lib/one-time-code';
import { bearer, createTestApp, DEMO, login, registerUser, smsLog, type TestContext, codedBody, tokenRequests } from './helpers';

let ctx: TestContext;
const sms = smsLog();
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp({}, { logger: sms.logger });
  adminToken = await login(ctx.app, DEMO.admin);
});
afterAll(async () => ctx?.close());

let phoneSeq = 0;
/** A fresh Indian mobile number for each registration. */
const newPhone = () => `91230${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(2, '0')}`;

const address = (over: Record<string, unknown> = {}) => ({
  address: '4 Ranganathan Street',
  city: 'Chennai',
  pincode: '600017',
  phoneNumber: '',
  area: 'T. Nagar',
  ...over,
});

const registration = (over: Record<string, unknown> = {}) => ({
  name: 'Kavya Suresh',
  phone: newPhone(),
  password: 'Kavya@123',
  address: address(),
  ...over,
});

const call = (opts: InjectOptions) => ctx.app.inject(opts);
const { ok } = tokenRequests(() => ctx.app);

async function register(over: Record<string, unknown> = {}) {
  const body = registration(over);
  const res = await registerUser(ctx.app, body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json(), password: body.password as string } as {
    _id: string;
    token: string;
    phone: string;
    password: string;
    role: string;
  };
}

async function countUsers() {
  const r = await ctx.handle.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const profile = (token: string) => call({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

describe('POST /api/users (register)', () => {
  it('creates a customer and answers 201 with a working token', async () => {
    const body = registration();
    const res = await registerUser(ctx.app, body);
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({ name: 'Kavya Suresh', phone: body.phone, role: 'user', addresses: [address()] });
    expect(u._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(u.token).toMatch(/^[\w-]{40,}$/);
    // expiry 30 days ahead
    expect(Math.abs(u.expiresAt - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    expect(JSON.stringify(u)).not.toMatch(/password/i);

    const me = await profile(u.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: u._id, phone: body.phone, role: 'user' });
    expect(await login(ctx.app, body.phone, body.password)).toBeTruthy();
  });

  it('never takes a role from the body', async () => {
    const res = await registerUser(ctx.app, { ...registration(), role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('user');
  });

  it('for a phone that already has an account: the same answer, a note by SMS instead of a code, no account written', async () => {
    const before = await countUsers();
    const res = await call({ method: 'POST', url: '/api/users', payload: registration({ phone: DEMO.customer }) });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(codedBody('registrationCodeSent'));
    expect(await countUsers()).toBe(before);
    const note = sms.to(DEMO.customer).at(-1)!;
    expect(note).toMatch(/already have an account/);
    expect(note).not.toMatch(/\d{6}/);
    // the existing account keeps its password
    expect(await login(ctx.app, DEMO.customer)).toBeTruthy();
  });

  it.each(['5123456789', '0123456789', '912345678', '91234567890', '+919123456789', '91234 5678'])(
    'refuses phone %s with the spec message',
    async (phone) => {
      const before = await countUsers();
      const res = await call({ method: 'POST', url: '/api/users', payload: registration({ phone }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(codedBody('invalidPhoneDot', { field: 'phone' }));
      expect(await countUsers()).toBe(before);
    },
  );

  it.each([
    ['no name', { name: undefined }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['no password', { password: undefined }, 'password'],
    ['a blank street address', { address: address({ address: '' }) }, 'address.address'],
    ['a blank city', { address: address({ city: ' ' }) }, 'address.city'],
    ['no pincode', { address: address({ pincode: undefined }) }, 'address.pincode'],
    ['no area', { address: address({ area: '' }) }, 'address.area'],
  ])('asks to fill in all required fields when given %s', async (_what, over, field) => {
    const before = await countUsers();
    const res = await call({ method: 'POST', url: '/api/users', payload: registration(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('fillRequired', { field }));
    expect(await countUsers()).toBe(before);
  });

  it('accepts a registration without a contact number', async () => {
    const res = await registerUser(ctx.app, registration({ address: address({ phoneNumber: undefined }) }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a short password', async () => {
    const res = await call({ method: 'POST', url: '/api/users', payload: registration({ password: 'abc' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('passwordTooShort', { field: 'password' }));
  });

  it('refuses an area that is not on the list, and writes nothing', async () => {
    const before = await countUsers();
    const body = registration({ address: address({ area: 'Atlantis' }) });
    const res = await call({ method: 'POST', url: '/api/users', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('chooseAreaFromList', { field: 'address.area' }));
    expect(await countUsers()).toBe(before);
    const again = await call({ method: 'POST', url: '/api/users/auth', payload: { phone: body.phone, password: body.password } });
    expect(again.statusCode).toBe(401);
  });
});

describe('registration confirmed by SMS code', () => {
  const submit = (body: Record<string, unknown>) => call({ method: 'POST', url: '/api/users', payload: body });
  const verify = (phone: string, code: string) => call({ method: 'POST', url: '/api/users/verify-registration', payload: { phone, code } });
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const pending = (phone: string) =>
    ctx.handle.db.selectFrom('pending_registrations').selectAll().where('phone', '=', phone).executeTakeFirst();
  const usersWith = async (phone: string) =>
    (await ctx.handle.db.selectFrom('users').select('id').where('phone', '=', phone).execute()).length;

  async function submitted(over: Record<string, unknown> = {}) {
    const body = registration(over);
    const res = await submit(body);
    expect(res.statusCode, res.body).toBe(202);
    const code = sms.codeFor(body.phone as string);
    expect(code).toMatch(/^\d{6}$/);
    return { body, phone: body.phone as string, code: code! };
  }

  it('answers a known and an unknown phone with the same status and body, and texts each once', async () => {
    const unknown = registration();
    const before = { known: sms.to(DEMO.vendor2).length, unknown: sms.to(unknown.phone as string).length };
    const known = await submit(registration({ phone: DEMO.vendor2 }));
    const notKnown = await submit(unknown);
    expect(known.statusCode).toBe(202);
    expect(notKnown.statusCode).toBe(202);
    expect(known.json()).toEqual(codedBody('registrationCodeSent'));
    expect(notKnown.body).toBe(known.body);
    expect(notKnown.headers['content-type']).toBe(known.headers['content-type']);
    expect(sms.to(DEMO.vendor2).length).toBe(before.known + 1);
    expect(sms.to(unknown.phone as string).length).toBe(before.unknown + 1);
    expect(sms.to(unknown.phone as string).at(-1)).toMatch(/registration code is \d{6}\b/);
  });

  it("gives a known phone no usable code: its row (written like a new phone's) can confirm nothing", async () => {
    const users = await countUsers();
    expect((await submit(registration({ phone: DEMO.delivery, password: 'Taken@123' }))).statusCode).toBe(202);
    expect(sms.codeFor(DEMO.delivery)).toBeUndefined();
    // the same write as for a new phone, with a code that was never sent; even its right code creates nothing
    const row = await pending(DEMO.delivery);
    expect(row).toMatchObject({ phone: DEMO.delivery, attempts: 0 });
    await ctx.handle.db
      .updateTable('pending_registrations')
      .set({ code_hash: hashCode(DEMO.delivery, '424242') })
      .where('id', '=', row!.id)
      .execute();
    for (const code of ['000000', '424242']) {
      const res = await verify(DEMO.delivery, code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(codedBody('otpInvalid', { field: 'code' }));
    }
    expect(await countUsers()).toBe(users);
    expect(await login(ctx.app, DEMO.delivery)).toBeTruthy();
    const taken = await call({ method: 'POST', url: '/api/users/auth', payload: { phone: DEMO.delivery, password: 'Taken@123' } });
    expect(taken.statusCode).toBe(401);
  });

  it('stores a pending registration with a hashed code and creates no account until the code comes back', async () => {
    const users = await countUsers();
    const { phone, code, body } = await submitted();
    const row = await pending(phone);
    expect(row).toMatchObject({ name: body.name, attempts: 0, address: address() });
    expect(row!.code_hash).not.toContain(code);
    expect(row!.password_hash).toMatch(/^\$argon2/);
    expect(Math.abs(new Date(row!.expires_at).getTime() - (Date.now() + 10 * 60_000))).toBeLessThan(60_000);
    expect(await countUsers()).toBe(users);
    const early = await call({ method: 'POST', url: '/api/users/auth', payload: { phone, password: body.password } });
    expect(early.statusCode).toBe(401);
  });

  it('the right code creates exactly one account with the registration details; the token works; the code works once', async () => {
    const users = await countUsers();
    const { phone, code, body } = await submitted({ name: 'Meena Raj' });
    const res = await verify(phone, code);
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({ name: 'Meena Raj', phone, role: 'user', addresses: [address()] });
    expect(Math.abs(u.expiresAt - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    expect(JSON.stringify(u)).not.toMatch(/password/i);
    expect((await profile(u.token)).json()).toMatchObject({ _id: u._id, phone, role: 'user' });
    expect(await login(ctx.app, phone, body.password as string)).toBeTruthy();
    expect(await countUsers()).toBe(users + 1);
    expect(await pending(phone)).toBeUndefined();
    const again = await verify(phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(codedBody('otpInvalid', { field: 'code' }));
    expect(await usersWith(phone)).toBe(1);
  });

  it('voids the pending registration after 5 wrong codes, so even the right one then fails', async () => {
    const { phone, code } = await submitted();
    for (let i = 0; i < 5; i++) {
      const res = await verify(phone, otherCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(codedBody('otpInvalid', { field: 'code' }));
    }
    const right = await verify(phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(codedBody('otpInvalid', { field: 'code' }));
    expect(await usersWith(phone)).toBe(0);
    // submitting again starts afresh
    const fresh = await submitted({ phone });
    expect((await verify(phone, fresh.code)).statusCode).toBe(201);
  });

  it('accepts the right code after fewer than 5 wrong ones', async () => {
    const { phone, code } = await submitted();
    for (let i = 0; i < 4; i++) expect((await verify(phone, otherCode(code))).statusCode).toBe(400);
    expect((await verify(phone, code)).statusCode).toBe(201);
  });

  it("counts wrong codes sent at the same time one by one: 5 per code, then the phone's 10 a day", async () => {
    const { phone, code } = await submitted();
    const wrong = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map((c) => verify(phone, c)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(400), 429, 429]);
    expect(answers.filter((r) => r.statusCode === 429).map((r) => r.json())).toEqual([
      codedBody('codeGuessesSpent'),
      codedBody('codeGuessesSpent'),
    ]);
    expect((await pending(phone))!.attempts).toBe(5);
    expect((await verify(phone, code)).statusCode).toBe(429);
    expect(await usersWith(phone)).toBe(0);
  });

  it('the right code sent twice at the same time creates one account', async () => {
    const { phone, code } = await submitted();
    const answers = await Promise.all([verify(phone, code), verify(phone, code), verify(phone, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await usersWith(phone)).toBe(1);
  });

  it('refuses an expired code', async () => {
    const { phone, code } = await submitted();
    await ctx.handle.db
      .updateTable('pending_registrations')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('phone', '=', phone)
      .execute();
    const res = await verify(phone, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('otpInvalid', { field: 'code' }));
    expect(await usersWith(phone)).toBe(0);
  });

  it("a second registration for the phone does not replace the first: the first code creates the first person's account", async () => {
    const first = await submitted({ name: 'First Name', password: 'First@123', address: address({ address: '1 First Street' }) });
    const second = await submitted({
      phone: first.phone,
      name: 'Second Name',
      password: 'Second@123',
      address: address({ address: '2 Second Street' }),
    });
    const rows = await ctx.handle.db
      .selectFrom('pending_registrations')
      .select('name')
      .where('phone', '=', first.phone)
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([{ name: 'First Name' }, { name: 'Second Name' }]);
    const res = await verify(first.phone, first.code);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'First Name', addresses: [address({ address: '1 First Street' })] });
    expect(await login(ctx.app, first.phone, 'First@123')).toBeTruthy();
    const other = await call({ method: 'POST', url: '/api/users/auth', payload: { phone: first.phone, password: 'Second@123' } });
    expect(other.statusCode).toBe(401);
    // the phone has its account: the second request can confirm nothing now
    if (second.code !== first.code) expect((await verify(first.phone, second.code)).statusCode).toBe(400);
    expect(await ctx.handle.db.selectFrom('pending_registrations').select('id').where('phone', '=', first.phone).execute()).toEqual([]);
    expect(await usersWith(first.phone)).toBe(1);
  });

  it('either of two pending requests for a phone can be confirmed, each with its own details', async () => {
    const first = await submitted({ name: 'Early Bird' });
    const second = await submitted({ phone: first.phone, name: 'Late Comer', password: 'Later@123' });
    if (second.code === first.code) return; // one chance in a million: the codes cannot tell the requests apart
    const res = await verify(first.phone, second.code);
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Late Comer');
    expect(await login(ctx.app, first.phone, 'Later@123')).toBeTruthy();
  });

  it('refuses the code when the phone got an account between the two steps, and creates no second one', async () => {
    const { phone, code } = await submitted();
    const meanwhile = await submitted({ phone: newPhone() });
    expect((await verify(meanwhile.phone, meanwhile.code)).statusCode).toBe(201);
    // that account now takes the phone (as a profile update would)
    await ctx.handle.db.updateTable('users').set({ phone }).where('phone', '=', meanwhile.phone).execute();
    const res = await verify(phone, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('otpInvalid', { field: 'code' }));
    expect(await usersWith(phone)).toBe(1);
  });

  it('refuses a code for another phone, a phone with nothing pending, and bad payloads', async () => {
    const a = await submitted();
    const b = await submitted();
    const cross = await verify(a.phone, b.code);
    if (a.code !== b.code) expect(cross.statusCode).toBe(400);
    expect((await verify(newPhone(), a.code)).json()).toEqual(codedBody('otpInvalid', { field: 'code' }));
    for (const payload of [
      { phone: b.phone, code: '12345' },
      { phone: b.phone, code: 'abcdef' },
      { phone: b.phone },
      { phone: '5123456789', code: b.code },
      {},
    ]) {
      const res = await call({ method: 'POST', url: '/api/users/verify-registration', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await verify(b.phone, b.code)).statusCode).toBe(201);
  });
});

describe('POST /api/users/auth (sign in)', () => {
  it('signs in with the right password and returns the session', async () => {
    const res = await call({ method: 'POST', url: '/api/users/auth', payload: { phone: DEMO.vendor, password: DEMO.password } });
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({ phone: DEMO.vendor, role: 'vendor', name: 'Murugan Stores' });
    expect(u.vendorDetails).toMatchObject({ shopName: 'Murugan Stores', isActive: true });
    expect(Array.isArray(u.addresses)).toBe(true);
    expect(u.token).toBeTruthy();
    expect(JSON.stringify(u)).not.toMatch(/password|hash/i);
  });

  it('answers 401 with one message for a wrong password and for an unknown phone', async () => {
    const wrong = await call({ method: 'POST', url: '/api/users/auth', payload: { phone: DEMO.customer, password: 'Wrong@1234' } });
    const unknown = await call({ method: 'POST', url: '/api/users/auth', payload: { phone: '9000000001', password: DEMO.password } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(codedBody('invalidCredentials'));
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('wants exactly 10 digits, with the sign-in message', async () => {
    for (const phone of ['98765', '98765000011', 'abcdefghij']) {
      const res = await call({ method: 'POST', url: '/api/users/auth', payload: { phone, password: DEMO.password } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(codedBody('invalidPhone', { field: 'phone' }));
    }
    const noPassword = await call({ method: 'POST', url: '/api/users/auth', payload: { phone: DEMO.customer } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual(codedBody('fillRequired', { field: 'password' }));
  });
});

describe('rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        login: { max: 3, windowMs: 60_000 },
        register: { max: 2, windowMs: 60_000 },
        registerPhone: { max: 2, windowMs: 600_000 },
        verify: { max: 3, windowMs: 60_000 },
        forgot: { max: 2, windowMs: 60_000 },
        reset: { max: 3, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => limited?.close());

  const attempt = (phone: string, password: string, ip: string) =>
    limited.app.inject({ method: 'POST', url: '/api/users/auth', payload: { phone, password }, remoteAddress: ip });

  it('limits sign-in attempts per phone, whatever the address they come from', async () => {
    for (let i = 1; i <= 3; i++) expect((await attempt(DEMO.delivery, 'Wrong@1', `10.0.0.${i}`)).statusCode).toBe(401);
    const blocked = await attempt(DEMO.delivery, DEMO.password, '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(codedBody('tooManyRequests'));
    // another phone is not affected
    expect((await attempt(DEMO.vendor2, DEMO.password, '10.0.1.1')).statusCode).toBe(200);
  });

  it('limits sign-in attempts per client address, whatever the phone', async () => {
    const phones = [DEMO.admin, DEMO.customer, DEMO.vendor];
    for (const p of phones) expect((await attempt(p, 'Wrong@1', '10.9.9.9')).statusCode).toBe(401);
    const blocked = await attempt('9876500006', DEMO.password, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(codedBody('tooManyRequests'));
  });

  it('limits registrations per client address', async () => {
    const reg = () => limited.app.inject({ method: 'POST', url: '/api/users', payload: registration(), remoteAddress: '10.8.8.8' });
    expect((await reg()).statusCode).toBe(202);
    expect((await reg()).statusCode).toBe(202);
    const blocked = await reg();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(codedBody('tooManyRequests'));
  });

  it('limits registrations per phone, whatever the address they come from, the same for a known and a new phone', async () => {
    for (const phone of [DEMO.vendor, newPhone()]) {
      const reg = (ip: string) =>
        limited.app.inject({ method: 'POST', url: '/api/users', payload: registration({ phone }), remoteAddress: ip });
      expect((await reg(`10.5.${phone.slice(-2)}.1`)).statusCode).toBe(202);
      expect((await reg(`10.5.${phone.slice(-2)}.2`)).statusCode).toBe(202);
      const blocked = await reg(`10.5.${phone.slice(-2)}.3`);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(codedBody('tooManyRequests'));
    }
    // another phone from the same address is not affected
    expect(
      (await limited.app.inject({ method: 'POST', url: '/api/users', payload: registration(), remoteAddress: '10.5.99.9' })).statusCode,
    ).toBe(202);
  });

  it('limits registration code checks per phone', async () => {
    const phone = newPhone();
    expect(
      (await limited.app.inject({ method: 'POST', url: '/api/users', payload: registration({ phone }), remoteAddress: '10.4.0.1' }))
        .statusCode,
    ).toBe(202);
    const check = (ip: string) =>
      limited.app.inject({ method: 'POST', url: '/api/users/verify-registration', payload: { phone, code: '000000' }, remoteAddress: ip });
    for (let i = 1; i <= 3; i++) expect((await check(`10.4.1.${i}`)).statusCode).toBe(400);
    const blocked = await check('10.4.1.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(codedBody('tooManyRequests'));
  });

  it('limits reset-code requests per phone', async () => {
    const ask = (ip: string) =>
      limited.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { phone: DEMO.customer }, remoteAddress: ip });
    expect((await ask('10.7.0.1')).statusCode).toBe(200);
    expect((await ask('10.7.0.2')).statusCode).toBe(200);
    const blocked = await ask('10.7.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(codedBody('tooManyRequests'));
  });

  it('limits reset attempts per phone', async () => {
    const tryReset = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { phone: DEMO.vendor2, otp: '000000', password: 'Newpass@1' },
        remoteAddress: ip,
      });
    for (let i = 1; i <= 3; i++) expect((await tryReset(`10.6.0.${i}`)).statusCode).toBe(400);
    const blocked = await tryReset('10.6.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(codedBody('tooManyRequests'));
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the token it was called with, and only that one', async () => {
    const u = await register();
    const second = await login(ctx.app, u.phone, u.password);
    const res = await call({ method: 'POST', url: '/api/users/logout', headers: bearer(u.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(codedBody('loggedOut'));
    const after = await profile(u.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(codedBody('unauthenticated'));
    expect((await profile(second)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await call({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(401);
    expect((await call({ method: 'POST', url: '/api/users/logout', headers: bearer('not-a-token') })).statusCode).toBe(401);
  });
});

describe('GET and PUT /api/users/profile', () => {
  it('reads the signed-in user without secrets', async () => {
    const token = await login(ctx.app, DEMO.customer);
    const res = await profile(token);
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({ name: 'Lakshmi Priya', phone: DEMO.customer, role: 'user', email: 'lakshmi@example.in' });
    expect(u.addresses.length).toBeGreaterThan(0);
    expect(u.vendorDetails).toBeUndefined();
    expect(JSON.stringify(u)).not.toMatch(/password|hash/i);
  });

  it('needs a token', async () => {
    expect((await call({ method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    expect((await call({ method: 'PUT', url: '/api/users/profile', payload: { name: 'X' } })).statusCode).toBe(401);
  });

  it('updates name and email; a blank password keeps the old one', async () => {
    const u = await register();
    const res = await call({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(u.token),
      payload: { name: 'Kavya S', email: 'kavya@example.in', password: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Kavya S', email: 'kavya@example.in', phone: u.phone, addresses: [address()] });
    expect((await profile(u.token)).json()).toMatchObject({ name: 'Kavya S', email: 'kavya@example.in' });
    expect(await login(ctx.app, u.phone, u.password)).toBeTruthy();

    const noPassword = await call({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(u.token),
      payload: { name: 'Kavya Suresh' },
    });
    expect(noPassword.statusCode).toBe(200);
    expect(await login(ctx.app, u.phone, u.password)).toBeTruthy();
  });

  it('changes the password when one is given', async () => {
    const u = await register();
    await ok('PUT', '/api/users/profile', u.token, { name: 'Kavya', password: 'Fresh@2024', currentPassword: u.password });
    expect(await login(ctx.app, u.phone, 'Fresh@2024')).toBeTruthy();
    const old = await call({ method: 'POST', url: '/api/users/auth', payload: { phone: u.phone, password: u.password } });
    expect(old.statusCode).toBe(401);
  });

  it('requires a name, a valid email and a long enough password, and changes nothing otherwise', async () => {
    const u = await register();
    for (const payload of [
      { name: '' },
      { name: 'A', email: 'not-an-email' },
      { name: 'A', password: 'abc' },
      { name: 'A', phone: '12345' },
    ]) {
      const res = await call({ method: 'PUT', url: '/api/users/profile', headers: bearer(u.token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({
        message: expect.any(String),
        code: expect.any(String),
        field: Object.keys(payload).at(-1),
      });
    }
    expect((await profile(u.token)).json().name).toBe('Kavya Suresh');
    expect(await login(ctx.app, u.phone, u.password)).toBeTruthy();
  });

  it('refuses a phone number used by another account', async () => {
    const u = await register();
    const res = await call({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(u.token),
      payload: { name: 'K', phone: DEMO.admin },
    });
    expect(res.statusCode).toBe(400);
    expect((await profile(u.token)).json().phone).toBe(u.phone);
  });

  it('lets a vendor set GST number and shop name, but not the commission', async () => {
    const token = await login(ctx.app, DEMO.vendor2);
    const res = await call({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: {
        name: 'Meenakshi Traders',
        gstNumber: '33AAFCM5678K1Z1',
        vendorDetails: { shopName: 'Meenakshi Traders, Madurai', commissionPercentage: 0, isActive: false },
        role: 'admin',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'vendor',
      gstNumber: '33AAFCM5678K1Z1',
      vendorDetails: { shopName: 'Meenakshi Traders, Madurai', commissionPercentage: 5, isActive: true },
    });
    expect((await profile(token)).json().vendorDetails).toEqual({
      shopName: 'Meenakshi Traders, Madurai',
      commissionPercentage: 5,
      isActive: true,
      // no prefix of its own: the initials of the shop name
      invoicePrefix: 'MTM',
      turnoverAbove5Crore: false,
    });
  });

  it('refuses a GSTIN from another state or with a wrong check character, saving nothing', async () => {
    const token = await login(ctx.app, DEMO.vendor2);
    const before = (await profile(token)).json().gstNumber;
    for (const [gstNumber, code] of [
      ['27AAPFU0939F1ZV', 'gstinState'],
      ['33AAFCM5678K1Z2', 'gstinCheck'],
    ] as const) {
      const res = await call({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload: { gstNumber } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(codedBody(code, { field: 'gstNumber' }));
    }
    expect((await profile(token)).json().gstNumber).toBe(before);
  });

  it('ignores vendor fields from a customer', async () => {
    const u = await register();
    const res = await call({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(u.token),
      payload: { name: 'Kavya', gstNumber: '33AAAAA0000A1Z9', vendorDetails: { shopName: 'Fake Shop' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().gstNumber).toBe('');
    expect(res.json().vendorDetails).toBeUndefined();
    const row = await ctx.handle.db
      .selectFrom('users')
      .select(['gst_number', 'shop_name', 'role'])
      .where('id', '=', u._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ gst_number: null, shop_name: null, role: 'user' });
  });
});

describe('PUT /api/users/addresses', () => {
  it('replaces the saved addresses', async () => {
    const u = await register();
    const addresses = [
      address(),
      address({ address: '2 Beach Road', city: 'Chennai', pincode: '600041', phoneNumber: '9840098400', area: 'Adyar' }),
    ];
    const res = await call({ method: 'PUT', url: '/api/users/addresses', headers: bearer(u.token), payload: { addresses } });
    expect(res.statusCode).toBe(200);
    expect(res.json().addresses).toEqual(addresses);
    expect((await profile(u.token)).json().addresses).toEqual(addresses);
  });

  it('refuses an empty list or an incomplete address, and keeps the old ones', async () => {
    const u = await register();
    for (const addresses of [[], [address({ city: '' })], [{ address: 'x' }]]) {
      const res = await call({ method: 'PUT', url: '/api/users/addresses', headers: bearer(u.token), payload: { addresses } });
      expect(res.statusCode).toBe(400);
    }
    expect((await profile(u.token)).json().addresses).toEqual([address()]);
  });

  it('refuses text PostgreSQL cannot store (half a surrogate pair, NUL) with 400, and keeps the old ones (fuzz-found 500)', async () => {
    const u = await register();
    for (const bad of ['\ud800', 'Road \udc00', '1\u0000 Road']) {
      const res = await call({
        method: 'PUT',
        url: '/api/users/addresses',
        headers: { ...bearer(u.token), 'content-type': 'application/json' },
        payload: `{"addresses":[${JSON.stringify(address({ address: bad }))}]}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(codedBody('textUnstorable', { field: 'addresses.0.address' }));
    }
    // a whole pair (an emoji) is fine
    const ok = await call({
      method: 'PUT',
      url: '/api/users/addresses',
      headers: bearer(u.token),
      payload: { addresses: [address({ address: '1 Road 🏠' })] },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await call({ method: 'PUT', url: '/api/users/addresses', payload: { addresses: [address()] } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/users/misc/areas', () => {
  it('lists the areas to anyone, sorted', async () => {
    const res = await call({ method: 'GET', url: '/api/users/misc/areas' });
    expect(res.statusCode).toBe(200);
    const { areas } = res.json() as { areas: string[] };
    for (const a of AREAS) expect(areas).toContain(a);
    expect([...areas].sort((a, b) => a.localeCompare(b))).toEqual(areas);
  });
});

describe('GET /api/users/vendors', () => {
  it('lists vendors with their details to admins', async () => {
    const res = await call({ method: 'GET', url: '/api/users/vendors', headers: bearer(await login(ctx.app, DEMO.admin)) });
    expect(res.statusCode).toBe(200);
    const vendors = res.json() as Array<{ role: string; phone: string; vendorDetails: unknown }>;
    expect(vendors.length).toBeGreaterThanOrEqual(3);
    expect(vendors.every((v) => v.role === 'vendor' && v.vendorDetails)).toBe(true);
    expect(vendors.map((v) => v.phone)).toEqual(expect.arrayContaining([DEMO.vendor, DEMO.vendor2, '9876500006']));
    expect(JSON.stringify(vendors)).not.toMatch(/password|hash/i);
  });

  it('shows a vendor only ids, names and shop names: no phones, addresses, e-mails or commission', async () => {
    const res = await call({ method: 'GET', url: '/api/users/vendors', headers: bearer(await login(ctx.app, DEMO.vendor)) });
    expect(res.statusCode).toBe(200);
    const vendors = res.json() as Array<Record<string, unknown>>;
    expect(vendors.length).toBeGreaterThanOrEqual(3);
    for (const v of vendors) {
      expect(Object.keys(v).sort()).toEqual(['_id', 'name', 'vendorDetails']);
      expect(Object.keys(v.vendorDetails as object)).toEqual(['shopName']);
    }
    expect(vendors.find((v) => v.name === 'Murugan Stores')).toMatchObject({ vendorDetails: { shopName: 'Murugan Stores' } });
    const text = JSON.stringify(vendors);
    for (const secret of [DEMO.vendor, DEMO.vendor2, '@', 'commission', 'addresses', 'phone']) expect(text).not.toContain(secret);
  });

  it('is closed to customers and delivery staff (403) and to anonymous callers (401)', async () => {
    for (const phone of [DEMO.customer, DEMO.delivery]) {
      const res = await call({ method: 'GET', url: '/api/users/vendors', headers: bearer(await login(ctx.app, phone)) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(codedBody('forbidden'));
    }
    expect((await call({ method: 'GET', url: '/api/users/vendors' })).statusCode).toBe(401);
  });
});

describe('admin user management', () => {
  it('lists every user to an admin, without secrets', async () => {
    const res = await call({ method: 'GET', url: '/api/users', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    const users = res.json() as Array<{ phone: string; role: string }>;
    expect(users.length).toBe(await countUsers());
    expect(users.map((u) => u.phone)).toEqual(
      expect.arrayContaining([DEMO.admin, DEMO.vendor, DEMO.customer, DEMO.delivery, DEMO.vendor2]),
    );
    expect(JSON.stringify(users)).not.toMatch(/password|hash/i);
  });

  it('is closed to other roles (403) and to anonymous callers (401)', async () => {
    const u = await register();
    for (const phone of [DEMO.customer, DEMO.vendor, DEMO.delivery]) {
      const token = await login(ctx.app, phone);
      for (const req of [
        { method: 'GET', url: '/api/users' },
        { method: 'GET', url: `/api/users/${u._id}` },
        { method: 'DELETE', url: `/api/users/${u._id}` },
        { method: 'PUT', url: `/api/users/${u._id}`, payload: { userId: u._id, role: 'admin' } },
      ] as const) {
        const res = await call({ ...req, headers: bearer(token) });
        expect(res.statusCode, `${phone} ${req.method} ${req.url}`).toBe(403);
      }
    }
    for (const req of [
      { method: 'GET', url: '/api/users' },
      { method: 'GET', url: `/api/users/${u._id}` },
      { method: 'DELETE', url: `/api/users/${u._id}` },
      { method: 'PUT', url: `/api/users/${u._id}`, payload: { role: 'admin' } },
    ] as const) {
      expect((await call(req)).statusCode).toBe(401);
    }
    // nothing changed
    expect((await profile(u.token)).json().role).toBe('user');
  });

  it('reads one user; 404 for an unknown id, 400 for a malformed one', async () => {
    const u = await register();
    const res = await call({ method: 'GET', url: `/api/users/${u._id}`, headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: u._id, phone: u.phone, role: 'user' });
    const missing = await call({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000', headers: bearer(adminToken) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(codedBody('userNotFound'));
    expect((await call({ method: 'GET', url: '/api/users/not-an-id', headers: bearer(adminToken) })).statusCode).toBe(400);
  });

  it('applies a role change on the very next request made with the old token', async () => {
    const u = await register();
    expect((await call({ method: 'GET', url: '/api/users', headers: bearer(u.token) })).statusCode).toBe(403);

    const res = await call({
      method: 'PUT',
      url: `/api/users/${u._id}`,
      headers: bearer(adminToken),
      payload: { userId: u._id, role: 'delivery' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...codedBody('userRoleUpdated'), user: { _id: u._id, role: 'delivery' } });
    expect((await profile(u.token)).json().role).toBe('delivery');
    expect((await call({ method: 'GET', url: '/api/users/vendors', headers: bearer(u.token) })).statusCode).toBe(403);

    await call({ method: 'PUT', url: `/api/users/${u._id}`, headers: bearer(adminToken), payload: { role: 'admin' } });
    expect((await call({ method: 'GET', url: '/api/users', headers: bearer(u.token) })).statusCode).toBe(200);

    await call({ method: 'PUT', url: `/api/users/${u._id}`, headers: bearer(adminToken), payload: { role: 'user' } });
    expect((await call({ method: 'GET', url: '/api/users', headers: bearer(u.token) })).statusCode).toBe(403);
  });

  it('gives a new vendor empty vendor details, active, with 0% commission', async () => {
    const u = await register();
    const res = await call({
      method: 'PUT',
      url: `/api/users/${u._id}`,
      headers: bearer(adminToken),
      payload: { userId: u._id, role: 'vendor' },
    });
    expect(res.statusCode).toBe(200);
    // without a shop name the invoice prefix comes from the account's name
    expect(res.json().user.vendorDetails).toEqual({
      shopName: '',
      commissionPercentage: 0,
      isActive: true,
      invoicePrefix: expect.stringMatching(/^[A-Z0-9]{1,6}$/),
      // a new shop is not an e-invoicing one until its owner says so
      turnoverAbove5Crore: false,
    });
    expect((await profile(u.token)).json()).toMatchObject({
      role: 'vendor',
      vendorDetails: { shopName: '', commissionPercentage: 0, isActive: true },
    });
    // now a vendor: vendor-only calls open up with the same token
    expect((await call({ method: 'GET', url: '/api/users/vendors', headers: bearer(u.token) })).statusCode).toBe(200);
  });

  it('refuses an unknown role and an unknown user', async () => {
    const u = await register();
    const bad = await call({ method: 'PUT', url: `/api/users/${u._id}`, headers: bearer(adminToken), payload: { role: 'superuser' } });
    expect(bad.statusCode).toBe(400);
    expect((await profile(u.token)).json().role).toBe('user');
    const missing = await call({
      method: 'PUT',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
      headers: bearer(adminToken),
      payload: { role: 'vendor' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a user; their token stops working at once', async () => {
    const u = await register();
    const before = await countUsers();
    const res = await call({ method: 'DELETE', url: `/api/users/${u._id}`, headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(codedBody('userDeleted'));
    expect(await countUsers()).toBe(before - 1);
    const after = await profile(u.token);
    expect(after.statusCode).toBe(401);
    expect((await call({ method: 'GET', url: `/api/users/${u._id}`, headers: bearer(adminToken) })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/users/${u._id}`, headers: bearer(adminToken) })).statusCode).toBe(404);
    const signIn = await call({ method: 'POST', url: '/api/users/auth', payload: { phone: u.phone, password: u.password } });
    expect(signIn.statusCode).toBe(401);
  });

  it('does not delete a vendor who has orders', async () => {
    const vendor = await ctx.handle.db.selectFrom('users').select('id').where('phone', '=', DEMO.vendor).executeTakeFirstOrThrow();
    const res = await call({ method: 'DELETE', url: `/api/users/${vendor.id}`, headers: bearer(adminToken) });
    expect(res.statusCode).toBe(400);
    expect(await login(ctx.app, DEMO.vendor)).toBeTruthy();
  });

  it('never removes or demotes the last admin', async () => {
    const admin = await ctx.handle.db.selectFrom('users').select('id').where('phone', '=', DEMO.admin).executeTakeFirstOrThrow();
    const del = await call({ method: 'DELETE', url: `/api/users/${admin.id}`, headers: bearer(adminToken) });
    expect(del.statusCode).toBe(400);
    expect(del.json()).toEqual(codedBody('lastAdmin'));
    for (const role of ['user', 'vendor', 'delivery']) {
      const demote = await call({ method: 'PUT', url: `/api/users/${admin.id}`, headers: bearer(adminToken), payload: { role } });
      expect(demote.statusCode).toBe(400);
      expect(demote.json()).toEqual(codedBody('lastAdmin'));
    }
    expect((await profile(adminToken)).json().role).toBe('admin');
    // "promoting" the last admin to admin is harmless
    expect(
      (await call({ method: 'PUT', url: `/api/users/${admin.id}`, headers: bearer(adminToken), payload: { role: 'admin' } })).statusCode,
    ).toBe(200);

    // with a second admin, the first may be demoted; then the second is the last one
    const second = await register();
    await call({ method: 'PUT', url: `/api/users/${second._id}`, headers: bearer(adminToken), payload: { role: 'admin' } });
    const ok = await call({ method: 'PUT', url: `/api/users/${admin.id}`, headers: bearer(second.token), payload: { role: 'user' } });
    expect(ok.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/users', headers: bearer(adminToken) })).statusCode).toBe(403);
    const last = await call({ method: 'DELETE', url: `/api/users/${second._id}`, headers: bearer(second.token) });
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual(codedBody('lastAdmin'));
    // put the demo admin back as the only admin for the tests that follow
    expect(
      (await call({ method: 'PUT', url: `/api/users/${admin.id}`, headers: bearer(second.token), payload: { role: 'admin' } })).statusCode,
    ).toBe(200);
    expect(
      (await call({ method: 'PUT', url: `/api/users/${second._id}`, headers: bearer(adminToken), payload: { role: 'user' } })).statusCode,
    ).toBe(200);
    expect((await call({ method: 'GET', url: '/api/users', headers: bearer(adminToken) })).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  const forgot = (phone: string) => call({ method: 'POST', url: '/api/users/forgot-password', payload: { phone } });
  const reset = (phone: string, otp: string, password: string) =>
    call({ method: 'POST', url: '/api/users/reset-password', payload: { phone, otp, password } });
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function codeFor(phone: string) {
    const res = await forgot(phone);
    expect(res.statusCode).toBe(200);
    const code = sms.codeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    return code!;
  }

  it('gives the same answer and does the same work for a known and an unknown phone: a code row and one text each', async () => {
    const u = await register();
    const unknown = '9000000002';
    const known = await forgot(u.phone);
    const notKnown = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(notKnown.statusCode).toBe(200);
    expect(known.json()).toEqual(codedBody('otpSent'));
    expect(notKnown.json()).toEqual(known.json());
    expect(sms.to(u.phone)).toHaveLength(2); // the registration code, then the reset code
    expect(sms.to(u.phone)[1]).toMatch(/password reset code is \d{6}\b/);
    // the unknown phone gets a note without a code
    expect(sms.to(unknown)).toHaveLength(1);
    expect(sms.to(unknown)[0]).toMatch(/no account/);
    expect(sms.codeFor(unknown)).toBeUndefined();
    const rows = await ctx.handle.db
      .selectFrom('password_resets')
      .select('phone')
      .where('phone', 'in', [u.phone, unknown])
      .orderBy('phone')
      .execute();
    expect(rows.map((r) => r.phone).sort()).toEqual([u.phone, unknown].sort());
  });

  it('wants an Indian mobile number', async () => {
    for (const phone of ['5123456789', '98765', '']) {
      const res = await forgot(phone);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(codedBody('invalidPhoneDot', { field: 'phone' }));
    }
  });

  it('resets with the right code: old sessions end, the new password signs in, the old one no longer does', async () => {
    const u = await register();
    const otherSession = await login(ctx.app, u.phone, u.password);
    const code = await codeFor(u.phone);
    const res = await reset(u.phone, code, 'Reset@2024');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(codedBody('passwordReset'));
    expect((await profile(u.token)).statusCode).toBe(401);
    expect((await profile(otherSession)).statusCode).toBe(401);
    expect(await login(ctx.app, u.phone, 'Reset@2024')).toBeTruthy();
    const old = await call({ method: 'POST', url: '/api/users/auth', payload: { phone: u.phone, password: u.password } });
    expect(old.statusCode).toBe(401);
    // a code works once
    const again = await reset(u.phone, code, 'Again@2024');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(codedBody('otpInvalid', { field: 'otp' }));
    expect(await login(ctx.app, u.phone, 'Reset@2024')).toBeTruthy();
  });

  it('locks the code after 5 wrong tries, so even the right code then fails', async () => {
    const u = await register();
    const code = await codeFor(u.phone);
    for (let i = 0; i < 5; i++) {
      const res = await reset(u.phone, otherCode(code), 'Guess@2024');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(codedBody('otpInvalid', { field: 'otp' }));
    }
    const right = await reset(u.phone, code, 'Guess@2024');
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(codedBody('otpInvalid', { field: 'otp' }));
    expect(await login(ctx.app, u.phone, u.password)).toBeTruthy();
    expect((await profile(u.token)).statusCode).toBe(200);

    // a new code starts afresh
    const fresh = await codeFor(u.phone);
    expect((await reset(u.phone, fresh, 'Fresh@2024')).statusCode).toBe(200);
  });

  it('accepts the right code after fewer than 5 wrong tries', async () => {
    const u = await register();
    const code = await codeFor(u.phone);
    for (let i = 0; i < 4; i++) expect((await reset(u.phone, otherCode(code), 'Later@2024')).statusCode).toBe(400);
    expect((await reset(u.phone, code, 'Later@2024')).statusCode).toBe(200);
    expect(await login(ctx.app, u.phone, 'Later@2024')).toBeTruthy();
  });

  it('refuses an expired code', async () => {
    const u = await register();
    const code = await codeFor(u.phone);
    await ctx.handle.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('phone', '=', u.phone)
      .execute();
    const res = await reset(u.phone, code, 'Late@2024');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('otpInvalid', { field: 'otp' }));
    expect(await login(ctx.app, u.phone, u.password)).toBeTruthy();
  });

  it('a newer code replaces the older one', async () => {
    const u = await register();
    const first = await codeFor(u.phone);
    const second = await codeFor(u.phone);
    if (first !== second) expect((await reset(u.phone, first, 'Older@2024')).statusCode).toBe(400);
    expect((await reset(u.phone, second, 'Newer@2024')).statusCode).toBe(200);
    expect(await login(ctx.app, u.phone, 'Newer@2024')).toBeTruthy();
  });

  it('refuses a reset with no code requested, a code for another phone, or a bad payload', async () => {
    const u = await register();
    const v = await register();
    expect((await reset(u.phone, '123456', 'Nope@2024')).statusCode).toBe(400);
    const code = await codeFor(v.phone);
    const cross = await reset(u.phone, code, 'Nope@2024');
    expect(cross.statusCode).toBe(400);
    expect(cross.json()).toEqual(codedBody('otpInvalid', { field: 'otp' }));
    expect(await login(ctx.app, u.phone, u.password)).toBeTruthy();
    for (const payload of [
      { phone: v.phone, otp: '12345', password: 'Nope@2024' },
      { phone: v.phone, otp: 'abcdef', password: 'Nope@2024' },
      { phone: v.phone, otp: code, password: 'abc' },
      { phone: v.phone, otp: code },
      { phone: '5123456789', otp: code, password: 'Nope@2024' },
    ]) {
      const res = await call({ method: 'POST', url: '/api/users/reset-password', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // none of those used up a try: the code still works
    expect((await reset(v.phone, code, 'Works@2024')).statusCode).toBe(200);
  });
});

describe('concurrency', () => {
  const reset = (phone: string, otp: string, password: string) =>
    call({ method: 'POST', url: '/api/users/reset-password', payload: { phone, otp, password } });

  it('counts wrong codes sent at the same time one by one, so parallel guessing gets 5 tries per code and 10 per phone', async () => {
    const u = await register();
    expect((await call({ method: 'POST', url: '/api/users/forgot-password', payload: { phone: u.phone } })).statusCode).toBe(200);
    const code = sms.codeFor(u.phone)!;
    const wrong = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map((otp) => reset(u.phone, otp, 'Guess@2024')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(400), 429, 429]);
    const row = await ctx.handle.db.selectFrom('password_resets').select('attempts').where('phone', '=', u.phone).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await reset(u.phone, code, 'Guess@2024')).statusCode).toBe(429);
    expect(await login(ctx.app, u.phone, u.password)).toBeTruthy();
  });

  it('two admins demoting each other at the same time leave one admin', async () => {
    const a = await register();
    const b = await register();
    for (const u of [a, b]) {
      const res = await call({ method: 'PUT', url: `/api/users/${u._id}`, headers: bearer(adminToken), payload: { role: 'admin' } });
      expect(res.statusCode).toBe(200);
    }
    const demo = await ctx.handle.db.selectFrom('users').select('id').where('phone', '=', DEMO.admin).executeTakeFirstOrThrow();
    // every other admin (the demo admin, any made by earlier tests) steps down, so a and b are the only admins
    const others = await ctx.handle.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('id', 'not in', [a._id, b._id])
      .execute();
    for (const o of others) {
      expect(
        (await call({ method: 'PUT', url: `/api/users/${o.id}`, headers: bearer(a.token), payload: { role: 'user' } })).statusCode,
      ).toBe(200);
    }
    const [ab, ba] = await Promise.all([
      call({ method: 'PUT', url: `/api/users/${b._id}`, headers: bearer(a.token), payload: { role: 'user' } }),
      call({ method: 'DELETE', url: `/api/users/${a._id}`, headers: bearer(b.token) }),
    ]);
    const codes = [ab.statusCode, ba.statusCode].sort();
    // the loser is refused as the last admin (400), or, when the winner committed before its sign-in
    // check ran, for no longer being an admin (403)
    expect(codes[0]).toBe(200);
    expect([400, 403]).toContain(codes[1]);
    const admins = await ctx.handle.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    // restore the demo admin
    const survivor = admins[0].id === a._id ? a : b;
    expect(
      (await call({ method: 'PUT', url: `/api/users/${demo.id}`, headers: bearer(survivor.token), payload: { role: 'admin' } })).statusCode,
    ).toBe(200);
  });
});
