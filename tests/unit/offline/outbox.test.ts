import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OfflineDb, openOfflineDb } from '../../../src/offline/db';
import { discardItem, listOutbox, queueRequest, replaceItem } from '../../../src/offline/outbox';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay, replayOutbox, setUserToken, type SyncEvent } from '../../../src/offline/sync';
import { readCache, updateCache, writeCache } from '../../../src/offline/cache';
import type { ShopOrderPayload } from '../../../core/shop-order';
import { MARK_DELIVERED, UNDO_HOLD_MS, UNDO_MS, markDeliveredRequest } from '../../../src/data/mark-delivered';
import { type QueuedShopSale, SHOP_SALE, type ShopSaleDisplay } from '../../../src/features/shop-order/shop-sale';
import { editedShopSaleRequest, shopSaleRequest } from '../../../src/features/shop-order/shop-sale-outbox';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const ORDER1 = 'aaaaaaaa-0000-4000-8000-000000000001';
const ORDER2 = 'aaaaaaaa-0000-4000-8000-000000000002';
const PRODUCT = 'bbbbbbbb-0000-4000-8000-000000000001';

const sale: ShopOrderPayload = {
  isShop: true,
  products: [{ vendorId: A, productId: PRODUCT, price: 100, quantity: 2, discount: 10 }],
  shippingAddress: { address: '1 Bazaar St', city: 'Madurai', pincode: '625001', phoneNumber: '9876543210' },
  paymentStatus: 'Paid',
};

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake server: answers from a script, records every call. */
function fakeFetch(answer: (call: Call, n: number) => Response | 'network') {
  const calls: Call[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)),
    };
    calls.push(call);
    const a = answer(call, calls.length);
    if (a === 'network') throw new TypeError('Failed to fetch');
    return a;
  }) as typeof fetch;
  return { fn, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let db: OfflineDb;
let n = 0;

// What the features queue, through the generic outbox.
const queueMarkDelivered = (userId: string, orderId: string, now: number, d: OfflineDb) =>
  queueRequest(userId, MARK_DELIVERED, markDeliveredRequest(orderId), { now }, d);
const queueShopSale = async (userId: string, payload: ShopOrderPayload, display: ShopSaleDisplay, now: number, d: OfflineDb) =>
  (await queueRequest(userId, SHOP_SALE, ...shopSaleRequest(payload, display, now), d)) as QueuedShopSale;
const noNames: ShopSaleDisplay = { lines: [] };
beforeEach(async () => {
  db = openOfflineDb(`test-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('outbox', () => {
  it('keeps items oldest first and sends them in that order with their own Idempotency-Key', async () => {
    await setUserToken(A, 'token-a', db);
    const first = await queueMarkDelivered(A, ORDER1, 1000, db);
    const second = await queueShopSale(A, sale, noNames, 2000, db);
    const third = await queueMarkDelivered(A, ORDER2, 3000, db);
    expect((await listOutbox(A, db)).map((i) => i.id)).toEqual([first.id, second.id, third.id]);

    const server = fakeFetch(() => json(200, { ok: true }));
    const res = await replayOutbox({ db, fetch: server.fn, now: () => 10_000 });
    expect(res).toMatchObject({ sent: 3, failed: 0, remaining: 0, interrupted: false });
    expect(server.calls.map((c) => c.headers['idempotency-key'])).toEqual([first.id, second.id, third.id]);
    expect(server.calls[0]).toMatchObject({ url: '/api/Orders/mark-delivered', method: 'PUT', body: { orderId: ORDER1 } });
    expect(server.calls[1]).toMatchObject({ url: '/api/Orders', method: 'POST' });
    expect(server.calls[1].headers.authorization).toBe('Bearer token-a');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.sent.get(second.id)).toMatchObject({ status: 200 });
  });

  it('a shop order carries its client id as _id and its sale time as createdAt', async () => {
    const saleTime = Date.UTC(2026, 0, 5, 10, 42);
    const item = await queueShopSale(A, sale, { lines: [{ productId: PRODUCT, name: 'Rice' }] }, saleTime, db);
    expect(item.body._id).toBe(item.id);
    expect(item.body.createdAt).toBe('2026-01-05T10:42:00.000Z');
    expect(item.createdAt).toBe(saleTime);
    expect(item.label).toBe('Shop sale ₹190');
    expect(item.display).toEqual({ lines: [{ productId: PRODUCT, name: 'Rice' }] });
  });

  it('Mark Delivered carries the time of the tap (with the device offset), however late it is sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const tapped = Date.parse('2027-03-31T23:59:30.000+05:30');
      vi.setSystemTime(tapped);
      await setUserToken(A, 'token-a', db);
      await queueRequest(A, MARK_DELIVERED, markDeliveredRequest(ORDER1, true), {}, db);
      // back online the next day
      vi.setSystemTime(tapped + 61_000);
      const server = fakeFetch(() => json(200, {}));
      await replayOutbox({ db, fetch: server.fn });
      const body = server.calls[0].body as { orderId: string; cashCollected: boolean; at: string };
      expect(body).toMatchObject({ orderId: ORDER1, cashCollected: true });
      expect(body.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
      expect(Date.parse(body.at)).toBe(tapped);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not queue Mark Delivered twice for the same order', async () => {
    const a = await queueMarkDelivered(A, ORDER1, 1000, db);
    const b = await queueMarkDelivered(A, ORDER1, 2000, db);
    expect(b.id).toBe(a.id);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('a generic outbox', () => {
  it('replays any kind a feature hands over: its method, path and body, under its own key; display data is not sent', async () => {
    await setUserToken(A, 'token-a', db);
    const item = await queueRequest(
      A,
      'anyKind',
      { method: 'PUT', path: 'Things/42', body: { n: 1 }, label: 'Thing 42', display: { note: 'kept here' } },
      { now: 1000 },
      db,
    );
    expect(item).toMatchObject({ userId: A, kind: 'anyKind', createdAt: 1000, status: 'pending', attempts: 0, label: 'Thing 42' });
    const server = fakeFetch(() => json(200, { ok: 1 }));
    await replayOutbox({ db, fetch: server.fn, now: () => 10_000 });
    expect(server.calls).toEqual([
      { url: '/api/Things/42', method: 'PUT', headers: expect.objectContaining({ 'idempotency-key': item.id }), body: { n: 1 } },
    ]);
    expect(await db.sent.get(item.id)).toMatchObject({ kind: 'anyKind', response: { ok: 1 } });
  });

  it('queues a subject once while it waits, and again once it is sent or refused', async () => {
    await setUserToken(A, 'token-a', db);
    const req = { method: 'PUT' as const, path: 'Things/42', body: {}, label: 'Thing 42', subject: '42' };
    const first = await queueRequest(A, 'anyKind', req, {}, db);
    expect((await queueRequest(A, 'anyKind', req, {}, db)).id).toBe(first.id);
    // another kind, or another user, is another request
    const other = await queueRequest(A, 'otherKind', req, {}, db);
    const b = await queueRequest(B, 'anyKind', req, {}, db);
    expect(new Set([first.id, other.id, b.id]).size).toBe(3);
    await replayOutbox({ db, fetch: fakeFetch(() => json(404, { message: 'gone' })).fn, now: () => 10_000 });
    expect((await queueRequest(A, 'anyKind', req, {}, db)).id).not.toBe(first.id);
  });

  it('replays an item stored by an earlier version of the app (no subject, no parallel) once, on its own', async () => {
    await setUserToken(A, 'token-a', db);
    const id = 'dddddddd-0000-4000-8000-000000000001';
    await db.outbox.add({
      id,
      userId: A,
      kind: 'markDelivered',
      method: 'PUT',
      path: 'Orders/mark-delivered',
      body: { orderId: ORDER1 },
      createdAt: 1000,
      label: 'Order 000001 delivered',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
    });
    const server = fakeFetch(() => json(200, {}));
    await replayOutbox({ db, fetch: server.fn, now: () => 10_000 });
    await replayOutbox({ db, fetch: server.fn, now: () => 20_000, force: true });
    expect(server.calls).toMatchObject([
      { url: '/api/Orders/mark-delivered', headers: { 'idempotency-key': id }, body: { orderId: ORDER1 } },
    ]);
  });

  it('a replacing request never reuses the old key', async () => {
    const item = await queueShopSale(A, sale, noNames, 1000, db);
    await expect(replaceItem(A, item.id, SHOP_SALE, shopSaleRequest(sale, noNames, 1000)[0], { id: item.id }, db)).rejects.toThrow();
    expect((await listOutbox(A, db)).map((i) => i.id)).toEqual([item.id]);
  });
});

describe('backoff', () => {
  it('doubles from 2 s up to 5 min, with jitter within ±25 %', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, mid))).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffDelay(30, mid)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1, () => 0)).toBe(BACKOFF_BASE_MS * 0.75);
    expect(backoffDelay(1, () => 1)).toBe(BACKOFF_BASE_MS * 1.25);
  });

  it('a network failure keeps the item, stops the run and waits out the backoff', async () => {
    await setUserToken(A, 'token-a', db);
    const first = await queueMarkDelivered(A, ORDER1, 1000, db);
    await queueMarkDelivered(A, ORDER2, 2000, db);
    const down = fakeFetch(() => 'network');
    const r1 = await replayOutbox({ db, fetch: down.fn, now: () => 10_000, random: () => 0.5 });
    expect(r1).toMatchObject({ sent: 0, remaining: 2, interrupted: true });
    expect(down.calls).toHaveLength(1); // stopped at the oldest: the second was not tried out of order
    const kept = await db.outbox.where('id').equals(first.id).first();
    expect(kept).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: 12_000, lastStatus: 'network' });

    // Before the backoff ends nothing is sent (not even the second item: oldest first).
    const up = fakeFetch(() => json(200, {}));
    await replayOutbox({ db, fetch: up.fn, now: () => 11_000 });
    expect(up.calls).toHaveLength(0);
    // After it, both go, oldest first.
    await replayOutbox({ db, fetch: up.fn, now: () => 12_000 });
    expect(up.calls.map((c) => (c.body as { orderId: string }).orderId)).toEqual([ORDER1, ORDER2]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a 5xx keeps the item (never deleted on any response) and backs off further each time', async () => {
    await setUserToken(A, 'token-a', db);
    const item = await queueShopSale(A, sale, noNames, 1000, db);
    const broken = fakeFetch(() => json(503, { message: 'Service temporarily unavailable' }));
    await replayOutbox({ db, fetch: broken.fn, now: () => 10_000, random: () => 0.5 });
    await replayOutbox({ db, fetch: broken.fn, now: () => 20_000, random: () => 0.5 });
    const kept = await db.outbox.where('id').equals(item.id).first();
    expect(kept).toMatchObject({
      status: 'pending',
      attempts: 2,
      nextAttemptAt: 24_000,
      lastStatus: 503,
      lastError: 'Service temporarily unavailable',
    });
    // The same key both times: a replay, not a new order.
    expect(new Set(broken.calls.map((c) => c.headers['idempotency-key']))).toEqual(new Set([item.id]));
  });

  it('a 409 (first try still running) waits at least Retry-After', async () => {
    await setUserToken(A, 'token-a', db);
    const item = await queueShopSale(A, sale, noNames, 1000, db);
    const busy = fakeFetch(() => json(409, { message: 'still running' }, { 'retry-after': '30' }));
    await replayOutbox({ db, fetch: busy.fn, now: () => 10_000, random: () => 0.5 });
    expect(await db.outbox.where('id').equals(item.id).first()).toMatchObject({ status: 'pending', nextAttemptAt: 40_000 });
  });

  it('force (online event) ignores the backoff', async () => {
    await setUserToken(A, 'token-a', db);
    await queueMarkDelivered(A, ORDER1, 1000, db);
    await replayOutbox({ db, fetch: fakeFetch(() => 'network').fn, now: () => 10_000 });
    const up = fakeFetch(() => json(200, {}));
    await replayOutbox({ db, fetch: up.fn, now: () => 10_001, force: true });
    expect(up.calls).toHaveLength(1);
  });
});

describe('held items (Mark Delivered with its 5-second undo)', () => {
  it('are never sent during the hold, even forced; undone in it, nothing is sent; after it, sent once', async () => {
    await setUserToken(A, 'token-a', db);
    const held = await queueRequest(A, MARK_DELIVERED, markDeliveredRequest(ORDER1), { now: 1000, holdMs: UNDO_HOLD_MS }, db);
    expect(held.holdUntil).toBe(1000 + UNDO_HOLD_MS);
    // another item of the same user, queued after it and independent, is not held back
    await queueMarkDelivered(A, ORDER2, 1100, db);
    const server = fakeFetch(() => json(200, {}));
    await replayOutbox({ db, fetch: server.fn, now: () => 1000 + UNDO_HOLD_MS - 1, force: true });
    expect(server.calls.map((c) => (c.body as { orderId: string }).orderId)).toEqual([ORDER2]);
    expect(await db.outbox.count()).toBe(1);

    await replayOutbox({ db, fetch: server.fn, now: () => 1000 + UNDO_HOLD_MS });
    expect(server.calls.map((c) => (c.body as { orderId: string }).orderId)).toEqual([ORDER2, ORDER1]);
    expect(await db.outbox.count()).toBe(0);

    // undone within the hold: discarded, and no replay sends it
    const undone = await queueRequest(A, MARK_DELIVERED, markDeliveredRequest(ORDER2), { now: 50_000, holdMs: UNDO_HOLD_MS }, db);
    expect(await discardItem(A, undone.id, db)).toBe(true);
    await replayOutbox({ db, fetch: server.fn, now: () => 60_000, force: true });
    expect(server.calls).toHaveLength(2);
  });

  it('the undo ends before the hold does, so an undo never meets a send on its way', () => {
    expect(UNDO_HOLD_MS).toBeGreaterThan(UNDO_MS);
  });
});

describe('401: sign in again', () => {
  it('keeps the item, forgets the refused token, reports it, and replays with the new token', async () => {
    await setUserToken(A, 'old-token', db);
    const item = await queueMarkDelivered(A, ORDER1, 1000, db);
    const events: SyncEvent[] = [];
    const server = fakeFetch((c) =>
      c.headers.authorization === 'Bearer new-token' ? json(200, { message: 'ok' }) : json(401, { message: 'Not authorized' }),
    );
    const r1 = await replayOutbox({ db, fetch: server.fn, now: () => 10_000, onEvent: (e) => events.push(e) });
    expect(r1).toMatchObject({ sent: 0, remaining: 1, authRequired: [A] });
    expect(await db.auth.get(A)).toBeUndefined();
    expect(events).toContainEqual({ type: 'auth-required', userId: A, waiting: 1 });
    expect(await db.outbox.where('id').equals(item.id).first()).toMatchObject({ status: 'pending', lastStatus: 401 });

    // Without a token nothing is sent.
    await replayOutbox({ db, fetch: server.fn, now: () => 20_000 });
    expect(server.calls).toHaveLength(1);

    await setUserToken(A, 'new-token', db);
    const r2 = await replayOutbox({ db, fetch: server.fn, now: () => 30_000 });
    expect(r2.sent).toBe(1);
    expect(server.calls[1].headers).toMatchObject({ authorization: 'Bearer new-token', 'idempotency-key': item.id });
  });
});

describe('4xx that will not change: Needs attention', () => {
  it('moves the item aside with the server message and goes on with the next', async () => {
    await setUserToken(A, 'token-a', db);
    const gone = await queueMarkDelivered(A, ORDER1, 1000, db);
    const ok = await queueMarkDelivered(A, ORDER2, 2000, db);
    const server = fakeFetch((c) =>
      (c.body as { orderId: string }).orderId === ORDER1 ? json(404, { message: 'Order not found.' }) : json(200, {}),
    );
    const r = await replayOutbox({ db, fetch: server.fn, now: () => 10_000 });
    expect(r).toMatchObject({ sent: 1, failed: 1, remaining: 0 });
    expect(await db.outbox.where('id').equals(gone.id).first()).toMatchObject({
      status: 'failed',
      lastStatus: 404,
      lastError: 'Order not found.',
    });
    expect(await db.outbox.where('id').equals(ok.id).first()).toBeUndefined();
    // Not retried on later runs.
    await replayOutbox({ db, fetch: server.fn, now: () => 999_999, force: true });
    expect(server.calls).toHaveLength(2);
  });

  it('discard removes it; only its owner may', async () => {
    const item = await queueMarkDelivered(A, ORDER1, 1000, db);
    await db.outbox.update(item.seq!, { status: 'failed' });
    expect(await discardItem(B, item.id, db)).toBe(false);
    expect(await db.outbox.count()).toBe(1);
    expect(await discardItem(A, item.id, db)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('edit and resend a refused shop order: a new key and id, the original sale time', async () => {
    await setUserToken(A, 'token-a', db);
    const saleTime = Date.UTC(2026, 0, 5, 10, 42);
    const item = await queueShopSale(A, sale, noNames, saleTime, db);
    await replayOutbox({
      db,
      fetch: fakeFetch(() => json(400, { message: 'Please select valid products with quantity > 0' })).fn,
      now: () => saleTime + 1,
    });
    expect(await db.outbox.where('id').equals(item.id).first()).toMatchObject({
      status: 'failed',
      lastError: 'Please select valid products with quantity > 0',
    });

    const edited = { ...sale, products: [{ ...sale.products[0], quantity: 1, discount: 5 }] };
    const again = (await replaceItem(A, item.id, SHOP_SALE, ...editedShopSaleRequest(item, edited, noNames), db)) as QueuedShopSale;
    expect(again.id).not.toBe(item.id);
    expect(again.body).toMatchObject({ _id: again.id, createdAt: '2026-01-05T10:42:00.000Z', products: [{ quantity: 1 }] });
    expect(again).toMatchObject({ createdAt: saleTime, label: 'Shop sale ₹95' });
    // Only the owner, and only an item of the same kind.
    expect(await replaceItem(B, again.id, SHOP_SALE, ...editedShopSaleRequest(again, edited, noNames), db)).toBeNull();
    expect(await replaceItem(A, again.id, MARK_DELIVERED, markDeliveredRequest(ORDER1), {}, db)).toBeNull();
    expect((await listOutbox(A, db)).map((i) => i.id)).toEqual([again.id]);

    const server = fakeFetch(() => json(201, { _id: again.id }));
    await replayOutbox({ db, fetch: server.fn, now: () => saleTime + 2 });
    expect(server.calls[0].headers['idempotency-key']).toBe(again.id);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('user separation', () => {
  it('sends each item only with its own user token; a user without a token waits', async () => {
    await setUserToken(A, 'token-a', db);
    const a = await queueMarkDelivered(A, ORDER1, 1000, db);
    const b = await queueMarkDelivered(B, ORDER2, 2000, db); // B signed out: no token here
    const server = fakeFetch(() => json(200, {}));
    const r = await replayOutbox({ db, fetch: server.fn, now: () => 10_000 });
    expect(r).toMatchObject({ sent: 1, remaining: 1, authRequired: [B] });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].headers).toMatchObject({ authorization: 'Bearer token-a', 'idempotency-key': a.id });

    await setUserToken(B, 'token-b', db);
    await replayOutbox({ db, fetch: server.fn, now: () => 20_000 });
    expect(server.calls[1].headers).toMatchObject({ authorization: 'Bearer token-b', 'idempotency-key': b.id });
  });

  it("one user's backoff does not hold up another user's items, and lists are per user", async () => {
    await setUserToken(A, 'token-a', db);
    await setUserToken(B, 'token-b', db);
    await queueMarkDelivered(A, ORDER1, 1000, db);
    await queueMarkDelivered(B, ORDER2, 2000, db);
    await db.outbox.where('userId').equals(A).modify({ nextAttemptAt: 50_000 });
    const server = fakeFetch(() => json(200, {}));
    await replayOutbox({ db, fetch: server.fn, now: () => 10_000 });
    expect(server.calls.map((c) => c.headers.authorization)).toEqual(['Bearer token-b']);
    expect((await listOutbox(A, db)).length).toBe(1);
    expect((await listOutbox(B, db)).length).toBe(0);
  });
});

describe('read cache', () => {
  it('saves per user with the time, and updates in place', async () => {
    await writeCache(A, 'vendor-pending-orders', [{ _id: ORDER1 }, { _id: ORDER2 }], 5000, db);
    expect(await readCache(B, 'vendor-pending-orders', db)).toBeNull();
    await updateCache<Array<{ _id: string }>>(A, 'vendor-pending-orders', (v) => v.filter((o) => o._id !== ORDER1), db);
    expect(await readCache(A, 'vendor-pending-orders', db)).toEqual({ value: [{ _id: ORDER2 }], savedAt: 5000 });
  });
});

describe('a delivery sent leaves the saved area lists', () => {
  it("drops the order from the sender's area lists once the server has it, in whichever context replays, keeping their saved time", async () => {
    await setUserToken(A, 'token-a', db);
    await writeCache(A, 'area-orders:Adyar', [{ _id: ORDER1 }, { _id: ORDER2 }], 5000, db);
    await writeCache(A, 'area-orders:Mylapore', [{ _id: ORDER2 }], 5000, db);
    await writeCache(A, 'vendor-pending-orders', [{ _id: ORDER1 }], 5000, db);
    await writeCache(B, 'area-orders:Adyar', [{ _id: ORDER1 }], 5000, db);
    await queueMarkDelivered(A, ORDER1, 1000, db);

    // refused for now: nothing changes
    await replayOutbox({ db, fetch: fakeFetch(() => json(503, {})).fn, now: () => 10_000 });
    expect((await readCache(A, 'area-orders:Adyar', db))!.value).toEqual([{ _id: ORDER1 }, { _id: ORDER2 }]);

    await replayOutbox({ db, fetch: fakeFetch(() => json(200, { ok: true })).fn, now: () => 10_000, force: true });
    expect(await readCache(A, 'area-orders:Adyar', db)).toEqual({ value: [{ _id: ORDER2 }], savedAt: 5000 });
    expect((await readCache(A, 'area-orders:Mylapore', db))!.value).toEqual([{ _id: ORDER2 }]);
    // other names, and another user's lists, are not touched
    expect((await readCache(A, 'vendor-pending-orders', db))!.value).toEqual([{ _id: ORDER1 }]);
    expect((await readCache(B, 'area-orders:Adyar', db))!.value).toEqual([{ _id: ORDER1 }]);
  });
});

describe('replay throughput', () => {
  it('sends Mark Delivered items back-to-back, a few at once, oldest first; a shop sale goes on its own', async () => {
    await setUserToken(A, 'token-a', db);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await queueMarkDelivered(A, `aaaaaaaa-0000-4000-8000-${String(i).padStart(12, '0')}`, 1000 + i, db)).id);
    const shop = await queueShopSale(A, sale, noNames, 5000, db);
    const after = await queueMarkDelivered(A, 'cccccccc-0000-4000-8000-000000000001', 6000, db);
    let inFlight = 0;
    let maxInFlight = 0;
    const starts: string[] = [];
    const inFlightAtStart: Record<string, number> = {};
    const fn = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const key = (init?.headers as Record<string, string>)['idempotency-key'];
      starts.push(key);
      inFlightAtStart[key] = inFlight;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return json(200, {});
    }) as typeof fetch;
    const r = await replayOutbox({ db, fetch: fn, now: () => 10_000 });
    expect(r).toMatchObject({ sent: 14, failed: 0, remaining: 0 });
    expect(starts).toEqual([...ids, shop.id, after.id]); // dispatched oldest first
    expect(inFlightAtStart[ids[0]]).toBe(0); // the first is a probe, alone
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    expect(inFlightAtStart[shop.id]).toBe(0); // nothing else in flight with a shop sale
    expect(inFlightAtStart[after.id]).toBe(0);
  });

  it('a failure with items in flight stops dispatching; what was not sent stays, in order', async () => {
    await setUserToken(A, 'token-a', db);
    for (let i = 0; i < 10; i++) await queueMarkDelivered(A, `aaaaaaaa-0000-4000-8000-${String(i).padStart(12, '0')}`, 1000 + i, db);
    let n = 0;
    const fn = (async () => {
      const k = ++n;
      await new Promise((r) => setTimeout(r, 5));
      if (k === 3) throw new TypeError('Failed to fetch');
      return json(200, {});
    }) as typeof fetch;
    const r = await replayOutbox({ db, fetch: fn, now: () => 10_000, random: () => 0.5 });
    expect(r.interrupted).toBe(true);
    expect(n).toBeLessThanOrEqual(6); // probe + at most one window
    expect(r.sent + r.remaining).toBe(10);
    expect(await db.outbox.count()).toBe(r.remaining);
  });
});
