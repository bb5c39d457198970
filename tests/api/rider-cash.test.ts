import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDayStart } from '../../core/dates';
import type { DaySummary } from '../../core/schemas/order';
import type { RiderCashEntry, RiderHandoverResponse, RidersCash } from '../../core/schemas/rider-cash';
import { istDayOf } from '../../core/sale-void';
import { newId } from '../../server/lib/ids';
import { codedBody, createTestApp, DEMO, login, tokenRequests, type TestContext } from './helpers';
import { insertOrder, insertUser, makeProduct, makeShelf, sessionFor, userId, type Shelf } from '../support/db-builders';

/**
 * The cash riders collect on delivery (GET /api/riders/cash) and its hand-over to the shop (POST
 * /api/riders/:id/handovers), and the day close's cash on delivery. Each test has riders of its own, so
 * what they hold is known to the paisa whatever the other tests did.
 */

let ctx: TestContext;
const db = () => ctx.handle.db;
const { call, ok, deliver, handover } = tokenRequests(() => ctx.app);
const tok: Record<string, string> = {};
let shopA: string, shopB: string, customerId: string;
let shelf: Shelf;
const productOf: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'kaveri', 'customer'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  shopA = await userId(db(), DEMO.vendor); // Murugan Stores
  shopB = await userId(db(), DEMO.kaveri); // Kaveri Organics
  customerId = await userId(db(), DEMO.customer);
  shelf = await makeShelf(db());
});
afterAll(async () => ctx?.close());

/** A rider of this test: a delivery account and its session. */
async function newRider(name: string) {
  const id = await insertUser(db(), { name, role: 'delivery' });
  return { id, token: await sessionFor(db(), id) };
}

/** A shop of this test: a vendor account and its session. */
async function newShop(shopName: string) {
  const id = await insertUser(db(), { name: `${shopName} owner`, role: 'vendor', shopName });
  return { id, token: await sessionFor(db(), id) };
}

/** A pending, unpaid delivery order of the shop coming to `price` (rupees, with paise), ordered at `createdAt`. */
async function orderOf(vendorId: string, price: number, createdAt?: Date) {
  productOf[vendorId] ??= await makeProduct(db(), { vendorId, shelf, shopPrice: 10 });
  return insertOrder(db(), { vendorId, customerId, createdAt, lines: [{ productId: productOf[vendorId], name: 'Cash rice', price }] });
}

const cashOf = (token: string, query = '') => ok('GET', `/api/riders/cash${query}`, token) as Promise<RidersCash>;
const entryOf = (cash: RidersCash, riderId: string): RiderCashEntry | undefined => cash.riders.find((r) => r.riderId === riderId);
const handoverCount = async (riderId: string) =>
  Number(
    (
      await db()
        .selectFrom('rider_handovers')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('rider_id', '=', riderId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a rider's cash", () => {
  it('adds up the cash of his deliveries for two shops less a hand-over, to the paisa, shop by shop', async () => {
    const ravi = await newRider('Ravi Rider');
    const a1 = await orderOf(shopA, 123.45);
    const a2 = await orderOf(shopA, 30.99);
    const b1 = await orderOf(shopB, 99.99);
    const unpaid = await orderOf(shopA, 500);
    await deliver(ravi.token, a1);
    await deliver(ravi.token, a2);
    await deliver(ravi.token, b1);
    // delivered without the cash: nothing held
    await deliver(ravi.token, unpaid, false);
    // the shop delivering its own order with the cash has the cash in the shop
    const own = await orderOf(shopA, 77.7);
    await deliver(tok.vendor, own);

    const rows = await db()
      .selectFrom('orders')
      .select(['id', 'delivered_by', 'cod_collected_paise', 'payment_status'])
      .where('id', 'in', [a1, a2, b1, unpaid, own])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a1)).toMatchObject({ delivered_by: ravi.id, cod_collected_paise: 12345, payment_status: 'Paid' });
    expect(byId.get(b1)).toMatchObject({ delivered_by: ravi.id, cod_collected_paise: 9999 });
    expect(byId.get(unpaid)).toMatchObject({ delivered_by: ravi.id, cod_collected_paise: 0 });
    expect(byId.get(own)).toMatchObject({ delivered_by: shopA, cod_collected_paise: 7770 });

    const made = await handover(tok.vendor, ravi.id, { amount: 100.01, note: 'Evening count' });
    expect(made.statusCode, made.body).toBe(201);
    const answer = made.json() as RiderHandoverResponse;
    expect(answer).toMatchObject({ riderId: ravi.id, held: 54.43, handover: { amount: 100.01, note: 'Evening count' } });

    const { riders } = await cashOf(ravi.token);
    expect(riders).toHaveLength(1);
    expect(riders[0]).toEqual({
      riderId: ravi.id,
      name: 'Ravi Rider',
      // 123.45 + 30.99 + 99.99 - 100.01
      held: 154.42,
      shops: [
        { shopId: shopB, shopName: 'Kaveri Organics', held: 99.99 },
        { shopId: shopA, shopName: 'Murugan Stores', held: 54.43 },
      ],
      handovers: [{ amount: 100.01, at: answer.handover.at, note: 'Evening count', shopName: 'Murugan Stores' }],
    });
  });

  it('counts cash ticked after the delivery only when the one who delivered it ticks it', async () => {
    const ravi = await newRider('Late Cash Rider');
    const first = await orderOf(shopA, 40);
    const second = await orderOf(shopA, 60);
    await deliver(ravi.token, first, false);
    await deliver(ravi.token, second, false);
    // the rider comes back with the cash of the first; the shop takes the second's at its counter
    await deliver(ravi.token, first);
    await deliver(tok.vendor, second);
    expect(entryOf(await cashOf(ravi.token), ravi.id)?.held).toBe(40);
  });

  it('answers a rider who never held cash with nothing held', async () => {
    const idle = await newRider('Idle Rider');
    expect(await cashOf(idle.token)).toEqual({ riders: [{ riderId: idle.id, name: 'Idle Rider', held: 0, handovers: [], shops: [] }] });
  });
});

describe("a shop's riders", () => {
  it('shows a vendor only the riders who hold or held its cash, with what they hold for it', async () => {
    const both = await newRider('Both Shops Rider');
    const onlyB = await newRider('Kaveri Rider');
    await deliver(both.token, await orderOf(shopA, 10.5));
    await deliver(both.token, await orderOf(shopB, 20.25));
    await deliver(onlyB.token, await orderOf(shopB, 5.75));

    const a = await cashOf(tok.vendor);
    expect(entryOf(a, both.id)).toEqual({ riderId: both.id, name: 'Both Shops Rider', held: 10.5, handovers: [] });
    expect(entryOf(a, onlyB.id)).toBeUndefined();
    const b = await cashOf(tok.kaveri);
    expect(entryOf(b, both.id)?.held).toBe(20.25);
    expect(entryOf(b, onlyB.id)?.held).toBe(5.75);
    // a vendor asking for another shop still gets its own
    expect(entryOf(await cashOf(tok.vendor, `?vendorId=${shopB}`), onlyB.id)).toBeUndefined();

    // once all handed over, the rider stays on the shop's list with nothing held
    expect((await handover(tok.kaveri, onlyB.id, { amount: 5.75 })).statusCode).toBe(201);
    expect(entryOf(await cashOf(tok.kaveri), onlyB.id)).toMatchObject({ held: 0, handovers: [{ amount: 5.75, note: '' }] });

    // an admin: every rider over every shop, or one shop's
    expect(entryOf(await cashOf(tok.admin), both.id)).toMatchObject({ held: 30.75, shops: [{ shopId: shopB }, { shopId: shopA }] });
    expect(entryOf(await cashOf(tok.admin, `?vendorId=${shopA}`), both.id)).toMatchObject({
      held: 10.5,
      shops: [{ shopId: shopA, held: 10.5 }],
    });
    expect((await call('GET', `/api/riders/cash?vendorId=${customerId}`, tok.admin)).json()).toEqual(codedBody('vendorNotFound'));
  });
});

describe('recording a hand-over', () => {
  it('refuses more than the rider holds for the shop, and changes nothing', async () => {
    const ravi = await newRider('Over Rider');
    await deliver(ravi.token, await orderOf(shopB, 250.5));
    const over = await handover(tok.kaveri, ravi.id, { amount: 250.51 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual(codedBody({ code: 'handoverOverHeld', params: { held: 250.5 } }, { field: 'amount', held: 250.5 }));
    // another shop: he holds nothing of its cash
    const elsewhere = await handover(tok.vendor, ravi.id, { amount: 1 });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({ code: 'handoverOverHeld', params: { held: 0 } });
    expect(await handoverCount(ravi.id)).toBe(0);
    expect(entryOf(await cashOf(ravi.token), ravi.id)?.held).toBe(250.5);
    // all of it is fine
    expect((await handover(tok.kaveri, ravi.id, { amount: 250.5 })).json()).toMatchObject({ held: 0 });
  });

  it('lets one of two hand-overs counted at once through when together they are more than he holds', async () => {
    const ravi = await newRider('Two Counters Rider');
    await deliver(ravi.token, await orderOf(shopA, 100));
    const both = await Promise.all([handover(tok.vendor, ravi.id, { amount: 60 }), handover(tok.vendor, ravi.id, { amount: 60 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'handoverOverHeld', params: { held: 40 } });
    expect(await handoverCount(ravi.id)).toBe(1);
  });

  it('refuses an unknown rider, a bad amount, and an admin who names no shop', async () => {
    const ravi = await newRider('Refusals Rider');
    await deliver(ravi.token, await orderOf(shopA, 10));
    const refused = async (token: string, riderId: string, body: Record<string, unknown>) => {
      const res = await handover(token, riderId, body);
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    };
    expect(await refused(tok.vendor, newId(), { amount: 1 })).toEqual({ status: 404, body: codedBody('riderNotFound') });
    expect(await refused(tok.vendor, customerId, { amount: 1 })).toEqual({ status: 404, body: codedBody('riderNotFound') });
    expect(await refused(tok.vendor, 'not-an-id', { amount: 1 })).toEqual({ status: 404, body: codedBody('riderNotFound') });
    expect(await refused(tok.vendor, ravi.id, { amount: 0 })).toMatchObject({
      status: 400,
      body: { code: 'handoverAmountPositive', field: 'amount' },
    });
    expect(await refused(tok.vendor, ravi.id, { amount: -5 })).toMatchObject({ status: 400, body: { code: 'handoverAmountPositive' } });
    expect(await refused(tok.vendor, ravi.id, { amount: 1.005 })).toMatchObject({
      status: 400,
      body: { code: 'handoverAmountDecimals', field: 'amount' },
    });
    expect(await refused(tok.admin, ravi.id, { amount: 1 })).toMatchObject({
      status: 400,
      body: { code: 'chooseVendor', field: 'vendorId' },
    });
    expect(await handoverCount(ravi.id)).toBe(0);
    // an admin naming the shop records it for that shop
    const byAdmin = await handover(tok.admin, ravi.id, { amount: 4, vendorId: shopA });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect((byAdmin.json() as RiderHandoverResponse).held).toBe(6);
    const row = await db().selectFrom('rider_handovers').selectAll().where('rider_id', '=', ravi.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ vendor_id: shopA, amount_paise: 400, received_by: await userId(db(), DEMO.admin) });
  });

  it('records a hand-over sent again with the same Idempotency-Key once', async () => {
    const ravi = await newRider('Outbox Rider');
    await deliver(ravi.token, await orderOf(shopA, 300));
    const key = { 'idempotency-key': newId() };
    const body = { amount: 120.5, note: 'Counted twice?' };
    const first = await handover(tok.vendor, ravi.id, body, key);
    const again = await handover(tok.vendor, ravi.id, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await handoverCount(ravi.id)).toBe(1);
    expect(entryOf(await cashOf(ravi.token), ravi.id)?.held).toBe(179.5);
    // the same key with another amount is another request: refused
    expect((await handover(tok.vendor, ravi.id, { amount: 1 }, key)).statusCode).toBe(422);
    expect(await handoverCount(ravi.id)).toBe(1);
  });
});

describe("the day close's cash on delivery", () => {
  it('shows the cash riders collected and handed over that day, and what they held at its end', async () => {
    const shop = await newShop('Anbu Cash Stores');
    const rider = await newRider('Day Close Rider');
    const today = istDayOf(new Date());
    const yesterday = istDayOf(new Date(Date.now() - 86_400_000));
    const at = (day: string, hour: number) => new Date(istDayStart(day).getTime() + hour * 3_600_000).toISOString();
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);

    // yesterday: ₹200.50 collected at noon, ₹50 handed over at 6 pm
    await deliver(rider.token, await orderOf(shop.id, 200.5, twoDaysAgo), true, at(yesterday, 12));
    expect((await handover(shop.token, rider.id, { amount: 50, at: at(yesterday, 18) })).statusCode).toBe(201);
    // today: ₹80.25 collected and ₹100 handed over; the shop's own cash delivery is not a rider's
    await deliver(rider.token, await orderOf(shop.id, 80.25));
    expect((await handover(shop.token, rider.id, { amount: 100 })).statusCode).toBe(201);
    await deliver(shop.token, await orderOf(shop.id, 45));
    // another shop's cash is not this shop's
    await deliver(rider.token, await orderOf(shopA, 999));

    const close = async (day: string) => ((await ok('GET', `/api/Orders/vendor/day-summary?date=${day}`, shop.token)) as DaySummary).cod;
    expect(await close(yesterday)).toEqual({ collected: 200.5, handedOver: 50, withRiders: 150.5 });
    expect(await close(today)).toEqual({ collected: 80.25, handedOver: 100, withRiders: 130.75 });
    // an admin closing the day for the shop sees the same
    const forAdmin = (await ok('GET', `/api/Orders/vendor/day-summary?date=${today}&vendorId=${shop.id}`, tok.admin)) as DaySummary;
    expect(forAdmin.cod).toEqual({ collected: 80.25, handedOver: 100, withRiders: 130.75 });
  });
});
