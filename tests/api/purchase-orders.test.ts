import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coded } from '../../core/coded';
import { financialYear, fyTag } from '../../core/invoice';
import { istDayOf } from '../../core/sale-void';
import type { ProductDto } from '../../core/schemas/product';
import type { PurchaseDto } from '../../core/schemas/purchase';
import type { PurchaseOrderDto, PurchaseOrderSummaryDto } from '../../core/schemas/purchase-order';
import type { ReorderResponse } from '../../core/schemas/reorder';
import { productBody } from '../support/api-builders';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';

/** Purchase orders: numbered gap-free per shop and year, received in parts by bills that name them, what is still to come. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, addPurchase, postPurchaseOrder, receiveOnOrder } = tokenRequests(() => ctx.app);
let shelf: { name: string; subcategories: string[] };
let gst: string;
let seq = 0;
const uniq = () => `${Date.now().toString(36)}-${++seq}`;

const newProduct = async (token: string, name: string) =>
  (
    (await ok(
      'POST',
      '/api/products',
      token,
      productBody(shelf, gst, `${name} ${uniq()}`, { countInStock: 0, reOrderLevel: 5 }),
      201,
    )) as ProductDto
  )._id;
/** A supplier of the shop of `token`, made by a first bill of one piece of `productId` at ₹1. */
const newSupplier = async (token: string, productId: string) => {
  const name = `PO Supplier ${uniq()}`;
  const bill = await addPurchase(token, { supplier: name, productId, billDate: istDayOf(new Date()), unitCost: 1 });
  return { id: bill.supplier._id, name, billId: bill._id };
};
const makeOrder = async (supplierId: string, lines: Array<[string, number]>, token = tok.vendor) => {
  const res = await postPurchaseOrder(token, supplierId, lines);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PurchaseOrderDto;
};
const order = (id: string) => ok('GET', `/api/purchase-orders/${id}`, tok.vendor) as Promise<PurchaseOrderDto>;
const receive = async (supplier: string, purchaseOrderId: string, lines: Array<[string, number, number]>) => {
  const res = await receiveOnOrder(tok.vendor, { supplier, purchaseOrderId, lines });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PurchaseDto;
};
const seqOf = (number: string) => Number(number.slice(-6));
const PO_NUMBER = new RegExp(`^[A-Z0-9]{1,3}-PO/${fyTag(financialYear(new Date()))}/\\d{6}$`);

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('a purchase order', () => {
  it('is numbered in the shop PO series and shows every line still to come', async () => {
    const [rice, dal] = [await newProduct(tok.vendor, 'PO rice'), await newProduct(tok.vendor, 'PO dal')];
    const supplier = await newSupplier(tok.vendor, rice);
    const po = await makeOrder(supplier.id, [
      [rice, 10],
      [dal, 4],
    ]);
    expect(po.number).toMatch(PO_NUMBER);
    expect(po.number.length).toBeLessThanOrEqual(16);
    expect(po).toMatchObject({ status: 'open', supplier: { _id: supplier.id, name: supplier.name }, receipts: [], closedAt: null });
    expect(po.lines.map((l) => [l.productId, l.ordered, l.received, l.toCome, l.onOrder])).toEqual([
      [rice, 10, 0, 10, true],
      [dal, 4, 0, 4, true],
    ]);
    expect(po.by?.name).toBeTruthy();
    // the bill that made the supplier named no order: it is no receipt
    expect((await order(po._id)).receipts).toEqual([]);
  });

  it('received in two parts: partly received, then received, with both receipts', async () => {
    const [rice, dal] = [await newProduct(tok.vendor, 'PO rice'), await newProduct(tok.vendor, 'PO dal')];
    const supplier = await newSupplier(tok.vendor, rice);
    const po = await makeOrder(supplier.id, [
      [rice, 10],
      [dal, 4],
    ]);

    const first = await receive(supplier.name, po._id, [
      [rice, 6, 50],
      [dal, 4, 90],
    ]);
    let now = await order(po._id);
    expect(now.status).toBe('partlyReceived');
    expect(now.lines.map((l) => [l.ordered, l.received, l.toCome])).toEqual([
      [10, 6, 4],
      [4, 4, 0],
    ]);
    const open = (await ok('GET', '/api/purchase-orders?status=partlyReceived', tok.vendor)) as PurchaseOrderSummaryDto[];
    expect(open.find((o) => o._id === po._id)).toMatchObject({ status: 'partlyReceived', lineCount: 2, linesToCome: 1 });

    const second = await receive(supplier.name, po._id, [[rice, 4, 50]]);
    now = await order(po._id);
    expect(now.status).toBe('received');
    expect(now.lines.map((l) => [l.ordered, l.received, l.toCome])).toEqual([
      [10, 10, 0],
      [4, 4, 0],
    ]);
    // 6 x ₹50 + 4 x ₹90 = ₹660; 4 x ₹50 = ₹200
    expect(now.receipts.map((r) => [r._id, r.total, r.cancelled])).toEqual([
      [first._id, 660, false],
      [second._id, 200, false],
    ]);
    const received = (await ok('GET', '/api/purchase-orders?status=received', tok.vendor)) as PurchaseOrderSummaryDto[];
    expect(received.map((o) => o._id)).toContain(po._id);
    const stillOpen = (await ok('GET', '/api/purchase-orders?status=open', tok.vendor)) as PurchaseOrderSummaryDto[];
    expect(stillOpen.map((o) => o._id)).not.toContain(po._id);
    // the stock rose by the receipts: 1 (the first bill) + 6 + 4 of rice
    expect(((await ok('GET', `/api/products/${rice}`, tok.vendor)) as ProductDto).countInStock).toBe(11);

    // a cancelled receipt no longer counts
    await ok('POST', `/api/purchases/${second._id}/cancel`, tok.vendor, { reason: 'Entered twice' });
    now = await order(po._id);
    expect(now.status).toBe('partlyReceived');
    expect(now.lines[0]).toMatchObject({ received: 6, toCome: 4 });
    expect(now.receipts[1]).toMatchObject({ _id: second._id, cancelled: true });
  });

  it('an over-receipt and a product not on the order: to come stays at 0, the extra product is listed', async () => {
    const [oil, soap] = [await newProduct(tok.vendor, 'PO oil'), await newProduct(tok.vendor, 'PO soap')];
    const supplier = await newSupplier(tok.vendor, oil);
    const po = await makeOrder(supplier.id, [[oil, 5]]);
    await receive(supplier.name, po._id, [
      [oil, 7, 120],
      [soap, 2, 30],
    ]);
    const now = await order(po._id);
    expect(now.status).toBe('received');
    expect(now.lines.map((l) => [l.productId, l.ordered, l.received, l.toCome, l.onOrder])).toEqual([
      [oil, 5, 7, 0, true],
      [soap, 0, 2, 0, false],
    ]);
  });

  it('a bill of another supplier, an unknown order or a closed order is refused, and nothing is saved', async () => {
    const rice = await newProduct(tok.vendor, 'PO rice');
    const supplier = await newSupplier(tok.vendor, rice);
    const other = await newSupplier(tok.vendor, rice);
    const po = await makeOrder(supplier.id, [[rice, 3]]);

    const wrong = await receiveOnOrder(tok.vendor, { supplier: other.name, purchaseOrderId: po._id, lines: [[rice, 3, 10]] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(
      codedBody(coded('purchaseOrderOtherSupplier', { number: po.number, supplier: supplier.name }), { field: 'purchaseOrderId' }),
    );
    const unknown = await receiveOnOrder(tok.vendor, {
      supplier: supplier.name,
      purchaseOrderId: crypto.randomUUID(),
      lines: [[rice, 1, 10]],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(codedBody('purchaseOrderNotFound', { field: 'purchaseOrderId' }));
    expect((await order(po._id)).lines[0]).toMatchObject({ received: 0, toCome: 3 });
    // 1 from the bill that made each supplier; nothing from the refused bills
    expect(((await ok('GET', `/api/products/${rice}`, tok.vendor)) as ProductDto).countInStock).toBe(2);

    const closed = (await ok('POST', `/api/purchase-orders/${po._id}/close`, tok.vendor, {
      reason: 'Supplier out of stock',
    })) as PurchaseOrderDto;
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'Supplier out of stock' });
    expect(closed.closedAt).not.toBeNull();
    const late = await receiveOnOrder(tok.vendor, { supplier: supplier.name, purchaseOrderId: po._id, lines: [[rice, 3, 10]] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(codedBody(coded('purchaseOrderClosed', { number: po.number }), { field: 'purchaseOrderId' }));
    // the Tamil text comes by the same code
    const ta = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { authorization: `Bearer ${tok.vendor}`, 'accept-language': 'ta' },
      payload: {
        supplier: { name: supplier.name },
        billNumber: `TA-${uniq()}`,
        billDate: istDayOf(new Date()),
        purchaseOrderId: po._id,
        lines: [{ productId: rice, quantity: 1, unitCost: 1, gstRate: 0 }],
      },
    });
    expect(ta.json()).toMatchObject({
      code: 'purchaseOrderClosed',
      message: `கொள்முதல் ஆணை ${po.number} மூடப்பட்டது: இனி அதற்கு எதுவும் பெறப்படாது`,
    });
  });

  it("is refused for another shop's supplier or product, with no lines or a product twice", async () => {
    const rice = await newProduct(tok.vendor, 'PO rice');
    const theirs = await newProduct(tok.vendor2, 'PO theirs');
    const supplier = await newSupplier(tok.vendor, rice);

    const otherShop = await postPurchaseOrder(tok.vendor2, supplier.id, [[theirs, 1]]);
    expect(otherShop.statusCode).toBe(400);
    expect(otherShop.json()).toEqual(codedBody('purchaseOrderSupplierUnknown', { field: 'supplierId' }));
    const foreign = await postPurchaseOrder(tok.vendor, supplier.id, [
      [rice, 1],
      [theirs, 1],
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(codedBody('purchaseOrderProductNotOfShop', { field: 'lines.1.productId' }));
    const empty = await postPurchaseOrder(tok.vendor, supplier.id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'purchaseOrderLinesRequired' });
    const twice = await postPurchaseOrder(tok.vendor, supplier.id, [
      [rice, 1],
      [rice, 2],
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'duplicateProducts' });
  });

  it('another shop cannot read it; an admin can', async () => {
    const rice = await newProduct(tok.vendor, 'PO rice');
    const supplier = await newSupplier(tok.vendor, rice);
    const po = await makeOrder(supplier.id, [[rice, 2]]);
    const theirs = await call('GET', `/api/purchase-orders/${po._id}`, tok.vendor2);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(codedBody('purchaseOrderNotFound'));
    const list = (await ok('GET', '/api/purchase-orders', tok.vendor2)) as PurchaseOrderSummaryDto[];
    expect(list.map((o) => o._id)).not.toContain(po._id);
    expect((await call('POST', `/api/purchase-orders/${po._id}/close`, tok.vendor2, {})).statusCode).toBe(404);
    expect(((await ok('GET', `/api/purchase-orders/${po._id}`, tok.admin)) as PurchaseOrderDto).number).toBe(po.number);
  });
});

describe('gap-free DN and PO series under parallel use', () => {
  it('the PO half: 8 orders made at once (and one refused among them) take 8 consecutive numbers', async () => {
    const rice = await newProduct(tok.vendor, 'PO rice');
    const theirs = await newProduct(tok.vendor2, 'PO theirs');
    const supplier = await newSupplier(tok.vendor, rice);
    const before = seqOf((await makeOrder(supplier.id, [[rice, 1]])).number);
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => postPurchaseOrder(tok.vendor, supplier.id, [[rice, i + 1]])),
      postPurchaseOrder(tok.vendor, supplier.id, [[theirs, 1]]),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 400]);
    const numbers = results.slice(0, 8).map((r) => (r.json() as PurchaseOrderDto).number);
    expect(new Set(numbers.map((n) => n.slice(0, -6))).size).toBe(1);
    expect(numbers.map(seqOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
    // the next one follows: the refused order took no number
    expect(seqOf((await makeOrder(supplier.id, [[rice, 1]])).number)).toBe(before + 9);
  });
});

describe('offline-safe creation', () => {
  it('a replay with the same Idempotency-Key answers the first order and takes no second number', async () => {
    const rice = await newProduct(tok.vendor, 'PO rice');
    const supplier = await newSupplier(tok.vendor, rice);
    const key = { 'idempotency-key': `po-${uniq()}` };
    const first = await postPurchaseOrder(tok.vendor, supplier.id, [[rice, 5]], key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await postPurchaseOrder(tok.vendor, supplier.id, [[rice, 5]], key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const next = await makeOrder(supplier.id, [[rice, 1]]);
    expect(seqOf(next.number)).toBe(seqOf((first.json() as PurchaseOrderDto).number) + 1);
  });
});

describe('the reorder list', () => {
  it("names each product's last supplier: the supplier of its latest bill not cancelled", async () => {
    const rice = await newProduct(tok.vendor, 'PO reorder rice');
    const never = await newProduct(tok.vendor, 'PO reorder never');
    const a = await newSupplier(tok.vendor, rice);
    const b = await newSupplier(tok.vendor, rice);
    const lines = async () => ((await ok('GET', '/api/stock/reorder', tok.vendor)) as ReorderResponse).products;
    // b's bill came last; 2 in stock is still at or below the reorder level 5
    expect((await lines()).find((p) => p._id === rice)?.lastSupplier).toEqual({ _id: b.id, name: b.name });
    expect((await lines()).find((p) => p._id === never)?.lastSupplier).toBeNull();
    await ok('POST', `/api/purchases/${b.billId}/cancel`, tok.vendor, { reason: 'Wrong supplier' });
    expect((await lines()).find((p) => p._id === rice)?.lastSupplier).toEqual({ _id: a.id, name: a.name });
  });
});
