import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDayOf } from '../../core/sale-void';
import type { VendorProductDto } from '../../core/schemas/product';
import type { CreditNoteDto, OrderReturns } from '../../core/schemas/returns';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { stockOf } from '../support/db-builders';
import { addBatch, batchQuantities, dayFromToday, stockAndBatchSum } from '../support/batch-builders';

/** One counter bill with two lines of the same rice: 2 bags of 25 kg and 12.5 kg loose. */
let ctx: TestContext;
let vendor = '';
const { call, ok, sale, shopSale } = tokenRequests(() => ctx.app);
let gst: { _id: string; hsnCode: string };
let shelf: { name: string; subcategories: string[] };
let seq = 0;
const db = () => ctx.handle.db;
const paid = { paymentMethod: 'cash' as const, handedOver: true };

/** Rice at ₹48.37 a kg with a 25 kg bag (no price of its own: 25 × ₹48.37), 100 kg in stock unless said. */
const rice = async (countInStock = 100) =>
  (await ok(
    'POST',
    '/api/products',
    vendor,
    productBody(shelf, gst._id, `Pack line rice ${++seq}`, {
      countInStock,
      shopPrice: 48.37,
      price: 50,
      unit: 'kg',
      packs: [{ name: 'bag', factor: 25 }],
    } as never),
    201,
  )) as VendorProductDto;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await login(ctx.app, DEMO.admin);
  vendor = await login(ctx.app, DEMO.vendor);
  const gsts = (await ok('GET', '/api/gsts?active=true', admin)) as Array<{ _id: string; hsnCode: string; rate: number }>;
  gst = gsts.find((g) => g.hsnCode && g.rate === 5) ?? gsts.find((g) => g.hsnCode) ?? gsts[0];
  shelf = await listedShelf(ctx.app, admin);
});
afterAll(async () => ctx?.close());

describe('a bill with a product in bags and loose', () => {
  it('moves 62.5 kg, bills both lines to the paisa, reports 62.5 KGS, and returns the loose line alone', async () => {
    const p = await rice();
    const kgsBefore = await hsnKgs();
    const order = await sale(
      vendor,
      [
        { productId: p._id, quantity: 2, pack: 'bag' },
        { productId: p._id, quantity: 12.5 },
      ],
      paid,
    );
    expect(await stockOf(db(), p._id)).toBe(37.5);
    expect(order.products).toHaveLength(2);
    // 25 × ₹48.37 = ₹1,209.25 a bag; 12.5 kg × ₹48.37 = ₹604.625, half up to ₹604.63
    expect(order.products[0]).toMatchObject({ quantity: 2, packName: 'bag', packFactor: 25, price: 1209.25, lineTotal: 2418.5 });
    expect(order.products[1]).toMatchObject({ quantity: 12.5, price: 48.37, lineTotal: 604.63 });
    expect(order.products[1].packName).toBeUndefined();
    expect(order.totalAmount).toBe(3023.13);
    expect(order.totalPayable).toBe(3023.13);
    expect((await hsnKgs()) - kgsBefore).toBe(62.5);

    const state = (await ok('GET', `/api/Orders/${order._id}/returns`, vendor)) as OrderReturns;
    expect(state.lines.map((l) => [l.packName ?? null, l.sold])).toEqual([
      ['bag', 2],
      [null, 12.5],
    ]);
    // no pack named: the loose line
    const note = (await ok(
      'POST',
      `/api/Orders/${order._id}/returns`,
      vendor,
      { refundMethod: 'cash', restock: true, lines: [{ productId: p._id, quantity: 12.5 }] },
      201,
    )) as CreditNoteDto;
    expect(note.lines).toHaveLength(1);
    expect(note.lines[0]).toMatchObject({ quantity: 12.5, amount: 604.63 });
    expect(await stockOf(db(), p._id)).toBe(50);
    const after = (await ok('GET', `/api/Orders/${order._id}/returns`, vendor)) as OrderReturns;
    expect(after.lines.map((l) => l.returnable)).toEqual([2, 0]);
    // the bags' line is named by its pack; the loose line has nothing left
    const bag = await call('POST', `/api/Orders/${order._id}/returns`, vendor, {
      refundMethod: 'cash',
      restock: true,
      lines: [{ productId: p._id, quantity: 1, pack: 'bag' }],
    });
    expect(bag.statusCode, bag.body).toBe(201);
    expect(await stockOf(db(), p._id)).toBe(75);
    const more = await call('POST', `/api/Orders/${order._id}/returns`, vendor, {
      refundMethod: 'cash',
      restock: true,
      lines: [{ productId: p._id, quantity: 0.5 }],
    });
    expect(more.statusCode).toBe(400);
  });

  it('refuses the same product twice in the same pack, and a return naming a pack not on the bill', async () => {
    const p = await rice();
    const twice = await shopSale(
      vendor,
      [
        { productId: p._id, quantity: 1, pack: 'bag' },
        { productId: p._id, quantity: 1, pack: 'Bag' },
      ],
      paid,
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'duplicateProducts' });
    const loose = await sale(vendor, [{ productId: p._id, quantity: 2 }], paid);
    const res = await call('POST', `/api/Orders/${loose._id}/returns`, vendor, {
      refundMethod: 'cash',
      restock: true,
      lines: [{ productId: p._id, quantity: 1, pack: 'bag' }],
    });
    expect(res.statusCode).toBe(400);
    expect(await stockOf(db(), p._id)).toBe(98);
  });

  it('takes the batches once, earliest expiry first, and each line names its own part', async () => {
    const p = await rice(0);
    await db().updateTable('products').set({ tracks_batches: true }).where('id', '=', p._id).execute();
    await addBatch(db(), p._id, { number: `EARLY-${seq}`, expiry: dayFromToday(10), quantity: 40 });
    await addBatch(db(), p._id, { number: `LATE-${seq}`, expiry: dayFromToday(40), quantity: 40 });
    const order = await sale(
      vendor,
      [
        { productId: p._id, quantity: 2, pack: 'bag' },
        { productId: p._id, quantity: 12.5 },
      ],
      paid,
    );
    expect(await batchQuantities(db(), p._id)).toMatchObject({ [`EARLY-${seq}`]: 0, [`LATE-${seq}`]: 17.5 });
    expect(await stockAndBatchSum(db(), p._id)).toEqual({ stock: 17.5, batches: 17.5 });
    // the bags' 50 kg: all 40 of the early batch and 10 of the late; the loose 12.5 kg: the late batch
    const parts = order.products.map((l) => (l.batches ?? []).map((b) => [b.number, b.quantity]));
    expect(parts).toEqual([
      [
        [`EARLY-${seq}`, 40],
        [`LATE-${seq}`, 10],
      ],
      [[`LATE-${seq}`, 12.5]],
    ]);
    const back = await call('POST', `/api/Orders/${order._id}/returns`, vendor, {
      refundMethod: 'cash',
      restock: true,
      lines: [{ productId: p._id, quantity: 12.5 }],
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(await stockAndBatchSum(db(), p._id)).toEqual({ stock: 30, batches: 30 });
  });
});

/** The KGS quantity of the GST record's HSN row in this month's GSTR-1 of the demo vendor. */
async function hsnKgs(): Promise<number> {
  const today = istDayOf(new Date());
  const r = (await ok('GET', `/api/Orders/gstr1/report?startDate=${today.slice(0, 8)}01&endDate=${today}`, vendor)) as {
    hsn: Array<{ hsn: string; uqc: string; quantity: number }>;
  };
  return r.hsn.filter((h) => h.hsn === gst.hsnCode && h.uqc === 'KGS').reduce((s, h) => s + h.quantity, 0);
}
