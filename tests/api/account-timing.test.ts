import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { hashPassword } from '../../server/services/accounts/auth.service';
import { createTestApp, type TestContext } from './helpers';

/**
 * Forgot-password and registration must not tell by their timing whether a phone has an account:
 * both kinds of phone get the same work (a look-up, a row written, one SMS). Each phone is used once,
 * so every request does its full work (no SMS cap or rate limit reached). A known and an unknown phone
 * are timed back to back (which goes first alternates), 20 pairs: the median of the pairs' differences
 * must stay under 25% of the median time and under 15 ms. The old forgot-password (code, row and SMS
 * only for a known phone) measured 65-139% apart (0.8-5 ms on 1-7 ms requests, PGlite and PostgreSQL);
 * registration already did nearly the same work for both and stays a guard. On a busy shared machine a
 * round can be thrown off by load; up to 3 rounds are measured and one within both bounds passes (a
 * real difference, like the old one, fails every round).
 */

const RUNS = 20;
const ROUNDS = 3;
const WARMUP = 3;
/** The median of the pairs' differences must stay under this share of the median time, and under MAX_GAP_MS. */
const MAX_SHARE = 0.25;
const MAX_GAP_MS = 15;

let ctx: TestContext;
let seq = 0;
const phone = (prefix: string) => `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(5, '0')}`;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** Accounts made straight in the database (one password hash for all). */
async function accounts(n: number): Promise<string[]> {
  const passwordHash = await hashPassword('Known@123');
  const phones = Array.from({ length: n }, () => phone('81'));
  await ctx.handle.db
    .insertInto('users')
    .values(
      phones.map((p) => ({
        id: newId(),
        name: 'Known',
        phone: p,
        role: 'user' as const,
        password_hash: passwordHash,
        addresses: '[]',
        email: null,
        gst_number: null,
        shop_name: null,
        commission_percentage: 0,
      })),
    )
    .execute();
  return phones;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

async function timed(send: (phone: string) => Promise<{ statusCode: number }>, phone: string, status: number) {
  const t0 = performance.now();
  const res = await send(phone);
  const ms = performance.now() - t0;
  expect(res.statusCode).toBe(status);
  return ms;
}

/** Times `send` for known and unknown phones, alternating which goes first; answers both medians. */
async function compare(send: (phone: string) => Promise<{ statusCode: number }>, status: number) {
  const known = await accounts(RUNS + WARMUP);
  const unknown = Array.from({ length: RUNS + WARMUP }, () => phone('82'));
  const k: number[] = [];
  const u: number[] = [];
  for (let i = 0; i < RUNS + WARMUP; i++) {
    let kt: number;
    let ut: number;
    if (i % 2 === 0) {
      kt = await timed(send, known[i], status);
      ut = await timed(send, unknown[i], status);
    } else {
      ut = await timed(send, unknown[i], status);
      kt = await timed(send, known[i], status);
    }
    if (i >= WARMUP) {
      k.push(kt);
      u.push(ut);
    }
  }
  // Each pair ran back to back under the same load: the median of the pairs' differences is the gap.
  const gap = Math.abs(median(k.map((x, i) => x - u[i])));
  const result = { known: median(k), unknown: median(u), gap, share: gap / median([...k, ...u]) };
  console.log(
    `timing: medians known ${result.known.toFixed(2)} ms, unknown ${result.unknown.toFixed(2)} ms; median difference ${gap.toFixed(2)} ms (${(result.share * 100).toFixed(0)}%)`,
  );
  return result;
}

/** Up to ROUNDS rounds of `compare`, until one is within both bounds; answers the last one. */
async function measure(send: (phone: string) => Promise<{ statusCode: number }>, status: number) {
  let r = await compare(send, status);
  for (let round = 2; round <= ROUNDS && !(r.gap < MAX_GAP_MS && r.share < MAX_SHARE); round++) r = await compare(send, status);
  return r;
}

describe('the same time for a phone with and without an account', () => {
  it(`POST /api/users/forgot-password: medians of ${RUNS} within ${MAX_SHARE * 100}% and ${MAX_GAP_MS} ms`, async () => {
    const r = await measure((p) => ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { phone: p } }), 200);
    expect(r.gap).toBeLessThan(MAX_GAP_MS);
    expect(r.share).toBeLessThan(MAX_SHARE);
  });

  it(`POST /api/users (register): medians of ${RUNS} within ${MAX_SHARE * 100}% and ${MAX_GAP_MS} ms`, async () => {
    const body = (p: string) => ({
      name: 'Timing',
      phone: p,
      password: 'Timing@123',
      address: { address: '1 Road', city: 'Chennai', pincode: '600020', phoneNumber: '', area: 'Adyar' },
    });
    const r = await measure((p) => ctx.app.inject({ method: 'POST', url: '/api/users', payload: body(p) }), 202);
    expect(r.gap).toBeLessThan(MAX_GAP_MS);
    expect(r.share).toBeLessThan(MAX_SHARE);
  });
});
