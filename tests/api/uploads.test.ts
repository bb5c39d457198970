import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let dataDir: string;
let vendor: Record<string, string>;
let admin: Record<string, string>;

// A real 1x1 PNG, a minimal JPEG header and a minimal WebP (VP8L) file.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

function multipart(content: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = '----vitestboundary' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (headers: Record<string, string>, content: Buffer, filename = 'x.png', contentType = 'image/png', field = 'file') => {
  const m = multipart(content, filename, contentType, field);
  return ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, ...m.headers }, payload: m.payload });
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
  ctx = await createTestApp({ dataDir });
  vendor = bearer(await login(ctx.app, DEMO.vendor));
  admin = bearer(await login(ctx.app, DEMO.admin));
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('image uploads', () => {
  it('accepts a real PNG, stores it by content and serves it back with a long cache', async () => {
    const res = await upload(vendor, PNG, 'photo.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const { secure_url, url } = res.json();
    expect(secure_url).toMatch(/^\/api\/uploads\/[a-f0-9]{64}\.png$/);
    expect(url).toBe(secure_url);
    const name = secure_url.split('/').pop();
    expect(fs.readFileSync(path.join(dataDir, 'uploads', name))).toEqual(PNG);

    const again = await upload(admin, PNG, 'another-name.jpg', 'image/jpeg');
    expect(again.json().secure_url).toBe(secure_url);
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).filter((f) => !f.startsWith('.'))).toEqual([name]);

    const got = await ctx.app.inject({ method: 'GET', url: secure_url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload).toEqual(PNG);
    const notModified = await ctx.app.inject({ method: 'GET', url: secure_url, headers: { 'if-none-match': got.headers.etag as string } });
    expect(notModified.statusCode).toBe(304);
  });

  it('accepts JPEG and WebP by their bytes, whatever the name says', async () => {
    const jpg = await upload(vendor, JPEG, 'photo.png', 'image/png');
    expect(jpg.statusCode).toBe(201);
    expect(jpg.json().secure_url).toMatch(/\.jpg$/);
    const webp = await upload(vendor, WEBP, 'photo.gif', 'application/octet-stream');
    expect(webp.statusCode).toBe(201);
    expect(webp.json().secure_url).toMatch(/\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: webp.json().secure_url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await ctx.app.inject({ method: 'GET', url: jpg.json().secure_url })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a text file renamed .png, SVG and HTML', async () => {
    for (const [content, name, type] of [
      [Buffer.from('hello, I am text'), 'evil.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'x.webp', 'image/webp'],
    ] as const) {
      const res = await upload(vendor, content, name, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ message: 'Only JPEG, PNG or WebP images are allowed' });
    }
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(6 * 1024 * 1024, 0)]);
    const res = await upload(vendor, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Image is larger than 5 MB' });
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).some((f) => f.startsWith('.tmp'))).toBe(false);
  });

  it('accepts an image just under 5 MB', async () => {
    const nearly = Buffer.concat([JPEG.subarray(0, 6), Buffer.alloc(5 * 1024 * 1024 - 100, 7)]);
    const res = await upload(vendor, nearly, 'big.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
  });

  it('refuses a request without a file field or not multipart', async () => {
    expect((await upload(vendor, PNG, 'x.png', 'image/png', 'other')).statusCode).toBe(400);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: vendor, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('only vendors and admins upload', async () => {
    const customer = bearer(await login(ctx.app, DEMO.customer));
    expect((await upload(customer, PNG)).statusCode).toBe(403);
    const m = multipart(PNG, 'x.png', 'image/png');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: m.headers, payload: m.payload })).statusCode).toBe(401);
  });

  it('answers 404 for unknown or invalid names (no path traversal)', async () => {
    for (const bad of ['0'.repeat(64) + '.png', 'abc.png', '..%2F..%2Fpackage.json', '%2E%2E%2Fetc%2Fpasswd', 'A'.repeat(64) + '.png', 'a'.repeat(64) + '.svg']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/uploads/${bad}` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });
});
