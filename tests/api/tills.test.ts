import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYear, fyTag } from '../../core/invoice';
import type { CreatedDeviceDto, DeviceDto } from '../../core/schemas/device';
import type { OrderDto } from '../../core/schemas/order';
import { addBlock, takeTillNumber, type TillState } from '../../core/till';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { countOrders, stockOf } from '../support/db-builders';

/** Two tills of one shop selling offline at once, then replaying their sales: final numbers from the device, checked by the server. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, shopSale, openShift } = tokenRequests(() => ctx.app);
const IST_MS = 330 * 60_000;
const today = new Date(Date.now() + IST_MS).toISOString().slice(0, 10);
const fy = financialYear(new Date());
/** The year as numbers carry it ("26" for 2026-27). */
const yy = fyTag(fy);
let productId: string;

/** A till as its device keeps it: registered, with its first block. */
const tillOf = (d: CreatedDeviceDto): TillState => addBlock({ deviceId: d._id, name: d.name, prefix: d.series, blocks: [] }, d.block);

interface Sale {
  _id: string;
  deviceId: string;
  invoiceNumber: string;
  createdAt: string;
}

/** A cash sale handed over, numbered by the till at `at` (its state moves on). */
function ringUp(till: { state: TillState }, at: Date): Sale {
  const taken = takeTillNumber(till.state, at);
  if (!taken) throw new Error('the till ran out of numbers');
  till.state = taken.state;
  return { _id: randomUUID(), deviceId: till.state.deviceId, invoiceNumber: taken.number, createdAt: at.toISOString() };
}

/** Sends a queued cash sale, handed over, of one piece as the outbox does: its id is the Idempotency-Key. */
const send = (token: string, s: Sale, extra: object = {}) =>
  shopSale(
    token,
    [{ productId, quantity: 1 }],
    { paymentStatus: 'Paid', paymentMethod: 'cash', handedOver: true, ...s, ...extra },
    { 'idempotency-key': s._id },
  );

/** The outbox sends again while the same key is still being processed (409 idempotencyKeyRunning), as it does after its backoff. */
async function sendSettled(token: string, s: Sale) {
  for (let tries = 0; ; tries++) {
    const res = await send(token, s);
    if (res.statusCode !== 409 || res.json().code !== 'idempotencyKeyRunning' || tries > 200) return res;
    await new Promise((r) => setImmediate(r));
  }
}

const invoicesOf = (deviceId: string) =>
  ctx.handle.db.selectFrom('invoices').select(['number', 'seq', 'order_id']).where('device_id', '=', deviceId).orderBy('seq').execute();

const shuffle = <T>(xs: T[]): T[] => {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

let one: CreatedDeviceDto;
let two: CreatedDeviceDto;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2', 'customer'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  const gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  const shelf = await listedShelf(ctx.app, tok.admin);
  productId = (
    (await ok('POST', '/api/products', tok.vendor, productBody(shelf, gst, 'Till item', { countInStock: 500 }), 201)) as { _id: string }
  )._id;
});
afterAll(async () => ctx?.close());

describe('registering tills', () => {
  it('gives each till of a vendor the next till number, a series of its own and a first block of this year', async () => {
    one = (await ok('POST', '/api/devices', tok.vendor, { name: 'Front counter' }, 201)) as CreatedDeviceDto;
    two = (await ok('POST', '/api/devices', tok.vendor, { name: ' Back counter ' }, 201)) as CreatedDeviceDto;
    expect([one.tillNo, two.tillNo]).toEqual([1, 2]);
    expect(two.name).toBe('Back counter');
    expect(one.series).toMatch(/^[A-Z0-9]{1,4}-1$/);
    expect(two.series).toBe(one.series.replace(/1$/, '2'));
    expect(one.block).toEqual({ deviceId: one._id, fy, series: `${one.series}/${yy}/`, from: 1, to: 50 });
    // the next block continues the series; the admin and another vendor cannot take one
    const next = await ok('POST', `/api/devices/${one._id}/numbers`, tok.vendor, { count: 10 });
    expect(next).toMatchObject({ fy, from: 51, to: 60 });
    expect((await call('POST', `/api/devices/${one._id}/numbers`, tok.vendor2, {})).statusCode).toBe(404);
    expect((await call('POST', `/api/devices/${one._id}/numbers`, tok.vendor, { count: 501 })).json()).toMatchObject({
      code: 'tillBlockSize',
    });
    expect((await call('POST', `/api/devices/${one._id}/numbers`, tok.vendor, { fy: '2001-02' })).json()).toEqual(
      codedBody('tillYearInvalid'),
    );
  });

  it('lists the vendor its own tills, the admin every one, another vendor none; a blank name is refused', async () => {
    const mine = (await ok('GET', '/api/devices', tok.vendor)) as DeviceDto[];
    expect(mine.map((d) => d.tillNo)).toEqual([1, 2]);
    expect(mine[0].years).toEqual([{ fy, reservedTo: 60, lastUsed: 0 }]);
    expect(await ok('GET', '/api/devices', tok.vendor2)).toEqual([]);
    expect(((await ok('GET', '/api/devices', tok.admin)) as DeviceDto[]).map((d) => d._id)).toEqual(
      expect.arrayContaining([one._id, two._id]),
    );
    const blank = await call('POST', '/api/devices', tok.vendor, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'deviceNameRequired', field: 'name' });
    expect((await call('POST', '/api/devices', tok.admin, { name: 'Admin till' })).statusCode).toBe(403);
  });
});

describe('two tills selling offline at once', () => {
  it('replayed concurrently in mixed order, some twice: every number unique, each series gap-free, replays are the same sale', async () => {
    const a = { state: tillOf(one) };
    const b = { state: tillOf(two) };
    // through the last hour, or since midnight in India when that is nearer: the day's reports see them all
    const midnight = Date.parse(`${today}T00:00:00+05:30`);
    const start = Math.max(Date.now() - 60 * 60_000, midnight + 1_000);
    const step = Math.max(1, Math.floor((Date.now() - start) / 30));
    // each till's shift was opened before its first sale, and is still open
    for (const d of [one, two]) await openShift(tok.vendor, d._id, 0, { at: new Date(start - 60_000).toISOString() });
    const sales: Sale[] = [];
    // the two tills interleave their sales
    for (let i = 0; i < 14; i++) {
      sales.push(ringUp(a, new Date(start + 2 * i * step)));
      sales.push(ringUp(b, new Date(start + (2 * i + 1) * step)));
    }
    const twice = sales.filter((_, i) => i % 5 === 0);
    const ordersBefore = await countOrders(ctx.handle.db);
    const stockBefore = await stockOf(ctx.handle.db, productId);

    const answers = await Promise.all(shuffle([...sales, ...twice]).map(async (s) => ({ s, res: await sendSettled(tok.vendor, s) })));
    for (const { s, res } of answers) {
      expect([200, 201], res.body).toContain(res.statusCode);
      const order = (res.json() as { order: OrderDto }).order;
      expect(order._id).toBe(s._id);
      expect(order.invoiceNumber).toBe(s.invoiceNumber);
    }
    expect(await countOrders(ctx.handle.db)).toBe(ordersBefore + sales.length);
    expect(await stockOf(ctx.handle.db, productId)).toBe(stockBefore - sales.length);

    for (const d of [one, two]) {
      const rows = await invoicesOf(d._id);
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
      expect(rows.map((r) => r.number)).toEqual(rows.map((r) => `${d.series}/${yy}/${String(r.seq).padStart(6, '0')}`));
      // each number is the sale's the till gave it
      for (const r of rows) expect(sales.find((s) => s._id === r.order_id)?.invoiceNumber).toBe(r.number);
    }
    const all = await ctx.handle.db.selectFrom('invoices').select('number').execute();
    expect(new Set(all.map((r) => r.number)).size).toBe(all.length);

    // the bill, the day close and GSTR-1 name the same numbers; table 13 lists each till's series beside the vendor's
    const bill = (await ok('GET', `/api/Orders/${sales[3]._id}`, tok.vendor)) as OrderDto;
    expect(bill.invoiceNumber).toBe(sales[3].invoiceNumber);
    const report = await ok('GET', `/api/Orders/gstr1/report?startDate=${today}&endDate=${today}`, tok.vendor);
    const docs = report.docs as Array<{ series: string; from: string; to: string; count: number; cancelled: number }>;
    for (const d of [one, two]) {
      expect(docs.find((r) => r.series === `${d.series}/${yy}/`)).toEqual({
        series: `${d.series}/${yy}/`,
        from: `${d.series}/${yy}/000001`,
        to: `${d.series}/${yy}/000014`,
        count: 14,
        cancelled: 0,
        netIssued: 14,
      });
    }
    const close = await ok('GET', `/api/Orders/vendor/day-summary?date=${today}`, tok.vendor);
    const series = close.invoiceSeries as Array<{ series: string; from: string; to: string; count: number }>;
    expect(series.find((r) => r.series === `${one.series}/${yy}/`)).toMatchObject({
      from: `${one.series}/${yy}/000001`,
      to: `${one.series}/${yy}/000014`,
    });
    const listed = (await ok('GET', '/api/devices', tok.vendor)) as DeviceDto[];
    expect(listed.find((d) => d._id === two._id)?.years).toEqual([{ fy, reservedTo: 50, lastUsed: 14 }]);
  });

  it("refuses a used number (409), a number outside the series, year or reserved block (400), another vendor's till (404); nothing changes", async () => {
    const orders = await countOrders(ctx.handle.db);
    const stock = await stockOf(ctx.handle.db, productId);
    const at = new Date().toISOString();
    const sale = (deviceId: string, invoiceNumber: string): Sale => ({ _id: randomUUID(), deviceId, invoiceNumber, createdAt: at });

    const used = await send(tok.vendor, sale(one._id, `${one.series}/${yy}/000003`));
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual(codedBody('tillNumberUsed', { field: 'invoiceNumber' }));

    const prevFy = financialYear(new Date(Date.now() - 366 * 86_400_000));
    for (const [s, code] of [
      [sale(one._id, `${one.series}/${yy}/000061`), 'tillNumberNotReserved'],
      [sale(two._id, `${two.series}/${yy}/000051`), 'tillNumberNotReserved'],
      [sale(one._id, `${two.series}/${yy}/000020`), 'tillNumberSeries'],
      [sale(one._id, `${one.series}/${yy}/0020`), 'tillNumberSeries'],
      [sale(one._id, `${one.series}/${prevFy}/000020`), 'tillNumberYear'],
    ] as const) {
      const res = await send(tok.vendor, s);
      expect(res.statusCode, s.invoiceNumber).toBe(400);
      expect(res.json()).toEqual(codedBody(code, { field: 'invoiceNumber' }));
    }
    // a sale to deliver later is numbered at delivery, never at the till
    const later = await send(tok.vendor, sale(one._id, `${one.series}/${yy}/000020`), { handedOver: false, paymentStatus: 'Pending' });
    expect(later.json()).toEqual(codedBody('tillNumberNotInvoiced', { field: 'invoiceNumber' }));
    // the number without its till, and another vendor's till
    const alone = await send(tok.vendor, sale(one._id, `${one.series}/${yy}/000020`), { deviceId: undefined });
    expect(alone.json()).toEqual(codedBody('tillNumberNeedsTill', { field: 'deviceId' }));
    const vendor2Product = (
      await ctx.handle.db
        .selectFrom('products')
        .innerJoin('users', 'users.id', 'products.vendor_id')
        .select('products.id')
        .where('users.phone', '=', DEMO.vendor2)
        .executeTakeFirstOrThrow()
    ).id;
    const notYours = await send(tok.vendor2, sale(one._id, `${one.series}/${yy}/000020`), {
      products: [{ productId: vendor2Product, quantity: 1 }],
    });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual(codedBody('deviceNotFound'));

    expect(await countOrders(ctx.handle.db)).toBe(orders);
    expect(await stockOf(ctx.handle.db, productId)).toBe(stock);
    expect((await invoicesOf(one._id)).length).toBe(14);
  });

  it('two sales racing with one number: one takes it, the other is refused with 409 and leaves nothing', async () => {
    const orders = await countOrders(ctx.handle.db);
    const at = new Date().toISOString();
    const number = `${one.series}/${yy}/000015`;
    const racers: Sale[] = [0, 1, 2].map(() => ({ _id: randomUUID(), deviceId: one._id, invoiceNumber: number, createdAt: at }));
    const answers = await Promise.all(racers.map((r) => send(tok.vendor, r)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of answers.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual(codedBody('tillNumberUsed', { field: 'invoiceNumber' }));
    expect(await countOrders(ctx.handle.db)).toBe(orders + 1);
    expect((await invoicesOf(one._id)).filter((i) => i.number === number)).toHaveLength(1);
  });

  it('a retired till reserves no more numbers, and the numbers it already held still arrive', async () => {
    const retired = (await ok('DELETE', `/api/devices/${two._id}`, tok.vendor)) as DeviceDto;
    expect(retired.retiredAt).not.toBeNull();
    expect((await call('POST', `/api/devices/${two._id}/numbers`, tok.vendor, {})).json()).toEqual(codedBody('deviceRetired'));
    expect((await call('DELETE', `/api/devices/${two._id}`, tok.vendor2)).statusCode).toBe(404);
    const late: Sale = {
      _id: randomUUID(),
      deviceId: two._id,
      invoiceNumber: `${two.series}/${yy}/000015`,
      createdAt: new Date().toISOString(),
    };
    const res = await send(tok.vendor, late);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.invoiceNumber).toBe(late.invoiceNumber);
  });
});

describe('a parked bill', () => {
  it('takes no number and no stock until it is finished: the sales around it are numbered one after another', async () => {
    const d = (await ok('POST', '/api/devices', tok.vendor, { name: 'Busy counter' }, 201)) as CreatedDeviceDto;
    const till = { state: tillOf(d) };
    const start = Date.now() - 10 * 60_000;
    await openShift(tok.vendor, d._id, 0, { at: new Date(start - 60_000).toISOString() });
    const stockBefore = await stockOf(ctx.handle.db, productId);
    // the first customer's bill is parked on the till (src/features/shop-order/parked-bills.ts): nothing is sent
    // and the till's numbers stay as they were; the next customer is served meanwhile
    const served = ringUp(till, new Date(start + 60_000));
    expect((await send(tok.vendor, served)).statusCode).toBe(201);
    expect(await stockOf(ctx.handle.db, productId)).toBe(stockBefore - 1);
    expect((await invoicesOf(d._id)).map((i) => i.seq)).toEqual([1]);
    // taken back and finished five minutes later, it is numbered then: the next number, no gap, its own time
    const finished = ringUp(till, new Date(start + 6 * 60_000));
    const res = await send(tok.vendor, finished);
    expect(res.statusCode).toBe(201);
    expect((res.json() as { order: OrderDto }).order.createdAt).toBe(finished.createdAt);
    expect((await invoicesOf(d._id)).map((i) => [i.seq, i.order_id])).toEqual([
      [1, served._id],
      [2, finished._id],
    ]);
    expect(await stockOf(ctx.handle.db, productId)).toBe(stockBefore - 2);
  });
});
