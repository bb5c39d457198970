import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, login, type TestContext, tokenRequests } from './helpers';
import { makeProduct, makeShelf, userId } from '../support/db-builders';

/** API JSON answers are compressed for clients that accept it; images and small answers are not. */

let ctx: TestContext;
let customerToken: string;
let customer: Record<string, string>;
const { checkout } = tokenRequests(() => ctx.app);
let vendor: Record<string, string>;
let productId: string;
let vendorId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const tokens = await Promise.all([DEMO.customer, DEMO.vendor].map((p) => login(ctx.app, p)));
  customerToken = tokens[0];
  [customer, vendor] = tokens.map(bearer);
  vendorId = await userId(ctx.handle.db, DEMO.vendor);
  const shelf = await makeShelf(ctx.handle.db);
  for (let i = 0; i < 12; i++) {
    const id = await makeProduct(ctx.handle.db, {
      vendorId,
      shelf,
      name: `Squeezable Tea ${i}`,
      description: 'A long enough description to make the page weigh a few kilobytes. '.repeat(3),
      shopPrice: 50,
    });
    productId ??= id;
  }
});
afterAll(async () => ctx?.close());

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('compression', () => {
  it('sends a search page as Brotli or gzip, whichever the client takes, with the same JSON', async () => {
    const url = '/api/products/search?keyword=squeezable&pageSize=12';
    const plain = await ctx.app.inject({ method: 'GET', url, headers: customer });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4000);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=0.5, br;q=1', 'br'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { ...customer, 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(encoding, res.rawPayload).toString())).toEqual(plain.json());
    }
    const identity = await ctx.app.inject({ method: 'GET', url, headers: { ...customer, 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers and images as they are, and never decompresses a request body', async () => {
    const small = await ctx.app.inject({ method: 'GET', url: '/api/users/misc/areas', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0'),
      Buffer.alloc(4096, 7),
      Buffer.from([0xff, 0xd9]),
    ]);
    const boundary = `----b${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...vendor, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const image = await ctx.app.inject({ method: 'GET', url: up.json().secure_url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(image.rawPayload, jpeg)).toBe(0);

    const review = zlib.gzipSync(JSON.stringify({ rating: 5, comment: 'zipped' }));
    const zipped = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/reviews`,
      headers: { ...customer, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: review,
    });
    expect(zipped.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}`, headers: customer })).json().numReviews).toBe(0);
  });

  it('replays an idempotent answer as the same JSON, compressed or not', async () => {
    const key = randomUUID();
    const lines = [{ productId, quantity: 1, price: 50, vendorId }];
    const first = await checkout(customerToken, lines, { headers: { 'idempotency-key': key, 'accept-encoding': 'br' } });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await checkout(customerToken, lines, { headers: { 'idempotency-key': key } });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['content-encoding']).toBeUndefined();
    expect(replay.json()).toEqual(JSON.parse(decode(first.headers['content-encoding'] as string | undefined, first.rawPayload).toString()));
  });
});
