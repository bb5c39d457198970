import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMessageCode } from '../../core/message-codes';
import { messageText } from '../../core/message-text';
import { MSG } from '../../core/messages';
import { MSG_TA } from '../../core/messages-ta';
import { requestLanguage } from '../../server/plugins/i18n';
import { bearer, createTestApp, DEMO, listedShelf, login, registerUser, type TestContext, tokenRequests } from './helpers';
import { address, productBody } from '../support/api-builders';
import { makeGst, makeProduct, makeShelf, userId } from '../support/db-builders';

let ctx: TestContext;
let customerToken: string;
let customer: Record<string, string>;
let scarce: string;
const { checkout, shopSale } = tokenRequests(() => ctx.app);

const TAMIL = /[\u0B80-\u0BFF]/;
const TA = { 'accept-language': 'ta-IN' };
const EN = { 'accept-language': 'en-IN' };

beforeAll(async () => {
  ctx = await createTestApp();
  customerToken = await login(ctx.app, DEMO.customer);
  customer = bearer(customerToken);
  const vendorId = await userId(ctx.handle.db, DEMO.vendor);
  scarce = await makeProduct(ctx.handle.db, {
    vendorId,
    shelf: await makeShelf(ctx.handle.db),
    name: 'Scarce Ghee',
    shopPrice: 300,
    stock: 1,
  });
});
afterAll(async () => ctx?.close());

// each wrong sign-in on a phone of its own (repeated failures on one phone are delayed: another message)
let wrongPhones = 0;
const wrongLogin = (headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users/auth',
    headers,
    payload: { phone: `98000${String(wrongPhones++).padStart(5, '0')}`, password: 'not-the-password' },
  });
const badPhone = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/auth', headers, payload: { phone: '12345', password: 'x' } });
const missingOrder = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/Orders/00000000-0000-4000-8000-000000000000', headers: { ...customer, ...headers } });

/** Two of a product with one in stock, at its price: refused for stock however often it is sent. */
const short = () => [{ productId: scarce, quantity: 2, price: 300 }];

describe('server messages in the request language', () => {
  it('answers a wrong sign-in, an invalid phone, a 404 and a stock conflict in Tamil for ta-IN', async () => {
    const login = await wrongLogin(TA);
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('தொலைபேசி எண் அல்லது கடவுச்சொல் தவறு');
    expect(login.json().message).toBe(MSG_TA.invalidCredentials);
    expect(login.headers.vary).toMatch(/accept-language/i);

    const phone = await badPhone(TA);
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toBe(MSG_TA.invalidPhone);
    expect(phone.json().message).toMatch(TAMIL);

    const order = await missingOrder(TA);
    expect(order.statusCode).toBe(404);
    expect(order.json().message).toBe(MSG_TA.orderNotFound);

    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: TA });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MSG_TA.unauthenticated);

    const route = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route', headers: TA });
    expect(route.statusCode).toBe(404);
    expect(route.json().message).toBe(MSG_TA.notFound);

    const refused = await checkout(customerToken, short(), { headers: TA });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'போதுமான இருப்பு இல்லை: Scarce Ghee',
      code: 'notEnoughStock',
      params: { name: 'Scarce Ghee' },
    });
  });

  it('keeps the exact English spec texts without the header and with en-IN', async () => {
    for (const headers of [{}, EN, { 'accept-language': 'en-US,en;q=0.9,ta;q=0.5' }]) {
      expect((await wrongLogin(headers)).json().message).toBe(MSG.invalidCredentials);
      expect((await badPhone(headers)).json().message).toBe(MSG.invalidPhone);
      expect((await missingOrder(headers)).json().message).toBe(MSG.orderNotFound);
      expect((await checkout(customerToken, short(), { headers })).json().message).toBe('Not enough stock for Scarce Ghee');
    }
  });

  it('follows q-values: Tamil preferred by weight, refused by q=0', async () => {
    expect((await wrongLogin({ 'accept-language': 'en;q=0.4, ta;q=0.8' })).json().message).toBe(MSG_TA.invalidCredentials);
    expect((await wrongLogin({ 'accept-language': 'ta;q=0, en;q=0.1' })).json().message).toBe(MSG.invalidCredentials);
    expect(requestLanguage('ta')).toBe('ta');
    expect(requestLanguage('ta-IN,ta;q=0.9,en-IN;q=0.8')).toBe('ta');
    expect(requestLanguage('fr-FR, ta;q=0.5')).toBe('ta');
    expect(requestLanguage('*, ta;q=0.5')).toBe('en');
    expect(requestLanguage('en-IN, ta')).toBe('en');
    expect(requestLanguage('tamil')).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
  });

  it('translates a field-named validation error and success notes, keeping the field name', async () => {
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: TA,
      payload: { name: 'Kavya', phone: '9123400001', password: 'Secret@123', address: { ...address(), area: 'Atlantis' } },
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json()).toEqual({
      message: 'பட்டியலிலிருந்து ஒரு பகுதியைத் தேர்ந்தெடுக்கவும்',
      code: 'chooseAreaFromList',
      field: 'address.area',
    });

    // the framework's own refusals too
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/auth',
      headers: { ...TA, 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'அனுப்பிய விவரங்கள் சரியான JSON வடிவில் இல்லை', code: 'bodyNotJson' });

    const token = await login(ctx.app, DEMO.vendor);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/users/logout', headers: { ...bearer(token), ...TA } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: MSG_TA.loggedOut, code: 'loggedOut' });
  });
});

type Headers = Record<string, string>;
type Answer = Awaited<ReturnType<TestContext['app']['inject']>>;

describe('every refusal by code, in both languages', () => {
  /**
   * Requests that are refused the same way each time they are sent (the setup before makes them so),
   * one or more per status: each is sent in English and in Tamil.
   */
  async function refusals(): Promise<Array<[string, number, (h: Headers) => Promise<Answer>]>> {
    const app = ctx.app;
    const vendorToken = await login(app, DEMO.vendor);
    const vendor = bearer(vendorToken);
    const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
      app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });

    // a barcode the vendor already has
    const shelf = await listedShelf(app, await login(app, DEMO.admin));
    const gst = await makeGst(ctx.handle.db, 5);
    const barcode = `LANG-${randomUUID().slice(0, 8)}`;
    const product = productBody(shelf, gst, 'Language Test Rice', { barcode });
    expect((await send('POST', '/api/products', vendor, product)).statusCode).toBe(201);

    // an Idempotency-Key used once with another body
    const key = randomUUID();
    const none = '00000000-0000-4000-8000-000000000000';
    expect((await shopSale(vendorToken, [{ productId: none, quantity: 1 }], {}, { 'idempotency-key': key })).statusCode).toBe(404);

    // a phone whose wrong passwords now wait (5 failures)
    const delayed = '9800099999';
    for (let i = 0; i < 5; i++) {
      const res = await send('POST', '/api/users/auth', {}, { phone: delayed, password: `wrong-${i}` });
      expect(res.statusCode).toBe(401);
    }

    return [
      ['invalid JSON', 400, (h) => send('POST', '/api/users/auth', { ...h, 'content-type': 'application/json' }, '{"phone":')],
      ['an invalid phone', 400, (h) => send('POST', '/api/users/auth', h, { phone: '12345', password: 'x' })],
      ['a text too long', 400, (h) => send('POST', '/api/users/auth', h, { phone: '9876500001', password: 'x'.repeat(201) })],
      ['an unknown delivery area', 400, (h) => send('PUT', '/api/users/profile', { ...vendor, ...h }, { deliveryAreas: ['Atlantis'] })],
      ['a malformed path', 400, (h) => send('GET', '/api/users/%zz', { ...customer, ...h })],
      ['no token', 401, (h) => send('GET', '/api/users/profile', h)],
      ['a wrong password', 401, (h) => send('POST', '/api/users/auth', h, { phone: DEMO.customer, password: 'Wrong#Password1' })],
      ['the wrong role', 403, (h) => send('GET', '/api/users', { ...customer, ...h })],
      ['an unknown product', 404, (h) => send('GET', '/api/products/00000000-0000-4000-8000-000000000000', { ...customer, ...h })],
      ['an unknown path', 404, (h) => send('GET', '/api/no-such-route', h)],
      ['a barcode taken', 409, (h) => send('POST', '/api/products', { ...vendor, ...h }, product)],
      [
        'a body too large',
        413,
        (h) => send('POST', '/api/users/auth', { ...h, 'content-type': 'application/json' }, `{"x":"${'a'.repeat(1_100_000)}"}`),
      ],
      [
        'a media type not taken',
        415,
        (h) => send('POST', '/api/users/auth', { ...h, 'content-type': 'application/xml' }, '<phone>9876500001</phone>'),
      ],
      [
        'an Idempotency-Key reused',
        422,
        (h) => shopSale(vendorToken, [{ productId: none, quantity: 2 }], {}, { ...h, 'idempotency-key': key }),
      ],
      ['sign-in delayed', 429, (h) => send('POST', '/api/users/auth', h, { phone: delayed, password: 'wrong-again' })],
    ];
  }

  it('answers each with a message code, and with its Tamil text for ta under the same status and code', async () => {
    const cases = await refusals();
    expect(new Set(cases.map(([, status]) => status))).toEqual(new Set([400, 401, 403, 404, 409, 413, 415, 422, 429]));
    for (const [what, status, request] of cases) {
      const en = await request(EN);
      const ta = await request(TA);
      expect(en.statusCode, `${what}: ${en.body.slice(0, 300)}`).toBe(status);
      expect(ta.statusCode, what).toBe(status);
      const { code, params, field } = en.json() as { code: unknown; params?: unknown; field?: string };
      expect(isMessageCode(code), `${what}: ${en.body.slice(0, 300)}`).toBe(true);
      if (!isMessageCode(code)) continue;
      expect(en.json().message, what).toBe(messageText(code, 'en', params));
      expect(ta.json(), what).toEqual({ ...en.json(), message: messageText(code, 'ta', params) });
      expect(ta.json().message, what).toMatch(TAMIL);
      expect(ta.json().message, what).not.toBe(en.json().message);
      expect(ta.headers.vary, what).toMatch(/accept-language/i);
      if (field !== undefined) expect(typeof field, what).toBe('string');
    }
  });
});

describe('the language saved in the profile', () => {
  it('is English by default, saves Tamil, and comes back on sign-in and in the profile', async () => {
    const token = await login(ctx.app, DEMO.delivery);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(me.json().language).toBe('en');

    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: { language: 'ta' },
    });
    // the header switch sends the language alone: the rest of the profile stays as it was
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...me.json(), language: 'ta' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })).json().language).toBe('ta');

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/auth',
      payload: { phone: DEMO.delivery, password: DEMO.password },
    });
    expect(again.json().language).toBe('ta');

    // saving other fields keeps the language
    await ctx.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload: { name: 'Delivery Person' } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })).json().language).toBe('ta');
  });

  it('refuses a language it does not have, changing nothing', async () => {
    const token = await login(ctx.app, DEMO.vendor2);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...bearer(token), ...TA },
      payload: { name: 'Renamed', language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'மொழி en அல்லது ta ஆக இருக்க வேண்டும்', code: 'languageInvalid', field: 'language' });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(after.json()).toEqual(me.json());
  });

  it('gives a new account the language it registered in', async () => {
    const res = await registerUser(ctx.app, {
      name: 'Meena',
      phone: '9123400002',
      password: 'Secret@123',
      address: address(),
      language: 'ta',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().language).toBe('ta');
    const plain = await registerUser(ctx.app, { name: 'Ravi', phone: '9123400003', password: 'Secret@123', address: address() });
    expect(plain.json().language).toBe('en');
  });
});
