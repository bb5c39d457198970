import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installWebEnv } from './web-env';

// Browser storage stand-ins before the stores load (they persist to localStorage).
const env = installWebEnv();

type Session = typeof import('../../../src/stores/session');
type Cart = typeof import('../../../src/stores/cart');
type Db = typeof import('../../../src/offline/db');
type Outbox = typeof import('../../../src/offline/outbox');
type Sync = typeof import('../../../src/offline/sync');
type Cache = typeof import('../../../src/offline/cache');
type DeviceData = typeof import('../../../src/offline/device-data');
type MarkDelivered = typeof import('../../../src/data/mark-delivered');
let session: Session;
let cart: Cart;
let dbm: Db;
let outbox: Outbox;
let sync: Sync;
let cache: Cache;
let device: DeviceData;
let markDelivered: MarkDelivered;
let db: import('../../../src/offline/db').OfflineDb;

const ADDRESS_A = {
  address: '7 Kasturba Nagar 3rd Cross Street',
  city: 'Chennai',
  pincode: '600020',
  phoneNumber: '9876500003',
  area: 'Adyar',
};
const A = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Lakshmi Priya',
  phone: '9876500003',
  role: 'user' as const,
  token: 'token-a',
  addresses: [ADDRESS_A],
};
const B = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Arun Kumar',
  phone: '9123456780',
  role: 'user' as const,
  token: 'token-b',
  addresses: [],
};
/** What of A must not be left on the device once A is signed out. */
const A_TRACES = [A.name, A.phone, 'Kasturba Nagar', A.token, A._id];
const PRECACHE = 'workbox-precache-v2-https://shop.example/';
const ORDER = 'aaaaaaaa-0000-4000-8000-000000000001';

beforeAll(async () => {
  session = await import('../../../src/stores/session');
  (await import('../../../src/offline/user-change')).forgetOthersOnUserChange();
  cart = await import('../../../src/stores/cart');
  dbm = await import('../../../src/offline/db');
  outbox = await import('../../../src/offline/outbox');
  sync = await import('../../../src/offline/sync');
  cache = await import('../../../src/offline/cache');
  device = await import('../../../src/offline/device-data');
  markDelivered = await import('../../../src/data/mark-delivered');
});

/** A Mark Delivered of the user's, queued as order detail queues it. */
const queueMarkDelivered = (userId: string, orderId: string, now: number) =>
  outbox.queueRequest(userId, markDelivered.MARK_DELIVERED, markDelivered.markDeliveredRequest(orderId), { now }, db);

let n = 0;
beforeEach(async () => {
  session.useSession.getState().clear();
  await session.deviceForgotten();
  db = dbm.openOfflineDb(`forget-${++n}`);
  await db.open();
  dbm.setOfflineDb(db);
  env.localStorage.clear();
  env.sessionStorage.clear();
  env.caches.stores.clear();
});

/** Everything the device holds outside the outbox, as one string. */
async function deviceDump() {
  const idb = JSON.stringify([await db.cache.toArray(), await db.sent.toArray(), await db.auth.toArray()]);
  return [env.localStorage.dump(), env.sessionStorage.dump(), env.caches.dump(), idb].join('\n');
}

/** A signs in and uses the device: cart, shipping address, saved screens, a token, a sent answer, an unsent item. */
async function aUsesTheDevice() {
  session.useSession.getState().setCredentials(A);
  await session.deviceForgotten();
  const c = cart.useCart.getState();
  c.addToCart({ _id: 'p1', name: 'Rice', price: 100, discount: 0, qty: 2, countInStock: 9, vendorId: 'v1' });
  c.saveShippingAddress(ADDRESS_A);
  env.localStorage.setItem('mantine-color-scheme-value', 'light');
  env.localStorage.setItem('recent-search', JSON.stringify({ by: A.phone, q: 'rice' }));
  env.sessionStorage.setItem('draft', JSON.stringify({ name: A.name }));
  await cache.writeCache(A._id, `order:${ORDER}`, { _id: ORDER, user: { name: A.name }, shippingAddress: ADDRESS_A }, 1000, db);
  await cache.writeCache('anon', 'catalog:categories', [{ name: 'Rice' }], 1000, db);
  await db.sent.put({ id: 'x1', userId: A._id, kind: 'shopOrder', status: 201, response: { shippingAddress: ADDRESS_A }, sentAt: 1000 });
  await sync.setUserToken(A._id, A.token, db);
  const item = await queueMarkDelivered(A._id, ORDER, 1000);
  env.caches.put(PRECACHE, '/index.html', '<html>');
  env.caches.put('images-v1', '/uploads/rice.jpg', 'jpeg');
  env.caches.put('api-v1', '/api/Orders/my', JSON.stringify([{ shippingAddress: ADDRESS_A }]));
  // (the arrangement really holds A's data)
  for (const t of [A.name, A.phone, 'Kasturba Nagar']) expect(await deviceDump()).toContain(t);
  return item;
}

async function expectNothingOfA() {
  expect(cart.useCart.getState()).toMatchObject({ cartItems: [], shippingAddress: null, ownerId: null, totalPrice: 0 });
  const dump = await deviceDump();
  for (const t of A_TRACES) expect(dump, `device still holds ${t}`).not.toContain(t);
  // the app shell stays (the app opens offline); display settings stay
  expect(await env.caches.keys()).toEqual([PRECACHE]);
  expect(env.localStorage.getItem('mantine-color-scheme-value')).toBe('light');
}

describe('the device forgets a user', () => {
  it('at logout: cart, shipping address, web storage, saved data, tokens and runtime caches; the unsent item stays with A', async () => {
    const item = await aUsesTheDevice();
    session.useSession.getState().clear();
    // the cart is emptied at once, before anything async
    expect(cart.useCart.getState().cartItems).toEqual([]);
    expect(cart.useCart.getState().shippingAddress).toBeNull();
    await session.deviceForgotten();
    await expectNothingOfA();
    expect(await db.cache.count()).toBe(0);
    expect(await outbox.listOutbox(A._id, db)).toMatchObject([{ id: item.id, status: 'pending' }]);
  });

  it('when the 30-day session has expired at start-up', async () => {
    await aUsesTheDevice();
    session.expireSessionIfDue(session.useSession.getState().expiresAt! + 1);
    await session.deviceForgotten();
    await expectNothingOfA();
  });

  it('when someone else signs in without a logout first, keeping only the new user', async () => {
    await aUsesTheDevice();
    session.useSession.getState().setCredentials(B);
    expect(cart.useCart.getState().cartItems).toEqual([]);
    await session.deviceForgotten();
    await expectNothingOfA();
    // B's own saved data survives a later clean-up while B is signed in
    await cache.writeCache(B._id, 'catalog:categories', [{ name: 'Dal' }], 2000, db);
    await sync.setUserToken(B._id, B.token, db);
    await device.forgetSavedData(B._id, db);
    expect(await cache.readCache(B._id, 'catalog:categories', db)).toMatchObject({ value: [{ name: 'Dal' }] });
    expect((await db.auth.toArray()).map((a) => a.userId)).toEqual([B._id]);
  });

  it('a clear with nobody signed in does nothing', async () => {
    await cache.writeCache('anon', 'catalog:categories', [{ name: 'Rice' }], 1000, db);
    session.useSession.getState().clear();
    await session.deviceForgotten();
    expect(await db.cache.count()).toBe(1);
  });
});

describe("A's unsent items after A logs out", () => {
  it('B never sees or sends them, nor counts them in a run; A sends them at the next sign-in', async () => {
    const aItem = await aUsesTheDevice();
    session.useSession.getState().clear();
    await session.deviceForgotten();

    session.useSession.getState().setCredentials(B);
    await session.deviceForgotten();
    await sync.setUserToken(B._id, B.token, db);
    const bItem = await queueMarkDelivered(B._id, 'aaaaaaaa-0000-4000-8000-000000000002', 2000);
    expect((await outbox.listOutbox(B._id, db)).map((i) => i.id)).toEqual([bItem.id]);
    expect(await device.unsentSummary(B._id, db)).toEqual({ waiting: 1, attention: 0 });

    const calls: Array<{ auth: string; key: string }> = [];
    const fetch = (async (_u: RequestInfo | URL, init?: RequestInit) => {
      const h = init?.headers as Record<string, string>;
      calls.push({ auth: h.authorization, key: h['idempotency-key'] });
      return new Response('{}', { status: 200 });
    }) as typeof globalThis.fetch;
    const events: import('../../../src/offline/sync').SyncEvent[] = [];
    await sync.replayOutbox({ db, fetch, now: () => 10_000, onEvent: (e) => events.push(e) });
    expect(calls).toEqual([{ auth: `Bearer ${B.token}`, key: bItem.id }]);
    // B's header counts B's item only
    expect(events.find((e) => e.type === 'start')).toEqual({ type: 'start', total: 1 });
    expect(await outbox.listOutbox(A._id, db)).toMatchObject([{ id: aItem.id, status: 'pending' }]);

    session.useSession.getState().clear();
    await session.deviceForgotten();
    session.useSession.getState().setCredentials({ ...A, token: 'token-a2' });
    await session.deviceForgotten();
    await sync.setUserToken(A._id, 'token-a2', db);
    await sync.replayOutbox({ db, fetch, now: () => 20_000 });
    expect(calls[1]).toEqual({ auth: 'Bearer token-a2', key: aItem.id });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('unsent summary', () => {
  it('counts waiting and refused items of the user, with the oldest waiting one’s error', async () => {
    const one = await queueMarkDelivered(A._id, ORDER, 1000);
    await queueMarkDelivered(A._id, 'aaaaaaaa-0000-4000-8000-000000000002', 2000);
    const refused = await queueMarkDelivered(A._id, 'aaaaaaaa-0000-4000-8000-000000000003', 3000);
    await queueMarkDelivered(B._id, 'aaaaaaaa-0000-4000-8000-000000000004', 4000);
    await db.outbox.update(one.seq!, { lastError: 'No connection' });
    await db.outbox.update(refused.seq!, { status: 'failed', lastError: 'Order not found.' });
    expect(await device.unsentSummary(A._id, db)).toEqual({ waiting: 2, attention: 1, lastError: 'No connection' });
    expect(await device.unsentSummary('nobody', db)).toEqual({ waiting: 0, attention: 0 });
  });
});
