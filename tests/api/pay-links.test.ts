import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '../../core/message-text';
import { PAY_LINK_TTL_MS } from '../../core/pay-link';
import type { PayLinkResponse, PayPageResponse } from '../../core/schemas/pay-link';
import { newToken, sha256 } from '../../server/lib/ids';
import { codedBody, createTestApp, DEMO, login, tokenRequests, type TestContext } from './helpers';
import { userId } from '../support/db-builders';

/** A reminder's payment link: POST /api/customers/:id/pay-link (the shop) and the public GET /api/pay/:token. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, shopCustomer } = tokenRequests(() => ctx.app);
const db = () => ctx.handle.db;
const UPI_ID = 'murugan.stores@okaxis';
const PAGE_LIMIT = 10;

let ip = 0;
/** The public page's data as a visitor opens it: signed out, from an address of its own (the page's rate limit is per address). */
const openPage = (path: string, headers: Record<string, string> = {}, remoteAddress = `10.1.${Math.floor(++ip / 250)}.${ip % 250}`) =>
  ctx.app.inject({ method: 'GET', url: path, headers, remoteAddress });
/** The API path of a link's page: /pay/<token> of its url, under /api. */
const apiPath = (url: string) => `/api${new URL(url).pathname}`;
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

const makeLink = (customerId: string, token = tok.vendor) =>
  ok('POST', `/api/customers/${customerId}/pay-link`, token, undefined, 201) as Promise<PayLinkResponse>;
const linkCount = async (customerId: string) =>
  Number(
    (
      await db()
        .selectFrom('pay_links')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  // a day's window: the limit test's openings cannot straddle two windows
  ctx = await createTestApp({ rateLimits: { payPage: { max: PAGE_LIMIT, windowMs: 86_400_000 } } });
  for (const k of ['admin', 'vendor', 'vendor2', 'customer'] as const) tok[k] = await login(ctx.app, DEMO[k]);
});
afterAll(async () => ctx?.close());

describe('making a payment link', () => {
  it("answers the page's address on the app's own origin, for the balance due, valid for 14 days; only the token's hash is kept", async () => {
    const c = await shopCustomer(tok.vendor, { openingBalance: 250.5 });
    const before = Date.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/customers/${c._id}/pay-link`,
      headers: { authorization: `Bearer ${tok.vendor}`, origin: 'https://kadai.example' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json() as PayLinkResponse;
    expect(link.url).toMatch(/^https:\/\/kadai\.example\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(link.amount).toBe(250.5);
    const expires = Date.parse(link.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + PAY_LINK_TTL_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + PAY_LINK_TTL_MS);

    const rows = await db().selectFrom('pay_links').selectAll().where('customer_id', '=', c._id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(tokenOf(link.url)));
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link.url));

    // two links are two tokens; without an Origin (not a browser) the request's own address
    const again = await makeLink(c._id);
    expect(tokenOf(again.url)).not.toBe(tokenOf(link.url));
    expect(again.url).toMatch(/^http:\/\/localhost(:\d+)?\/pay\//);
  });

  it('is refused when nothing is due (409), and when the shop has no UPI ID to be paid to (409): no link is made', async () => {
    const settled = await shopCustomer(tok.vendor);
    const advance = await shopCustomer(tok.vendor, { openingBalance: 100 });
    await ok('POST', `/api/customers/${advance._id}/payments`, tok.vendor, { amount: 150, method: 'cash' }, 201);
    for (const c of [settled, advance]) {
      const res = await call('POST', `/api/customers/${c._id}/pay-link`, tok.vendor);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(codedBody('payLinkNothingDue'));
      expect(await linkCount(c._id)).toBe(0);
    }

    const vendor2 = await userId(db(), DEMO.vendor2);
    const owing = await shopCustomer(tok.vendor2, { openingBalance: 80 });
    const upi = (await db().selectFrom('users').select('upi_id').where('id', '=', vendor2).executeTakeFirstOrThrow()).upi_id;
    await db().updateTable('users').set({ upi_id: null }).where('id', '=', vendor2).execute();
    try {
      const res = await call('POST', `/api/customers/${owing._id}/pay-link`, tok.vendor2);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(codedBody('payLinkNoUpiId'));
      expect(await linkCount(owing._id)).toBe(0);
    } finally {
      await db().updateTable('users').set({ upi_id: upi }).where('id', '=', vendor2).execute();
    }
  });

  it("another vendor cannot make a link for this vendor's customer (404, as for a missing one); a customer or nobody cannot at all", async () => {
    const c = await shopCustomer(tok.vendor, { openingBalance: 90 });
    const other = await call('POST', `/api/customers/${c._id}/pay-link`, tok.vendor2);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(codedBody('customerNotFound'));
    const missing = await call('POST', '/api/customers/00000000-0000-4000-8000-000000000000/pay-link', tok.vendor);
    expect(missing.json()).toEqual(other.json());
    expect((await call('POST', `/api/customers/${c._id}/pay-link`, tok.customer)).statusCode).toBe(403);
    expect((await call('POST', `/api/customers/${c._id}/pay-link`, null)).statusCode).toBe(401);
    expect(await linkCount(c._id)).toBe(0);

    // an admin may, and the link pays the customer's own shop
    const byAdmin = await makeLink(c._id, tok.admin);
    const page = (await openPage(apiPath(byAdmin.url))).json() as PayPageResponse;
    expect(page.shop).toBe('Murugan Stores');
    expect(page.upiId).toBe(UPI_ID);
  });
});

describe('the public payment page', () => {
  it('answers the shop, the amount, the UPI link for it and the expiry, signed out, and nothing about the customer', async () => {
    const c = await shopCustomer(tok.vendor, { name: 'Kannan Secret', openingBalance: 412.75 });
    const link = await makeLink(c._id);
    const res = await openPage(apiPath(link.url));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json() as PayPageResponse;
    expect(Object.keys(page).sort()).toEqual(['amount', 'expiresAt', 'shop', 'upiId', 'upiLink']);
    expect(page).toMatchObject({ shop: 'Murugan Stores', upiId: UPI_ID, amount: 412.75, expiresAt: link.expiresAt });
    const upi = new URL(page.upiLink.replace('upi://pay?', 'https://x/?'));
    expect(page.upiLink.startsWith('upi://pay?')).toBe(true);
    expect(Object.fromEntries(upi.searchParams)).toEqual({
      pa: UPI_ID,
      pn: 'Murugan Stores',
      am: '412.75',
      cu: 'INR',
      tn: 'Murugan Stores dues',
    });
    for (const secret of [c.name, 'Kannan', c.phone, c._id, c.phone.slice(-4)]) expect(res.body).not.toContain(secret);

    // the amount is what was due when the link was made: a payment since does not show
    await ok('POST', `/api/customers/${c._id}/payments`, tok.vendor, { amount: 12.75, method: 'cash' }, 201);
    expect(((await openPage(apiPath(link.url))).json() as PayPageResponse).amount).toBe(412.75);
  });

  it('a random token, a right-length wrong one, a malformed one and an expired one all answer the same coded 404 and show nothing', async () => {
    const c = await shopCustomer(tok.vendor, { openingBalance: 300 });
    const link = await makeLink(c._id);
    const token = tokenOf(link.url);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    // an expired row written straight: a token whose hash is stored with a past expiry
    const expired = newToken();
    const vendorId = await userId(db(), DEMO.vendor);
    await db()
      .insertInto('pay_links')
      .values({
        token_hash: sha256(expired),
        vendor_id: vendorId,
        customer_id: c._id,
        amount_paise: 30000,
        created_by: vendorId,
        expires_at: new Date(Date.now() - 1000),
      })
      .execute();

    const refused = [
      newToken(),
      flipped,
      token.slice(0, 42),
      `${token}A`,
      token.toLowerCase(),
      "' OR 1=1 --",
      'x'.repeat(200),
      expired,
      sha256(token),
    ];
    for (const t of refused) {
      const res = await openPage(`/api/pay/${encodeURIComponent(t)}`);
      expect(res.statusCode, t).toBe(404);
      expect(res.json(), t).toEqual(codedBody('payLinkNotFound'));
    }
    // the real one still opens; moved past its expiry it answers the same 404
    expect((await openPage(apiPath(link.url))).statusCode).toBe(200);
    await db()
      .updateTable('pay_links')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('token_hash', '=', sha256(token))
      .execute();
    const gone = await openPage(apiPath(link.url), { 'accept-language': 'ta-IN' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ ...codedBody('payLinkNotFound'), message: messageText('payLinkNotFound', 'ta') });
  });

  it('stops opening once the shop has no UPI ID to be paid to', async () => {
    const owing = await shopCustomer(tok.vendor2, { openingBalance: 60 });
    const link = await makeLink(owing._id, tok.vendor2);
    expect((await openPage(apiPath(link.url))).statusCode).toBe(200);
    const vendor2 = await userId(db(), DEMO.vendor2);
    const upi = (await db().selectFrom('users').select('upi_id').where('id', '=', vendor2).executeTakeFirstOrThrow()).upi_id;
    await db().updateTable('users').set({ upi_id: null }).where('id', '=', vendor2).execute();
    try {
      const res = await openPage(apiPath(link.url));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(codedBody('payLinkNotFound'));
    } finally {
      await db().updateTable('users').set({ upi_id: upi }).where('id', '=', vendor2).execute();
    }
  });

  it('links cannot be listed: no route answers them, signed in or not', async () => {
    const c = await shopCustomer(tok.vendor, { openingBalance: 40 });
    const token = tokenOf((await makeLink(c._id)).url);
    for (const who of [null, tok.vendor, tok.admin]) {
      for (const [method, url] of [
        ['GET', '/api/pay'],
        ['GET', '/api/pay/'],
        ['GET', `/api/customers/${c._id}/pay-link`],
        ['GET', `/api/customers/${c._id}/pay-links`],
        ['DELETE', `/api/pay/${token}`],
      ] as const) {
        const res = await call(method, url, who);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).not.toContain(token);
      }
    }
    // and nothing else the shop reads carries a token
    for (const url of [`/api/customers/${c._id}`, `/api/customers/${c._id}/ledger`, '/api/customers/dues']) {
      expect((await call('GET', url, tok.vendor)).body, url).not.toContain(token);
    }
  });

  it(`is rate limited per client address: the ${PAGE_LIMIT + 1}th opening in a window answers 429`, async () => {
    const c = await shopCustomer(tok.vendor, { openingBalance: 20 });
    const path = apiPath((await makeLink(c._id)).url);
    for (let i = 0; i < PAGE_LIMIT; i++) expect((await openPage(path, {}, '10.200.0.1')).statusCode).toBe(200);
    const limited = await openPage(path, {}, '10.200.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(codedBody('tooManyRequests'));
    // another address is not held back
    expect((await openPage(path, {}, '10.200.0.2')).statusCode).toBe(200);
  });
});

describe('with the public address configured (PUBLIC_URL)', () => {
  it('links on that address, whatever Origin the caller sends', async () => {
    const own = await createTestApp({ publicUrl: 'https://shop.nammakadai.example' });
    try {
      const vendor = await login(own.app, DEMO.vendor);
      const { shopCustomer: customerOf } = tokenRequests(() => own.app);
      const c = await customerOf(vendor, { openingBalance: 80 });
      const res = await own.app.inject({
        method: 'POST',
        url: `/api/customers/${c._id}/pay-link`,
        headers: { authorization: `Bearer ${vendor}`, origin: 'https://elsewhere.example' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as PayLinkResponse).url).toMatch(/^https:\/\/shop\.nammakadai\.example\/pay\/[A-Za-z0-9_-]{43}$/);
    } finally {
      await own.close();
    }
  });
});
