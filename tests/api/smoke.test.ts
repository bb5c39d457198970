import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, login, type TestContext, codedBody } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('foundation', () => {
  it('signs in each demo role and reports it', async () => {
    for (const [phone, role] of [
      [DEMO.admin, 'admin'],
      [DEMO.vendor, 'vendor'],
      [DEMO.customer, 'user'],
      [DEMO.delivery, 'delivery'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/users/auth', payload: { phone, password: DEMO.password } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role, phone });
      expect(res.json().token).toMatch(/^[\w-]{40,}$/);
    }
  });

  it('keeps admin data from a customer', async () => {
    const token = await login(ctx.app, DEMO.customer);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(codedBody('forbidden'));
  });

  it('answers 401 before validating the body', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/profile', payload: { junk: true } });
    expect(res.statusCode).toBe(401);
  });
});
