import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorProductDto } from '../../core/schemas/product';
import { assertPublicEndpoint, isPublicAddress } from '../../server/lib/push-endpoint';
import { createTestApp, DEMO, login, type TestContext, tokenRequests } from './helpers';
import { userId } from '../support/db-builders';
import { pollUntil } from '../support/poll';

/**
 * Web Push and the live event stream on one app (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * pushes are posted to a local test server (PUSH_ALLOW_LOCAL) that decrypts them as a browser would
 * (RFC 8291, aes128gcm); the stream is read over real HTTP from the listening app.
 */

let ctx: TestContext;
const { call, ok, placeOrder } = tokenRequests(() => ctx.app);
let base: string;
let vendor: string, vendor2: string, customer: string, delivery: string;
let vendorId: string;
/** A product of the demo vendor with stock enough for every order of this file. */
let productId: string;

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
let pushServer: http.Server;
let pushBase: string;
/** Paths the test push service answers 410 Gone for (an expired subscription). */
const gone = new Set<string>();

/** A browser's push subscription keys: the P-256 key pair and the auth secret. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** Decrypts an aes128gcm Web Push body (RFC 8188 + RFC 8291) as the browser holding `keys` would. */
function decrypt(body: Buffer, k: ReturnType<typeof browserKeys>): unknown {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const senderPublic = body.subarray(21, 21 + idlen);
  const secret = k.ecdh.computeSecret(senderPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), k.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, k.auth, info, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const record = body.subarray(21 + idlen);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  const end = plain.lastIndexOf(2); // the last record's padding delimiter
  return JSON.parse(plain.subarray(0, end).toString('utf8'));
}

/** Waits (polling, up to `ms`) until `check` answers something truthy. */
const until = async <T>(check: () => T | Promise<T>, ms = 5000) =>
  (await pollUntil(check, (v) => !!v, { timeoutMs: ms })) as NonNullable<T>;

/** An open event stream read over HTTP: the events so far, and `close`. */
async function openStream(token: string) {
  const { ticket } = await ok('POST', '/api/events/ticket', token);
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events?ticket=${ticket}`, { signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(res.headers.get('content-encoding')).toBeNull();
  const events: Array<{ orderId: string; kind: string; status: string; area: string }> = [];
  let text = '';
  const reader = res.body!.getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += Buffer.from(value).toString('utf8');
        let cut: number;
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          const data = /^data: (.*)$/m.exec(block);
          if (/^event: order$/m.test(block) && data) events.push(JSON.parse(data[1]));
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { ticket, events, close: () => controller.abort() };
}

beforeAll(async () => {
  pushServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = gone.has(req.url ?? '') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((r) => pushServer.listen(0, '127.0.0.1', r));
  pushBase = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
  ctx = await createTestApp({
    push: { subject: 'mailto:test@example.com', allowLocal: true },
    rateLimits: { orders: { max: 1000, windowMs: 60_000 } },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  [vendor, vendor2, customer, delivery] = await Promise.all(
    [DEMO.vendor, DEMO.vendor2, DEMO.customer, DEMO.delivery].map((p) => login(ctx.app, p)),
  );
  vendorId = await userId(ctx.handle.db, DEMO.vendor);
  const own = (await ok('GET', '/api/products/products', vendor)) as VendorProductDto[];
  productId = own.find((p) => p.isActive && p.countInStock > 20)!._id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise((r) => pushServer?.close(r));
});

describe('Web Push', () => {
  it('sends the vendor and the riders of the area an encrypted aes128gcm push with a VAPID header for a new order', async () => {
    // the demo data's own orders went through the outbox when the app started (no one was subscribed)
    await until(async () => (await ctx.handle.db.selectFrom('push_outbox').select('id').execute()).length === 0);
    await ctx.app.services.push.idle();
    const { publicKey } = await ok('GET', '/api/push/public-key', vendor);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // the same key pair however often it is asked for, from the database
    expect((await ok('GET', '/api/push/public-key', customer)).publicKey).toBe(publicKey);
    const vendorKeys = browserKeys();
    const riderKeys = browserKeys();
    const otherRider = browserKeys();
    await ok('POST', '/api/push/subscriptions', vendor, { endpoint: `${pushBase}/vendor`, keys: vendorKeys.keys }, 201);
    await ok('POST', '/api/push/subscriptions', delivery, { endpoint: `${pushBase}/rider`, keys: riderKeys.keys, areas: ['adyar'] }, 201);
    await ok(
      'POST',
      '/api/push/subscriptions',
      delivery,
      { endpoint: `${pushBase}/rider-far`, keys: otherRider.keys, areas: ['Madurai'] },
      201,
    );
    received.length = 0;

    const [{ _id: orderId }] = await placeOrder(customer, [{ productId }], { area: 'Adyar' });
    const toVendor = await until(() => received.find((r) => r.path === '/vendor'));
    expect(toVendor.headers['content-encoding']).toBe('aes128gcm');
    expect(toVendor.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(Number(toVendor.headers.ttl)).toBeGreaterThan(0);
    expect(decrypt(toVendor.body, vendorKeys)).toMatchObject({
      orderId,
      url: `/vendor/orders/${orderId}`,
      title: expect.stringMatching(/^New order #\d+$/),
    });
    const toRider = await until(() => received.find((r) => r.path === '/rider'));
    expect(decrypt(toRider.body, riderKeys)).toMatchObject({ orderId, url: '/orders-by-area/Adyar', title: 'New order in Adyar' });
    // sent once each, and not to the rider following another area: once the outbox is drained, all is sent
    await ctx.app.services.push.drain();
    expect(received.map((r) => r.path).sort()).toEqual(['/rider', '/vendor']);
    expect(await ctx.handle.db.selectFrom('push_outbox').select('id').execute()).toEqual([]);
  });

  it('tells the customer in Tamil when the order is delivered or deleted by the shop, not when they delete it themselves', async () => {
    const keys = browserKeys();
    await ok('PUT', '/api/users/profile', customer, { language: 'ta' });
    await ok('POST', '/api/push/subscriptions', customer, { endpoint: `${pushBase}/customer`, keys: keys.keys }, 201);
    const [{ _id: delivered }] = await placeOrder(customer, [{ productId }]);
    const [{ _id: deleted }] = await placeOrder(customer, [{ productId }]);
    const [{ _id: own }] = await placeOrder(customer, [{ productId }]);
    received.length = 0;
    await ok('PUT', '/api/Orders/mark-delivered', vendor, { orderId: delivered });
    await ok('DELETE', `/api/Orders/orders/${deleted}`, vendor);
    await ok('DELETE', `/api/Orders/orders/${own}`, customer);
    await until(() => received.filter((r) => r.path === '/customer').length >= 2);
    // nothing more to come: the outbox drained means every queued push was sent
    await ctx.app.services.push.drain();
    const toCustomer = received.filter((r) => r.path === '/customer').map((r) => decrypt(r.body, keys));
    expect(toCustomer).toEqual([
      expect.objectContaining({ orderId: delivered, url: `/order/${delivered}`, title: expect.stringContaining('டெலிவரி செய்யப்பட்டது') }),
      expect.objectContaining({ orderId: deleted, url: '/my-orders', title: expect.stringContaining('ரத்து') }),
    ]);
    await ok('PUT', '/api/users/profile', customer, { language: 'en' });
  });

  it('removes a subscription the push service answers 410 Gone for, and a device on logout', async () => {
    const keys = browserKeys();
    gone.add('/expired');
    await ok('POST', '/api/push/subscriptions', vendor, { endpoint: `${pushBase}/expired`, keys: keys.keys }, 201);
    await placeOrder(customer, [{ productId }]);
    await until(() => received.some((r) => r.path === '/expired'));
    await until(
      async () =>
        !(await ctx.handle.db
          .selectFrom('push_subscriptions')
          .select('id')
          .where('endpoint', '=', `${pushBase}/expired`)
          .executeTakeFirst()),
    );

    // another person's endpoint is not theirs to remove; their own is
    await ok('DELETE', '/api/push/subscriptions', vendor2, { endpoint: `${pushBase}/vendor` });
    const subs = () => ctx.handle.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', vendorId).execute();
    expect((await subs()).map((s) => s.endpoint)).toContain(`${pushBase}/vendor`);
    await ok('DELETE', '/api/push/subscriptions', vendor, { endpoint: `${pushBase}/vendor` });
    expect((await subs()).map((s) => s.endpoint)).not.toContain(`${pushBase}/vendor`);
  });

  it('refuses endpoints that are not https on a public host, literal or after DNS', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      'ff02::1',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['8.8.8.8', '142.250.183.10', '2607:f8b0:4004:800::200e', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
    const refusedEndpoints = [
      'http://8.8.8.8/push',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://10.0.0.1/push',
      'https://169.254.169.254/latest',
      'https://localhost/push', // resolves to loopback
      'https://user:pw@8.8.8.8/push',
      'not a url',
    ];
    for (const e of refusedEndpoints) await expect(assertPublicEndpoint(e, false), e).rejects.toMatchObject({ statusCode: 400 });
    await expect(assertPublicEndpoint('https://8.8.8.8/push', false)).resolves.toBeInstanceOf(URL);
    // through the route: refused with its coded message, nothing saved (the test app allows local http, not other schemes)
    const res = await call('POST', '/api/push/subscriptions', vendor, { endpoint: 'ftp://8.8.8.8/x', keys: browserKeys().keys });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('pushEndpointRefused');
  });
});

describe('live order events (GET /api/events)', () => {
  it('streams a new order to its vendor, the riders and its customer within 2 s, not to another vendor', async () => {
    const [v, v2, d, c] = await Promise.all([openStream(vendor), openStream(vendor2), openStream(delivery), openStream(customer)]);
    try {
      const started = Date.now();
      const [{ _id: orderId }] = await placeOrder(customer, [{ productId }]);
      for (const s of [v, d, c]) await until(() => s.events.find((e) => e.orderId === orderId && e.kind === 'created'), 2000);
      expect(Date.now() - started).toBeLessThan(2000 + 1000);
      expect(v.events.find((e) => e.orderId === orderId)).toEqual({
        orderId,
        kind: 'created',
        status: 'Pending',
        area: 'Adyar',
        isShop: false,
      });
      await ok('PUT', '/api/Orders/mark-delivered', vendor, { orderId });
      await until(() => v.events.find((e) => e.orderId === orderId && e.kind === 'status' && e.status === 'Delivered'), 2000);
      expect(v2.events.filter((e) => e.orderId === orderId)).toEqual([]);
    } finally {
      for (const s of [v, v2, d, c]) s.close();
    }
  });

  it('opens only with a valid ticket, once', async () => {
    const { ticket } = await ok('POST', '/api/events/ticket', vendor);
    const first = await fetch(`${base}/api/events?ticket=${ticket}`);
    expect(first.status).toBe(200);
    await first.body?.cancel();
    const again = await fetch(`${base}/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'eventTicketInvalid' });
    // an expired ticket
    const { ticket: old } = await ok('POST', '/api/events/ticket', vendor);
    await ctx.handle.db
      .updateTable('event_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await fetch(`${base}/api/events?ticket=${old}`)).status).toBe(401);
    expect((await call('POST', '/api/events/ticket', null)).statusCode).toBe(401);
  });

  it('ends open streams when the app stops (its shutdown does not wait on them)', async () => {
    const { ticket } = await ok('POST', '/api/events/ticket', vendor);
    const res = await fetch(`${base}/api/events?ticket=${ticket}`);
    const reader = res.body!.getReader();
    await reader.read(); // the opening comment
    ctx.app.services.live.endStreams();
    const end = await Promise.race([reader.read().then((r) => r.done), new Promise((r) => setTimeout(() => r('still open'), 2000))]);
    expect(end).toBe(true);
  });
});
