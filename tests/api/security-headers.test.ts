import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

let direct: TestContext;
let proxied: TestContext;
const HSTS = 'max-age=31536000; includeSubDomains';

beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    createTestApp({ trustProxy: false }, { seed: false }),
    createTestApp({ trustProxy: ['127.0.0.1'] }, { seed: false }),
  ]);
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

/** HSTS only for requests that came over TLS, as Fastify tells them (a proxy's header counts only when trusted). */
describe('strict-transport-security', () => {
  it('is not sent over plain http', async () => {
    for (const ctx of [direct, proxied]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('is sent when the trusted proxy says the request came over https', async () => {
    const res = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe(HSTS);
    const notFound = await proxied.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-forwarded-proto': 'https' } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['strict-transport-security']).toBe(HSTS);
  });

  it('is not sent for a client-sent x-forwarded-proto when no proxy is trusted', async () => {
    const res = await direct.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent for x-forwarded-proto from an address that is not the trusted proxy', async () => {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the global CSP on ordinary answers', async () => {
    const res = await direct.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'/);
  });
});

/** API answers hold personal data (orders, addresses, phones): nothing caches them. */
describe('cache-control on API answers', () => {
  it('is no-store on JSON answers and errors, and stays immutable on images', async () => {
    for (const url of ['/api/health', '/api/users/misc/areas', '/api/users/profile', '/api/nothing-here']) {
      const res = await direct.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
