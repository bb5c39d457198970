import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, DEMO, login, type TestContext } from './helpers';

/** A download's file name carries India's day (Asia/Kolkata, +05:30), not UTC's. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => ctx?.close());

const exportName = async (token: string, format: 'csv' | 'xlsx') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products/export?format=${format}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.headers['content-disposition'];
};

describe('GET /api/products/export', () => {
  it('at 00:10 IST on 1 April (31 March in UTC) the file is named 1 April; at 23:59 IST on 31 March, 31 March', async () => {
    // only Date is fixed: the server's timers and the database run as usual
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-03-31T18:40:00Z') });
    const token = await login(ctx.app, DEMO.vendor);
    expect(await exportName(token, 'csv')).toBe('attachment; filename="products-2027-04-01.csv"');
    expect(await exportName(token, 'xlsx')).toBe('attachment; filename="products-2027-04-01.xlsx"');
    vi.setSystemTime(new Date('2027-03-31T23:59:00+05:30'));
    expect(await exportName(token, 'csv')).toBe('attachment; filename="products-2027-03-31.csv"');
  });
});
