import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OfflineDb, openOfflineDb } from '../../../src/offline/db';
import { listOutbox, queueRequest } from '../../../src/offline/outbox';
import { exportOutbox, importOutbox, OUTBOX_FILE_VERSION, outboxFileName } from '../../../src/offline/outbox-file';
import { replayOutbox, setUserToken } from '../../../src/offline/sync';

/** Two devices of one shop: the outbox saved as a file on one and loaded on the other. */
const SHOP = '11111111-1111-4111-8111-111111111111';
const OTHER_SHOP = '22222222-2222-4222-8222-222222222222';
const SALE = { isShop: true, products: [{ productId: 'p1', quantity: 2 }], paymentStatus: 'Paid', at: 1_700_000_000_000 };

let n = 0;
let here: OfflineDb;
let there: OfflineDb;

beforeEach(async () => {
  here = openOfflineDb(`file-here-${++n}`);
  there = openOfflineDb(`file-there-${n}`);
  await Promise.all([here.open(), there.open()]);
});
afterEach(async () => {
  await Promise.all([here.delete(), there.delete()]);
});

/** A server that keeps each Idempotency-Key's first answer, as the API does per account, and counts what it made. */
function keyedServer() {
  const made = new Map<string, unknown>();
  const calls: Array<{ url: string; key: string; body: unknown }> = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = (init?.headers as Record<string, string>)['idempotency-key'];
    const body = JSON.parse(String(init?.body));
    calls.push({ url: String(input), key, body });
    if (!made.has(key)) made.set(key, body);
    return new Response(JSON.stringify({ ok: true }), { status: 201, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fn, made, calls };
}

/** A waiting sale and a refused delivery of the shop, and another account's item on the same device. */
async function queueSome(db: OfflineDb) {
  const sale = await queueRequest(
    SHOP,
    'shop-sale',
    { method: 'POST', path: 'Orders', body: SALE, label: 'Sale 1', display: { lines: [] } },
    { now: 1000 },
    db,
  );
  const refused = await queueRequest(
    SHOP,
    'mark-delivered',
    { method: 'PUT', path: 'Orders/o1/deliver', body: { cash: true }, label: 'Order o1 delivered' },
    { now: 2000 },
    db,
  );
  await db.outbox.update(refused.seq!, { status: 'failed', lastStatus: 400, lastError: 'Order not found.' });
  await queueRequest(
    OTHER_SHOP,
    'shop-sale',
    { method: 'POST', path: 'Orders', body: { other: true }, label: 'Not mine' },
    { now: 1500 },
    db,
  );
  return { sale, refused };
}

describe('the outbox as a file', () => {
  it("saves the account's waiting and refused items with their key, method, URL, body and time", async () => {
    const { sale, refused } = await queueSome(here);
    const file = await exportOutbox(SHOP, here, Date.parse('2026-11-29T10:00:00Z'));
    expect(file).toMatchObject({
      format: 'namma-kadai-outbox',
      version: OUTBOX_FILE_VERSION,
      userId: SHOP,
      savedAt: '2026-11-29T10:00:00.000Z',
    });
    expect(file.items).toEqual([
      expect.objectContaining({
        idempotencyKey: sale.id,
        method: 'POST',
        url: '/api/Orders',
        body: SALE,
        createdAt: new Date(1000).toISOString(),
        kind: 'shop-sale',
        label: 'Sale 1',
        display: { lines: [] },
      }),
      expect.objectContaining({ idempotencyKey: refused.id, method: 'PUT', url: '/api/Orders/o1/deliver', refused: 'Order not found.' }),
    ]);
    expect(outboxFileName(file)).toBe('namma-kadai-unsent-2026-11-29-10-00-00.json');
  });

  it('loaded on another device of the account, sends each item once under its own key, however often it is loaded', async () => {
    const { sale, refused } = await queueSome(here);
    const text = JSON.stringify(await exportOutbox(SHOP, here));

    expect(await importOutbox(SHOP, text, there)).toEqual({ ok: true, added: 2, skipped: 0 });
    expect(await importOutbox(SHOP, text, there)).toEqual({ ok: true, added: 0, skipped: 2 });
    const loaded = await listOutbox(SHOP, there);
    expect(loaded.map((i) => [i.id, i.status, i.body, i.createdAt])).toEqual([
      [sale.id, 'pending', SALE, 1000],
      [refused.id, 'pending', { cash: true }, 2000],
    ]);

    const server = keyedServer();
    await setUserToken(SHOP, 'token-there', there);
    expect(await replayOutbox({ db: there, fetch: server.fn, now: () => 10_000 })).toMatchObject({ sent: 2, remaining: 0 });
    expect(server.calls.map((c) => [c.url, c.key])).toEqual([
      ['/api/Orders', sale.id],
      ['/api/Orders/o1/deliver', refused.id],
    ]);
    expect(server.calls[0].body).toEqual(SALE);

    // loaded again after it was sent: this device has sent those keys, nothing is queued
    expect(await importOutbox(SHOP, text, there)).toEqual({ ok: true, added: 0, skipped: 2 });
    expect(await listOutbox(SHOP, there)).toEqual([]);

    // the first device syncs too: the same keys, so the server makes nothing new
    await setUserToken(SHOP, 'token-here', here);
    await here.outbox.where('id').equals(refused.id).modify({ status: 'pending' });
    await replayOutbox({ db: here, fetch: server.fn, now: () => 20_000 });
    expect(server.made.size).toBe(2);
    // and loading the file there after that queues nothing
    expect(await importOutbox(SHOP, text, here)).toEqual({ ok: true, added: 0, skipped: 2 });
  });

  it('keeps the headers an item carries of its own (who made it on a shared till), and sends them from the other device', async () => {
    const acted = { 'x-acted-by': 'person-1.proof' };
    const sale = await queueRequest(
      SHOP,
      'shop-sale',
      { method: 'POST', path: 'Orders', body: SALE, label: 'Sale 1', headers: acted },
      {},
      here,
    );
    const text = JSON.stringify(await exportOutbox(SHOP, here));
    expect(await importOutbox(SHOP, text, there)).toEqual({ ok: true, added: 1, skipped: 0 });
    expect((await listOutbox(SHOP, there))[0]).toMatchObject({ id: sale.id, headers: acted });
    const sent: Array<Record<string, string>> = [];
    const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(init?.headers as Record<string, string>);
      return new Response('{}', { status: 201 });
    }) as typeof globalThis.fetch;
    await setUserToken(SHOP, 'token-there', there);
    await replayOutbox({ db: there, fetch });
    expect(sent[0]).toMatchObject({ 'x-acted-by': 'person-1.proof', authorization: 'Bearer token-there' });
  });

  it("refuses another account's file, a newer version, and anything not a file of saved changes, changing nothing", async () => {
    await queueSome(here);
    const file = await exportOutbox(SHOP, here);
    const before = await there.outbox.count();
    const bad = (items: unknown[]) => JSON.stringify({ ...file, items });
    const cases: Array<[string, string, string]> = [
      [OTHER_SHOP, JSON.stringify(file), 'otherAccount'],
      [SHOP, JSON.stringify({ ...file, version: OUTBOX_FILE_VERSION + 1 }), 'newer'],
      [SHOP, 'not json', 'notFile'],
      [SHOP, JSON.stringify({ items: [] }), 'notFile'],
      [SHOP, bad([{ ...file.items[0], url: 'https://elsewhere.example/api/Orders' }]), 'notFile'],
      [SHOP, bad([{ ...file.items[0], url: '/api/../admin' }]), 'notFile'],
      [SHOP, bad([{ ...file.items[0], method: 'DELETE' }]), 'notFile'],
      [SHOP, bad([file.items[0], { ...file.items[1], idempotencyKey: '' }]), 'notFile'],
      [SHOP, bad([{ ...file.items[0], createdAt: 'yesterday' }]), 'notFile'],
      [SHOP, bad([{ ...file.items[0], headers: { authorization: 'Bearer stolen' } }]), 'notFile'],
    ];
    for (const [user, text, reason] of cases) {
      expect(await importOutbox(user, text, there), `${reason}: ${text.slice(0, 80)}`).toEqual({ ok: false, reason });
    }
    expect(await there.outbox.count()).toBe(before);
  });
});
