import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDeviceDto } from '../../core/schemas/device';
import type { DaySummary, OrderDto } from '../../core/schemas/order';
import type { CloseShiftResponse, ShiftDto } from '../../core/schemas/shift';
import { istDayOf } from '../../core/sale-void';
import { addBlock, takeTillNumber, type TillState } from '../../core/till';
import { bearer, codedBody, createTestApp, tokenRequests, type TestContext } from './helpers';
import { countOrders, insertUser, makeProduct, makeShelf, sessionFor, stockOf, type Shelf } from '../support/db-builders';

/**
 * A till's shifts (POST /api/shifts, /:id/cash, /:id/close, GET /api/shifts): the drawer's expected cash
 * from what happened at the till during the shift, the counted close, who may do what, replays, and the
 * day close's list. The shop is made here, so its figures are known to the paisa.
 */

let ctx: TestContext;
const db = () => ctx.handle.db;
const { call, ok, sale, shopSale, shopCustomer, addStaff, registerTill, openShift } = tokenRequests(() => ctx.app);
const today = istDayOf(new Date());
let shelf: Shelf;
let shopId: string;
let owner: string;
let cashier: { id: string; token: string; name: string };
let cashier2: { id: string; token: string };
let manager: { id: string; token: string; name: string };
/** ₹45.50 a piece, no GST. */
let productId: string;

/** A POST as the person of `token`, with more headers (X-Till, an Idempotency-Key): the response. */
const post = (token: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });
const atTill = (deviceId: string) => ({ 'x-till': deviceId });
const shiftIdOf = async (table: 'orders' | 'customer_payments' | 'credit_notes', id: string) =>
  (await db().selectFrom(table).select('shift_id').where('id', '=', id).executeTakeFirstOrThrow()).shift_id;
const shiftsOn = async (deviceId: string) =>
  Number(
    (
      await db()
        .selectFrom('shifts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  shelf = await makeShelf(db());
  shopId = await insertUser(db(), { name: 'Shift owner', role: 'vendor', shopName: 'Shift Stores' });
  owner = await sessionFor(db(), shopId);
  productId = await makeProduct(db(), { vendorId: shopId, shelf, shopPrice: 45.5, stock: 1000 });
  const a = await addStaff(owner, 'cashier', { name: 'Kavya', pin: '2580' });
  cashier = { id: a.staff._id, token: a.token, name: 'Kavya' };
  const b = await addStaff(owner, 'cashier', { name: 'Selvi' });
  cashier2 = { id: b.staff._id, token: b.token };
  const m = await addStaff(owner, 'manager', { name: 'Meena' });
  manager = { id: m.staff._id, token: m.token, name: 'Meena' };
});
afterAll(async () => ctx?.close());

describe('a shift at a till', () => {
  let till: CreatedDeviceDto;
  let shift: ShiftDto;
  let closed: CloseShiftResponse;

  it('expects the float, the cash sales and cash credit collected at the till, less cash refunds, with pay-ins and pay-outs', async () => {
    till = await registerTill(owner, 'Front counter');
    shift = await openShift(cashier.token, till._id, 500);
    expect(shift).toMatchObject({ deviceId: till._id, tillName: 'Front counter', cashier: { _id: cashier.id, name: 'Kavya' } });
    expect(shift).toMatchObject({ float: 500, expected: 500, closedAt: null, counted: null, difference: null, cash: [] });

    // a cash sale numbered by the till itself (its own till number), and one at the till named by X-Till: ₹91 + ₹45.50
    const state: TillState = addBlock({ deviceId: till._id, name: till.name, prefix: till.series, blocks: [] }, till.block);
    const numbered = await sale(cashier.token, [{ productId, quantity: 2 }], {
      deviceId: till._id,
      invoiceNumber: takeTillNumber(state, new Date())!.number,
    });
    const tilled = (
      await shopSale(cashier.token, [{ productId, quantity: 1 }], { paymentMethod: 'cash', handedOver: true }, atTill(till._id))
    ).json() as { order: OrderDto };
    // not at a till (no till named): sold as ever, in no shift
    const away = await sale(cashier.token, [{ productId, quantity: 1 }]);
    // at the till but not cash: UPI, and a cash sale voided on its day
    const upi = await shopSale(cashier.token, [{ productId, quantity: 1 }], { paymentMethod: 'upi', handedOver: true }, atTill(till._id));
    expect(upi.statusCode, upi.body).toBe(201);
    const voided = (
      await shopSale(cashier.token, [{ productId, quantity: 1 }], { paymentMethod: 'cash', handedOver: true }, atTill(till._id))
    ).json() as { order: OrderDto };
    await ok('POST', `/api/Orders/${voided.order._id}/void`, owner, { reason: 'Rang up twice' });

    // a credit sale of ₹136.50 part-paid in cash (₹100) and by UPI (₹20) at the till; ₹10 cash taken away from it
    const customer = await shopCustomer(owner, { name: 'Ravi' });
    const onCredit = await shopSale(
      cashier.token,
      [{ productId, quantity: 3 }],
      { customerId: customer._id, paymentMethod: 'credit', handedOver: true },
      atTill(till._id),
    );
    expect(onCredit.statusCode, onCredit.body).toBe(201);
    const paid = await post(cashier.token, `/api/customers/${customer._id}/payments`, { amount: 100, method: 'cash' }, atTill(till._id));
    expect(paid.statusCode, paid.body).toBe(201);
    expect(
      (await post(cashier.token, `/api/customers/${customer._id}/payments`, { amount: 20, method: 'upi' }, atTill(till._id))).statusCode,
    ).toBe(201);
    const elsewhere = await post(cashier.token, `/api/customers/${customer._id}/payments`, { amount: 10, method: 'cash' });
    expect(elsewhere.statusCode).toBe(201);

    // one piece of the numbered sale refunded in cash at the till: ₹45.50 out of the drawer
    const returned = await post(
      cashier.token,
      `/api/Orders/${numbered._id}/returns`,
      { lines: [{ productId, quantity: 1 }], refundMethod: 'cash', restock: true },
      atTill(till._id),
    );
    expect(returned.statusCode, returned.body).toBe(201);

    // ₹200 of change put in, ₹50.25 taken out for tea
    const payIn = await post(cashier.token, `/api/shifts/${shift._id}/cash`, { kind: 'in', amount: 200, reason: 'Change from the bank' });
    expect(payIn.statusCode, payIn.body).toBe(201);
    const payOut = (await ok(
      'POST',
      `/api/shifts/${shift._id}/cash`,
      cashier.token,
      { kind: 'out', amount: 50.25, reason: 'Tea' },
      201,
    )) as ShiftDto;
    expect(payOut.cash).toEqual([
      expect.objectContaining({ kind: 'in', amount: 200, reason: 'Change from the bank', by: { _id: cashier.id, name: 'Kavya' } }),
      expect.objectContaining({ kind: 'out', amount: 50.25, reason: 'Tea' }),
    ]);

    // 500 + 91 + 45.50 + 100 − 45.50 + 200 − 50.25
    expect(payOut).toMatchObject({
      float: 500,
      cashSales: 136.5,
      creditCollected: 100,
      cashRefunds: 45.5,
      payIns: 200,
      payOuts: 50.25,
      expected: 840.75,
    });
    expect(await shiftIdOf('orders', numbered._id)).toBe(shift._id);
    expect(await shiftIdOf('orders', tilled.order._id)).toBe(shift._id);
    expect(await shiftIdOf('orders', away._id)).toBeNull();
    expect(await shiftIdOf('customer_payments', paid.json()._id)).toBe(shift._id);
    expect(await shiftIdOf('customer_payments', elsewhere.json()._id)).toBeNull();
    expect(await shiftIdOf('credit_notes', returned.json()._id)).toBe(shift._id);
  });

  it('closes ₹20 short: expected to the paisa, counted note by note, the difference in the audit', async () => {
    const res = await post(cashier.token, `/api/shifts/${shift._id}/close`, {
      counted: { '500': 1, '200': 1, '100': 1, '20': 1, coins: 0.75 },
      note: 'Short by a twenty',
    });
    expect(res.statusCode, res.body).toBe(200);
    closed = res.json();
    expect(closed).toMatchObject({ expected: 840.75, counted: 820.75, difference: -20 });
    expect(closed.shift).toMatchObject({
      expected: 840.75,
      counted: 820.75,
      difference: -20,
      note: 'Short by a twenty',
      closedBy: { _id: cashier.id, name: 'Kavya' },
      count: { '500': 1, '200': 1, '100': 1, '50': 0, '20': 1, '10': 0, coins: 0.75 },
    });
    expect(closed.shift.closedAt).not.toBeNull();

    const { entries } = await ok('GET', `/api/shop/audit?from=${today}&to=${today}`, owner);
    expect(entries).toContainEqual(
      expect.objectContaining({
        kind: 'shiftClose',
        ref: shift._id,
        askedBy: { _id: cashier.id, name: 'Kavya' },
        details: expect.objectContaining({ expected: 840.75, counted: 820.75, difference: -20, note: 'Short by a twenty' }),
      }),
    );
    // closed: no second close, no more cash in or out
    expect((await post(cashier.token, `/api/shifts/${shift._id}/close`, { counted: { coins: 840.75 } })).json()).toEqual(
      codedBody('shiftClosed'),
    );
    expect((await post(cashier.token, `/api/shifts/${shift._id}/cash`, { kind: 'in', amount: 1, reason: 'Late' })).statusCode).toBe(409);
  });

  it('is in the day close with its cashier, till, expected, counted and difference', async () => {
    const day = (await ok('GET', `/api/Orders/vendor/day-summary?date=${today}`, owner)) as DaySummary;
    expect(day.shifts).toContainEqual({
      _id: shift._id,
      cashier: { _id: cashier.id, name: 'Kavya' },
      tillName: 'Front counter',
      expected: 840.75,
      counted: 820.75,
      difference: -20,
    });
  });

  it('refuses a sale at a till with no shift open then (409 shiftRequired) and records nothing; a payment there is recorded', async () => {
    const orders = await countOrders(db());
    const stock = await stockOf(db(), productId);
    const byHeader = await shopSale(
      cashier.token,
      [{ productId, quantity: 1 }],
      { paymentMethod: 'cash', handedOver: true },
      atTill(till._id),
    );
    expect(byHeader.statusCode).toBe(409);
    expect(byHeader.json()).toMatchObject(codedBody('shiftRequired'));
    const state: TillState = addBlock({ deviceId: till._id, name: till.name, prefix: till.series, blocks: [] }, till.block);
    const number = takeTillNumber(takeTillNumber(state, new Date())!.state, new Date())!.number;
    const byNumber = await shopSale(cashier.token, [{ productId, quantity: 1 }], {
      paymentMethod: 'cash',
      handedOver: true,
      deviceId: till._id,
      invoiceNumber: number,
    });
    expect(byNumber.json().code).toBe('shiftRequired');
    expect(await countOrders(db())).toBe(orders);
    expect(await stockOf(db(), productId)).toBe(stock);

    const customer = await shopCustomer(owner, { name: 'Lakshmi', openingBalance: 50 });
    const paid = await post(cashier.token, `/api/customers/${customer._id}/payments`, { amount: 50, method: 'cash' }, atTill(till._id));
    expect(paid.statusCode).toBe(201);
    expect(await shiftIdOf('customer_payments', paid.json()._id)).toBeNull();

    // with a shift open, the same till number is taken
    await openShift(cashier.token, till._id, 0);
    const sold = await shopSale(cashier.token, [{ productId, quantity: 1 }], {
      paymentMethod: 'cash',
      handedOver: true,
      deviceId: till._id,
      invoiceNumber: number,
    });
    expect(sold.statusCode, sold.body).toBe(201);
  });

  it("sells on the session's own till (a PIN switch there); another shop's till named by X-Till is no till", async () => {
    const own = await registerTill(owner, 'Side counter');
    const switched = await ok('POST', `/api/devices/${own._id}/switch`, owner, { staffId: cashier.id, pin: '2580' });
    expect((await shopSale(switched.token, [{ productId, quantity: 1 }], { paymentMethod: 'cash', handedOver: true })).json().code).toBe(
      'shiftRequired',
    );
    const opened = await openShift(switched.token, own._id, 100);
    const sold = await sale(switched.token, [{ productId, quantity: 1 }]);
    expect(await shiftIdOf('orders', sold._id)).toBe(opened._id);

    const otherShop = await insertUser(db(), { name: 'Other owner', role: 'vendor', shopName: 'Other Stores' });
    const theirs = await registerTill(await sessionFor(db(), otherShop), 'Their till');
    const away = await shopSale(
      cashier.token,
      [{ productId, quantity: 1 }],
      { paymentMethod: 'cash', handedOver: true },
      atTill(theirs._id),
    );
    expect(away.statusCode, away.body).toBe(201);
    expect(await shiftIdOf('orders', away.json().order._id)).toBeNull();
    // and a shift is opened on the shop's own tills only
    expect((await post(cashier.token, '/api/shifts', { deviceId: theirs._id, float: 0 })).json()).toEqual(codedBody('deviceNotFound'));
  });

  it("takes an offline sale by the shift open at the sale's own time", async () => {
    const back = await registerTill(owner, 'Back counter');
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    await openShift(cashier.token, back._id, 0, { at: minutesAgo(30) });
    const before = await shopSale(
      cashier.token,
      [{ productId, quantity: 1 }],
      { paymentMethod: 'cash', handedOver: true, at: minutesAgo(40) },
      atTill(back._id),
    );
    expect(before.json().code).toBe('shiftRequired');
    const during = await shopSale(
      cashier.token,
      [{ productId, quantity: 1 }],
      { paymentMethod: 'cash', handedOver: true, at: minutesAgo(20) },
      atTill(back._id),
    );
    expect(during.statusCode, during.body).toBe(201);
  });
});

describe('who may open, move cash in and close', () => {
  it('one open shift per till; a cashier cannot touch another cashier’s shift, a manager closes it', async () => {
    const till = await registerTill(owner);
    const shift = await openShift(cashier.token, till._id, 1000);
    const again = await post(cashier2.token, '/api/shifts', { deviceId: till._id, float: 200 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ...codedBody('shiftAlreadyOpen'), shiftId: shift._id });

    const close = { counted: { '500': 2 } };
    expect((await post(cashier2.token, `/api/shifts/${shift._id}/close`, close)).json()).toEqual(codedBody('shiftNotFound'));
    expect((await post(cashier2.token, `/api/shifts/${shift._id}/cash`, { kind: 'out', amount: 5, reason: 'Tea' })).statusCode).toBe(404);
    const byManager = (await ok('POST', `/api/shifts/${shift._id}/close`, manager.token, close)) as CloseShiftResponse;
    // counted what it should hold: no difference, nothing in the audit
    expect(byManager).toMatchObject({ expected: 1000, counted: 1000, difference: 0 });
    expect(byManager.shift.closedBy).toEqual({ _id: manager.id, name: 'Meena' });
    const { entries } = await ok('GET', '/api/shop/audit', owner);
    expect(entries.map((e: { ref: string }) => e.ref)).not.toContain(shift._id);
    // the till is free again
    await openShift(cashier2.token, till._id, 0);
  });

  it('replays an open, a pay-in and a close sent again with the same Idempotency-Key, recording each once', async () => {
    const till = await registerTill(owner);
    const id = randomUUID();
    const openKey = { 'idempotency-key': randomUUID() };
    const first = await post(cashier.token, '/api/shifts', { deviceId: till._id, float: 300, id }, openKey);
    const replay = await post(cashier.token, '/api/shifts', { deviceId: till._id, float: 300, id }, openKey);
    expect(first.statusCode, first.body).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(first.json()._id).toBe(id);
    // sent again without its key, the till's own shift id answers the shift
    const byId = await post(cashier.token, '/api/shifts', { deviceId: till._id, float: 300, id });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()._id).toBe(id);
    expect(await shiftsOn(till._id)).toBe(1);

    const cashKey = { 'idempotency-key': randomUUID() };
    const payIn = { kind: 'in', amount: 25, reason: 'Change' };
    expect((await post(cashier.token, `/api/shifts/${id}/cash`, payIn, cashKey)).statusCode).toBe(201);
    expect((await post(cashier.token, `/api/shifts/${id}/cash`, payIn, cashKey)).json().cash).toHaveLength(1);

    const closeKey = { 'idempotency-key': randomUUID() };
    const body = { counted: { '100': 3, '20': 1, coins: 5 } };
    const closedOnce = await post(cashier.token, `/api/shifts/${id}/close`, body, closeKey);
    const closedAgain = await post(cashier.token, `/api/shifts/${id}/close`, body, closeKey);
    expect(closedOnce.statusCode, closedOnce.body).toBe(200);
    expect(closedAgain.statusCode).toBe(200);
    expect(closedAgain.json()).toEqual(closedOnce.json());
    expect(closedOnce.json()).toMatchObject({ expected: 325, counted: 325, difference: 0 });
    // another close, not a replay: refused
    expect((await post(cashier.token, `/api/shifts/${id}/close`, body, { 'idempotency-key': randomUUID() })).statusCode).toBe(409);
  });

  it("lists a cashier's own shifts of the day; the owner and a manager every one, of one till when asked", async () => {
    const till = await registerTill(owner, 'List till');
    const mine = await openShift(cashier2.token, till._id, 0);
    const listOf = async (token: string, query = '') =>
      ((await ok('GET', `/api/shifts?date=${today}${query}`, token)) as { shifts: ShiftDto[] }).shifts;

    const seen = await listOf(cashier2.token);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.cashier._id === cashier2.id)).toBe(true);
    expect(seen.map((s) => s._id)).toContain(mine._id);
    expect((await listOf(cashier.token)).every((s) => s.cashier._id === cashier.id)).toBe(true);

    const all = await listOf(manager.token);
    expect(new Set(all.map((s) => s.cashier._id))).toEqual(new Set([cashier.id, cashier2.id]));
    expect((await listOf(owner, `&deviceId=${till._id}`)).map((s) => s._id)).toEqual([mine._id]);
    // an admin names the shop; another day has none of these
    const admin = await sessionFor(db(), await insertUser(db(), { name: 'Shift admin', role: 'admin' }));
    expect((await listOf(admin, `&vendorId=${shopId}`)).length).toBe(all.length);
    expect((await call('GET', '/api/shifts?date=2024-06-01', owner)).json()).toEqual({ shifts: [] });
  });
});
