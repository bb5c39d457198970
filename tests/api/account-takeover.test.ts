import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordProblem } from '../../server/lib/password-policy';
import { bearer, createTestApp, DEMO, login, registerUser, smsLog, type TestContext, codedBody } from './helpers';

/**
 * What someone holding only a session token (a shop's phone left signed in) can do to the account:
 * no phone, password or UPI ID change without the current password, no lock-out of the owner, and a
 * phone change that the old number can undo. Plus the password rules and the phone-change answer
 * that tells nothing about which numbers have an account.
 */
let ctx: TestContext;
const sms = smsLog();

beforeAll(async () => {
  ctx = await createTestApp({}, { logger: sms.logger });
});
afterAll(async () => ctx?.close());

let seq = 0;
const newPhone = () => `93${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;
const PASSWORD = 'Kaveri#Adyar9';

async function account(name = 'Selvi Raman') {
  const phone = newPhone();
  const res = await registerUser(ctx.app, {
    name,
    phone,
    password: PASSWORD,
    address: { address: '3 Beach Road', city: 'Chennai', pincode: '600020', area: 'Adyar' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json()._id as string, phone, token: res.json().token as string };
}

const put = (token: string, payload: Record<string, unknown>, lang?: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/users/profile',
    headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) },
    payload,
  });
const signIn = (phone: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/auth', payload: { phone, password } });
const userRow = (id: string) => ctx.handle.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a session alone cannot take the account over', () => {
  it('refuses a new phone, password or UPI ID without the right current password, and changes nothing', async () => {
    const u = await account();
    const vendor = await login(ctx.app, DEMO.vendor);
    const before = await userRow(u.id);
    const target = newPhone();
    for (const payload of [
      { phone: target },
      { password: 'Thief#Owns42' },
      { phone: target, currentPassword: 'Wrong#Guess1' },
      { password: 'Thief#Owns42', currentPassword: '' },
    ]) {
      const res = await put(u.token, { name: 'Selvi Raman', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe('currentPassword');
      expect(['currentPasswordRequired', 'currentPasswordWrong']).toContain(res.json().code);
    }
    const vendorBefore = (await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(vendor) })).json();
    const upi = await put(vendor, { upiId: 'thief@okaxis' });
    expect(upi.statusCode).toBe(400);
    expect(upi.json()).toEqual(codedBody('currentPasswordRequired', { field: 'currentPassword' }));
    const vendorAfter = (await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(vendor) })).json();
    expect(vendorAfter.upiId).toBe(vendorBefore.upiId);
    // the same UPI ID again is no change: no password needed
    expect((await put(vendor, { upiId: vendorBefore.upiId })).statusCode).toBe(200);

    expect(await userRow(u.id)).toEqual(before);
    expect(sms.to(target)).toEqual([]);
    expect((await signIn(u.phone, PASSWORD)).statusCode).toBe(200);

    const ta = await put(u.token, { password: 'Thief#Owns42' }, 'ta');
    expect(ta.json()).toEqual({
      message: 'தொலைபேசி எண், கடவுச்சொல் அல்லது யுபிஐ ஐடியை மாற்ற உங்கள் தற்போதைய கடவுச்சொல்லை உள்ளிடவும்.',
      code: 'currentPasswordRequired',
      field: 'currentPassword',
    });
  });

  it('delays wrong current passwords like sign-in, without locking the owner out of sign-in', async () => {
    const u = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await put(u.token, { password: 'Thief#Owns42', currentPassword: `Guess#${i}abcd` })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // even the right password waits now, with its own message
    const waiting = await put(u.token, { password: 'Owner#Keeps42', currentPassword: PASSWORD });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({ code: 'reauthDelayed' });
    // the owner still signs in, and a password reset lifts the wait
    expect((await signIn(u.phone, PASSWORD)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { phone: u.phone } });
    const otp = sms.codeFor(u.phone);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { phone: u.phone, otp, password: 'Owner#Keeps42' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const token = await login(ctx.app, u.phone, 'Owner#Keeps42');
    expect((await put(token, { password: 'Owner#Keeps43', currentPassword: 'Owner#Keeps42' })).statusCode).toBe(200);
  });

  it('changes the password with the current one, ending the other sessions', async () => {
    const u = await account();
    const other = await login(ctx.app, u.phone, PASSWORD);
    const res = await put(u.token, { password: 'Fresh#Start42', currentPassword: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(other) })).statusCode).toBe(401);
    expect((await signIn(u.phone, 'Fresh#Start42')).statusCode).toBe(200);
  });
});

describe('a phone change', () => {
  it('answers the same for a number with an account and a free one; only the free one gets a code', async () => {
    const u = await account();
    const taken = (await account('Other Person')).phone;
    const free = newPhone();
    const a = await put(u.token, { phone: taken, currentPassword: PASSWORD });
    const b = await put(u.token, { phone: free, currentPassword: PASSWORD });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toMatchObject({ code: 'phoneCodeSent' });
    expect(sms.to(taken).at(-1)).toMatch(/already has an account/);
    expect(sms.to(taken).at(-1)).not.toMatch(/\d{6}/);
    expect(sms.codeFor(free)).toMatch(/^\d{6}$/);
    // nothing texted to the taken number confirms it
    const guess = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/verify-phone',
      headers: bearer(u.token),
      payload: { phone: taken, code: '000000' },
    });
    expect(guess.statusCode).toBe(400);
    expect(guess.json()).toMatchObject({ code: 'otpInvalid' });
  });

  it('ends the other sessions, tells the old number, and the old number undoes it within 7 days', async () => {
    const u = await account();
    const other = await login(ctx.app, u.phone, PASSWORD);
    const target = newPhone();
    expect((await put(u.token, { phone: target, currentPassword: PASSWORD })).statusCode).toBe(202);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/verify-phone',
      headers: bearer(u.token),
      payload: { phone: target, code: sms.codeFor(target) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().phone).toBe(target);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(other) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(u.token) })).statusCode).toBe(200);

    const note = sms.to(u.phone).at(-1)!;
    expect(note).toContain(`******${target.slice(-4)}`);
    expect(note).toMatch(/undo it within 7 days/);
    const undoCode = sms.codeFor(u.phone)!;

    // while the undo is possible the old number stays the account's: a registration gets no code
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Squatter',
        phone: u.phone,
        password: 'Squat#Here42',
        address: { address: '1 Road', city: 'Chennai', pincode: '600020', area: 'Adyar' },
      },
    });
    expect(reg.statusCode).toBe(202);
    expect(sms.to(u.phone).at(-1)).toMatch(/already have an account/);

    const undo = (code: string, password = 'Mine#Again42') =>
      ctx.app.inject({ method: 'POST', url: '/api/users/undo-phone-change', payload: { phone: u.phone, code, password } });
    const wrong = await undo(undoCode === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'otpInvalid' });
    const weak = await undo(undoCode, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual(codedBody('passwordTooGuessable', { field: 'password' }));

    const done = await undo(undoCode);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ code: 'phoneChangeUndone' });
    expect((await userRow(u.id)).phone).toBe(u.phone);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(u.token) })).statusCode).toBe(401);
    expect((await signIn(u.phone, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(u.phone, 'Mine#Again42')).statusCode).toBe(200);
    expect((await signIn(target, 'Mine#Again42')).statusCode).toBe(401);
    // the code works once
    expect((await undo(undoCode)).statusCode).toBe(400);
  });

  it('cannot be undone after 7 days', async () => {
    const u = await account();
    const target = newPhone();
    await put(u.token, { phone: target, currentPassword: PASSWORD });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/verify-phone',
      headers: bearer(u.token),
      payload: { phone: target, code: sms.codeFor(target) },
    });
    const code = sms.codeFor(u.phone)!;
    await ctx.handle.db
      .updateTable('phone_change_undos')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', u.id)
      .execute();
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/undo-phone-change',
      payload: { phone: u.phone, code, password: 'Mine#Again42' },
    });
    expect(late.statusCode).toBe(400);
    expect((await userRow(u.id)).phone).toBe(target);
  });
});

describe('passwords that are easy to guess', () => {
  it('are refused at registration, reset and profile change, beside the password field', async () => {
    const phone = newPhone();
    for (const password of ['password123', 'qwerty123', 'aaaaaaaa', '12345678', `${phone}`, 'Selvi1234', '      ']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: {
          name: 'Selvi Raman',
          phone,
          password,
          address: { address: '1 Road', city: 'Chennai', pincode: '600020', area: 'Adyar' },
        },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual(codedBody('passwordTooGuessable', { field: 'password' }));
    }
    expect(sms.to(phone)).toEqual([]);

    const u = await account();
    const weak = await put(u.token, { password: 'iloveyou1', currentPassword: PASSWORD });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('password');
    expect((await signIn(u.phone, PASSWORD)).statusCode).toBe(200);

    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { phone: u.phone } });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { phone: u.phone, otp: sms.codeFor(u.phone), password: '1q2w3e4r' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: 'passwordTooGuessable' });
  });

  it('holds admins to 12 characters and a higher bar, and takes strong passwords', async () => {
    for (const weak of [' '.repeat(12), 'aaaaaaaaaaaa', '123456789012', 'password1234', '987650000112']) {
      expect(await passwordProblem(weak, { phone: '9876500001', name: 'Owner', admin: true }), JSON.stringify(weak)).toBe(
        'passwordTooGuessable',
      );
    }
    expect(await passwordProblem('Short#1', { admin: true })).toBe('adminPasswordTooShort');
    expect(await passwordProblem('Murugan@2024', { name: 'Murugan', admin: true })).toBe('passwordTooGuessable');
    expect(await passwordProblem('a long admin passphrase', { phone: '9876500001', admin: true })).toBeNull();
    expect(await passwordProblem('Secret@123', { phone: '9876500001', name: 'Kavya' })).toBeNull();
  });
});
