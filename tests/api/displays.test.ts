import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_CODE_ALPHABET, DISPLAY_CODE_LENGTH } from '../../core/display';
import { DISPLAY_LIMITS, type DisplayMessage, type DisplayStatusEvent } from '../../core/schemas/display';
import { codedBody, createTestApp, tokenRequests, type TestContext } from './helpers';
import { insertUser, makeProduct, makeShelf, sessionFor } from '../support/db-builders';
import { displayLine, displayMessage } from '../support/display-bodies';
import {
  razorpayAccount,
  settingsBody,
  simulatorPayments,
  startRazorpaySimulator,
  type RazorpaySimulator,
} from '../support/razorpay-simulator';
import { openSse } from '../support/sse-stream';

/**
 * Customer displays (server/services/live/displays.service.ts): a tablet's pairing code (single use, ten
 * minutes), the till's bill relayed through the database's NOTIFY to the paired display of that shop and
 * till only, a sale paid reaching its shop's displays, the body's limits and the public routes' rate limits.
 * Streams are read over real HTTP from the listening app. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let ctx: TestContext;
let sim: RazorpaySimulator;
let base: string;
const db = () => ctx.handle.db;
const {
  call,
  sale,
  newDisplay,
  pairDisplay,
  pairedDisplay,
  displayState,
  registerTill,
  addStaff,
  paymentSettings,
  upiQr,
  razorpayWebhook,
} = tokenRequests(() => ctx.app);

/** Two shops with a product each; shop A has a Razorpay account at the simulator. */
const shops = {} as Record<'a' | 'b', { id: string; token: string; productId: string }>;
const account = razorpayAccount();

/** A display's open stream (a ticket for its token first). */
async function streamOf(token: string) {
  const ticket = await call('POST', '/api/displays/ticket', null, { token });
  expect(ticket.statusCode, ticket.body).toBe(200);
  const stream = await openSse(`${base}/api/displays/stream?ticket=${ticket.json().ticket}`);
  expect(stream.status).toBe(200);
  return stream;
}

beforeAll(async () => {
  sim = await startRazorpaySimulator({ accounts: [account] });
  // codes entered from one address by many shops here: the limit has its own test below
  ctx = await createTestApp({
    payments: simulatorPayments(sim, randomBytes(32).toString('hex')),
    rateLimits: { displayPairs: { max: 1000, windowMs: 60_000 } },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const shelf = await makeShelf(db());
  for (const [key, name] of [
    ['a', 'Anbu Stores'],
    ['b', 'Bharathi Stores'],
  ] as const) {
    const id = await insertUser(db(), { name: `${name} owner`, role: 'vendor', shopName: name });
    shops[key] = {
      id,
      token: await sessionFor(db(), id),
      productId: await makeProduct(db(), { vendorId: id, shelf, shopPrice: 45.5, stock: 100 }),
    };
  }
  await paymentSettings(shops.a.token, settingsBody(account));
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

describe('pairing a display (POST /api/displays, /pair)', () => {
  it('gives a tablet a short code from the easy-to-read alphabet and a token, and nothing of any shop', async () => {
    const res = await call('POST', '/api/displays', null);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'expiresAt', 'token']);
    expect(body.code).toHaveLength(DISPLAY_CODE_LENGTH);
    expect([...body.code].every((c: string) => DISPLAY_CODE_ALPHABET.includes(c))).toBe(true);
    const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    // kept hashed: the row holds neither the code nor the token
    const rows = JSON.stringify(await db().selectFrom('customer_displays').selectAll().execute());
    expect(rows).not.toContain(body.code);
    expect(rows).not.toContain(body.token);
  });

  it('pairs with the code as read (any case, a space between the groups); the code is spent', async () => {
    const display = await newDisplay();
    const typed = `${display.code.slice(0, 3).toLowerCase()} ${display.code.slice(3)}`;
    const paired = await pairDisplay(shops.a.token, typed);
    expect(paired.statusCode, paired.body).toBe(200);
    expect(paired.json()).toMatchObject({ ...codedBody('displayPaired'), deviceId: null, pairedBy: 'Anbu Stores owner' });
    const listed = await call('GET', '/api/displays', shops.a.token);
    expect(listed.json().map((d: { _id: string }) => d._id)).toContain(paired.json()._id);
    // the other shop does not see it, and cannot unpair it
    expect((await call('GET', '/api/displays', shops.b.token)).json().map((d: { _id: string }) => d._id)).not.toContain(paired.json()._id);
    expect((await call('DELETE', `/api/displays/${paired.json()._id}`, shops.b.token)).statusCode).toBe(404);

    const again = await pairDisplay(shops.b.token, display.code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(codedBody('displayCodeInvalid'));
    const row = await db().selectFrom('customer_displays').select('shop_id').where('id', '=', paired.json()._id).executeTakeFirstOrThrow();
    expect(row.shop_id).toBe(shops.a.id);
  });

  it('refuses a wrong code and an expired one with the same answer, and pairs nothing', async () => {
    const display = await newDisplay();
    const wrong = display.code.slice(0, 5) + (display.code[5] === 'A' ? 'B' : 'A');
    const refused = await pairDisplay(shops.a.token, wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(codedBody('displayCodeInvalid'));

    const old = await newDisplay();
    await db()
      .updateTable('customer_displays')
      .set({ code_expires_at: new Date(Date.now() - 1000) })
      .where('shop_id', 'is', null)
      .where('code_expires_at', '>', new Date())
      .execute();
    const expired = await pairDisplay(shops.a.token, old.code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(codedBody('displayCodeInvalid'));
    // an expired display's token opens no stream: the tablet asks for a new code
    expect((await call('POST', '/api/displays/ticket', null, { token: old.token })).statusCode).toBe(401);
    for (const body of [{ code: 'AB' }, { code: display.code, shop: shops.a.id }, { code: 12 }]) {
      const bad = await call('POST', '/api/displays/pair', shops.a.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("pairs with one of the shop's own tills only", async () => {
    const theirs = await registerTill(shops.b.token);
    const display = await newDisplay();
    const refused = await pairDisplay(shops.a.token, display.code, theirs._id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(codedBody('deviceNotFound'));
    // the code is still good for the right till
    const own = await registerTill(shops.a.token);
    const paired = await pairDisplay(shops.a.token, display.code, own._id);
    expect(paired.statusCode, paired.body).toBe(200);
    expect(paired.json()).toMatchObject({ deviceId: own._id, deviceName: own.name });
  });
});

describe("the till's bill on its display (PUT /api/displays/state, GET /api/displays/stream)", () => {
  it("reaches the display paired with that shop and till, and no other shop's or till's display", async () => {
    // shop A's counter (no till) has only this display
    for (const d of (await call('GET', '/api/displays', shops.a.token)).json() as Array<{ _id: string; deviceId: string | null }>)
      if (!d.deviceId) expect((await call('DELETE', `/api/displays/${d._id}`, shops.a.token)).statusCode).toBe(200);
    const till = await registerTill(shops.a.token);
    const counter = await pairedDisplay(shops.a.token);
    const atTill = await pairedDisplay(shops.a.token, till._id);
    const other = await pairedDisplay(shops.b.token);
    const [sCounter, sTill, sOther] = [await streamOf(counter.token), await streamOf(atTill.token), await streamOf(other.token)];
    try {
      expect(await sCounter.next<DisplayStatusEvent>('display')).toEqual({ paired: true, shop: 'Anbu Stores' });
      expect(await sOther.next<DisplayStatusEvent>('display')).toEqual({ paired: true, shop: 'Bharathi Stores' });

      const bill = displayMessage({
        lines: [displayLine(), displayLine({ name: 'Toor dal', nameTa: 'துவரம் பருப்பு', qty: 1, amount: 140 })],
        total: 276,
      });
      const sent = await displayState(shops.a.token, bill);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ displays: 1 });
      expect(await sCounter.next<DisplayMessage>('state')).toEqual(bill);

      const tillBill = displayMessage({
        total: 45.5,
        lines: [displayLine({ name: 'Soap', nameTa: '', qty: 1, unit: 'piece', amount: 45.5 })],
      });
      expect((await displayState(shops.a.token, { ...tillBill, deviceId: till._id })).json()).toEqual({ displays: 1 });
      expect(await sTill.next<DisplayMessage>('state')).toEqual(tillBill);

      // another shop naming shop A's till reaches nothing; its own bill reaches its own display only
      expect((await displayState(shops.b.token, { ...displayMessage({ total: 1 }), deviceId: till._id })).json()).toEqual({ displays: 0 });
      const theirs = displayMessage({ shop: 'Bharathi Stores', total: 90 });
      expect((await displayState(shops.b.token, theirs)).json()).toEqual({ displays: 1 });
      expect(await sOther.next<DisplayMessage>('state')).toEqual(theirs);

      // a staff member at the counter sends for the shop too
      const cashier = await addStaff(shops.a.token, 'cashier');
      const fromCashier = displayMessage({ total: 12 });
      expect((await displayState(cashier.token, fromCashier)).json()).toEqual({ displays: 1 });
      expect(await sCounter.next<DisplayMessage>('state', (m) => m.seq === fromCashier.seq)).toEqual(fromCashier);

      const states = (s: typeof sCounter) => s.events.filter((e) => e.event === 'state').map((e) => (e.data as DisplayMessage).bill.total);
      expect(states(sCounter)).toEqual([276, 12]);
      expect(states(sTill)).toEqual([45.5]);
      expect(states(sOther)).toEqual([90]);
    } finally {
      for (const s of [sCounter, sTill, sOther]) s.close();
    }
  });

  it('keeps the newest bill: an older one is not relayed, and a display that reconnects gets the newest at once', async () => {
    const display = await pairedDisplay(shops.a.token, (await registerTill(shops.a.token))._id);
    const deviceId = (await db().selectFrom('customer_displays').select('device_id').where('id', '=', display.id).executeTakeFirstOrThrow())
      .device_id!;
    const newer = displayMessage({ total: 300 });
    const older = displayMessage({ total: 200 }, newer.seq - 5);
    expect((await displayState(shops.a.token, { ...newer, deviceId })).json()).toEqual({ displays: 1 });
    expect((await displayState(shops.a.token, { ...older, deviceId })).json()).toEqual({ displays: 1 });
    const stream = await streamOf(display.token);
    try {
      expect(await stream.next<DisplayMessage>('state')).toEqual(newer);
      expect(stream.events.filter((e) => e.event === 'state')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('tells a display waiting for its code when it is paired, and one unpaired that it is no longer', async () => {
    const display = await newDisplay();
    const stream = await streamOf(display.token);
    try {
      expect(await stream.next<DisplayStatusEvent>('display')).toEqual({ paired: false, shop: null });
      const paired = await pairDisplay(shops.b.token, display.code);
      expect(paired.statusCode).toBe(200);
      expect(await stream.next<DisplayStatusEvent>('display', (e) => e.paired)).toEqual({ paired: true, shop: 'Bharathi Stores' });

      const gone = await call('DELETE', `/api/displays/${paired.json()._id}`, shops.b.token);
      expect(gone.json()).toEqual(codedBody('displayUnpaired'));
      await stream.next<DisplayStatusEvent>('display', (e) => !e.paired, 3000, 2);
      await expect.poll(() => stream.ended()).toBe(true);
      const ticket = await call('POST', '/api/displays/ticket', null, { token: display.token });
      expect(ticket.statusCode).toBe(401);
      expect(ticket.json()).toEqual(codedBody('displayTokenInvalid'));
    } finally {
      stream.close();
    }
  });

  it('opens a stream with a ticket once, and with no made-up ticket or token', async () => {
    const display = await pairedDisplay(shops.a.token);
    const { ticket } = (await call('POST', '/api/displays/ticket', null, { token: display.token })).json();
    const first = await openSse(`${base}/api/displays/stream?ticket=${ticket}`);
    first.close();
    for (const url of [`/api/displays/stream?ticket=${ticket}`, '/api/displays/stream?ticket=made-up']) {
      const res = await call('GET', url, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(codedBody('displayTokenInvalid'));
    }
    expect((await call('POST', '/api/displays/ticket', null, { token: 'made-up' })).statusCode).toBe(401);
  });

  it("shows a sale the provider confirmed as paid on its shop's displays only", async () => {
    const own = await pairedDisplay(shops.a.token);
    const other = await pairedDisplay(shops.b.token);
    const [sOwn, sOther] = [await streamOf(own.token), await streamOf(other.token)];
    try {
      await sOwn.next('display');
      await sOther.next('display');
      const order = await sale(shops.a.token, [{ productId: shops.a.productId, quantity: 1 }], { paymentMethod: 'upi' });
      const qr = await upiQr(shops.a.token, order._id);
      expect(qr.statusCode, qr.body).toBe(200);
      const hook = await sim.pay(qr.json().qrId, { deliver: false });
      expect((await razorpayWebhook(hook)).statusCode).toBe(200);
      expect(await sOwn.next('payment')).toEqual({ orderId: order._id });
      // shop B's display is served by the same process and hears its own shop only
      const theirs = displayMessage({ total: 5 });
      await displayState(shops.b.token, theirs);
      await sOther.next('state');
      expect(sOther.events.some((e) => e.event === 'payment')).toBe(false);
    } finally {
      sOwn.close();
      sOther.close();
    }
  });
});

describe('what a bill may hold (PUT /api/displays/state)', () => {
  it('refuses a body over its limits or outside its strict schema, and relays nothing', async () => {
    const display = await pairedDisplay(shops.b.token);
    const stream = await streamOf(display.token);
    try {
      const tooMany = displayMessage({ lines: Array.from({ length: DISPLAY_LIMITS.lines + 1 }, () => displayLine()) });
      const bad = [
        tooMany,
        displayMessage({ lines: [displayLine({ name: 'x'.repeat(DISPLAY_LIMITS.name + 1) })] }),
        displayMessage({ payment: { method: 'upi', upiUri: 'javascript:alert(1)' } }),
        displayMessage({ total: -1 }),
        { ...displayMessage(), shopId: shops.a.id },
        { ...displayMessage(), bill: { ...displayMessage().bill, extra: 1 } },
        { seq: 0, bill: displayMessage().bill },
      ];
      for (const body of bad) {
        const res = await displayState(shops.b.token, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
        expect(typeof res.json().code).toBe('string');
      }
      const huge = JSON.stringify({ ...displayMessage(), padding: 'x'.repeat(DISPLAY_LIMITS.bodyBytes) });
      expect((await displayState(shops.b.token, huge)).statusCode).toBe(413);
      // the largest bill that fits: 40 long Tamil lines
      const longest = displayMessage({
        lines: Array.from({ length: DISPLAY_LIMITS.lines }, () => displayLine({ name: 'R'.repeat(60), nameTa: 'அ'.repeat(60) })),
      });
      expect(JSON.stringify(longest).length).toBeLessThan(DISPLAY_LIMITS.bodyBytes);
      expect((await displayState(shops.b.token, longest)).statusCode).toBe(200);
      expect((await stream.next<DisplayMessage>('state')).seq).toBe(longest.seq);
      expect(stream.events.filter((e) => e.event === 'state')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });
});

describe('rate limits of the public routes', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { displays: { max: 3, windowMs: 60_000 }, displayPairs: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(async () => limited?.close());

  it('limits new codes and tickets per address, and codes entered per shop', async () => {
    const post = (url: string, payload?: object, token?: string) =>
      limited.app.inject({
        method: 'POST',
        url,
        ...(payload ? { payload } : {}),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const first = await post('/api/displays');
    expect(first.statusCode).toBe(201);
    expect((await post('/api/displays')).statusCode).toBe(201);
    expect((await post('/api/displays/ticket', { token: first.json().token })).statusCode).toBe(200);
    const over = await post('/api/displays');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(codedBody('tooManyRequests'));

    const owner = await insertUser(limited.handle.db, { name: 'Guessing owner', role: 'vendor', shopName: 'Guess Stores' });
    const token = await sessionFor(limited.handle.db, owner);
    expect((await post('/api/displays/pair', { code: 'AAAAAA' }, token)).statusCode).toBe(400);
    expect((await post('/api/displays/pair', { code: 'BBBBBB' }, token)).statusCode).toBe(400);
    // the third guess is refused before it is tried, even with the right code
    expect((await post('/api/displays/pair', { code: first.json().code }, token)).statusCode).toBe(429);
  });
});
