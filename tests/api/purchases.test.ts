import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coded } from '../../core/coded';
import { gstinCheckChar } from '../../core/gstin';
import { istDayOf } from '../../core/sale-void';
import type { InputGstResponse, PurchaseDto, PurchaseSummaryDto, SupplierDto } from '../../core/schemas/purchase';
import type { ProductDto } from '../../core/schemas/product';
import { bearer, codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody as makeBody } from '../support/api-builders';
import { stockOf } from '../support/db-builders';

/** Receiving goods from suppliers: /api/purchases. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok } = tokenRequests(() => ctx.app);

let gst: string;
let shelf: { name: string; subcategories: string[] };
let seq = 0;
const today = istDayOf(new Date());
const tomorrow = istDayOf(new Date(Date.now() + 86_400_000));
/** A GSTIN of Karnataka (29): a supplier of another state, IGST. */
const KARNATAKA = `29AABCM1234F1Z${gstinCheckChar('29AABCM1234F1Z')}`;
const TAMIL_NADU = `33AABCM1234F1Z${gstinCheckChar('33AABCM1234F1Z')}`;

/** A product of `token`'s vendor with 50 in stock (pieces unless `extra` says otherwise). */
const product = async (token = tok.vendor, extra: object = {}) =>
  (await ok(
    'POST',
    '/api/products',
    token,
    makeBody(shelf, gst, `Purchase item ${++seq}`, { countInStock: 50, price: 80, shopPrice: 68, ...extra }),
    201,
  )) as ProductDto;

interface Line {
  productId: string;
  quantity: number;
  unitCost: number;
  gstRate: number;
}
const body = (lines: Line[], extra: object = {}) => ({
  supplier: { name: 'Murugan Traders' },
  billNumber: `B-${++seq}`,
  billDate: today,
  lines,
  ...extra,
});
const receive = (lines: Line[], extra: object = {}, token = tok.vendor, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/purchases', headers: { ...bearer(token), ...headers }, payload: body(lines, extra) });
async function received(lines: Line[], extra: object = {}, token = tok.vendor) {
  const res = await receive(lines, extra, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PurchaseDto;
}
const cancel = (id: string, token = tok.vendor, reason = 'Wrong bill entered') =>
  call('POST', `/api/purchases/${id}/cancel`, token, { reason });

const db = () => ctx.handle.db;
const costOf = async (id: string) =>
  (await db().selectFrom('products').select('cost_price_paise').where('id', '=', id).executeTakeFirstOrThrow()).cost_price_paise;
const ledger = (productId: string) =>
  db().selectFrom('stock_movements').selectAll().where('product_id', '=', productId).orderBy('id').execute();
const count = async (table: 'purchases' | 'suppliers' | 'purchase_lines') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2', 'customer'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('receiving goods', () => {
  it('raises the stock with ledger rows of kind purchase, and computes the bill with CGST and SGST', async () => {
    const soap = await product();
    const rice = await product(tok.vendor, { unit: 'kg' });
    const p = await received([
      { productId: soap._id, quantity: 10, unitCost: 40, gstRate: 5 },
      { productId: rice._id, quantity: 1.25, unitCost: 52.5, gstRate: 0 },
    ]);
    expect(await stockOf(db(), soap._id)).toBe(60);
    expect(await stockOf(db(), rice._id)).toBe(51.25);
    const rows = (await ledger(soap._id)).filter((r) => r.kind === 'purchase');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ref: p._id, quantity: '10.000', balance: '60.000' });
    expect(rows[0].by_user).toBeTruthy();
    expect(p.interState).toBe(false);
    expect(p.lines[0]).toMatchObject({
      name: soap.name,
      unit: 'pcs',
      quantity: 10,
      unitCost: 40,
      gstRate: 5,
      taxable: 400,
      cgst: 10,
      sgst: 10,
      igst: 0,
      total: 420,
    });
    // 1.25 x ₹52.50 = ₹65.625, to the paisa ₹65.63
    expect(p.lines[1]).toMatchObject({ quantity: 1.25, taxable: 65.63, cgst: 0, total: 65.63 });
    expect(p).toMatchObject({ taxable: 465.63, cgst: 10, sgst: 10, igst: 0, total: 485.63, cancelledAt: null });
    expect(await ok('GET', `/api/purchases/${p._id}`, tok.vendor)).toEqual(p);
  });

  it('moves the cost price to the weighted average, never counting stock below zero', async () => {
    const soap = await product();
    await received([{ productId: soap._id, quantity: 10, unitCost: 40, gstRate: 18 }]);
    // cost unknown before: the new unit cost
    expect(await costOf(soap._id)).toBe(4000);
    await received([{ productId: soap._id, quantity: 30, unitCost: 48, gstRate: 18 }]);
    // (60 x ₹40 + 30 x ₹48) / 90 = ₹42.666.. -> ₹42.67
    expect(await costOf(soap._id)).toBe(4267);
    await db().updateTable('products').set({ count_in_stock: -5 }).where('id', '=', soap._id).execute();
    await received([{ productId: soap._id, quantity: 10, unitCost: 50, gstRate: 18 }]);
    expect(await costOf(soap._id)).toBe(5000);
    expect(await stockOf(db(), soap._id)).toBe(5);
  });

  it('keeps the supplier (one per name, any case), updates its phone and GSTIN, and offers it', async () => {
    const soap = await product();
    const a = await received([{ productId: soap._id, quantity: 1, unitCost: 10, gstRate: 5 }], {
      supplier: { name: 'Selvi Agencies', phone: '9876543210' },
    });
    const b = await received([{ productId: soap._id, quantity: 1, unitCost: 10, gstRate: 5 }], {
      supplier: { name: 'selvi agencies', gstin: TAMIL_NADU.toLowerCase() },
    });
    expect(b.supplier._id).toBe(a.supplier._id);
    expect(b.supplier).toEqual({ _id: a.supplier._id, name: 'Selvi Agencies', phone: '9876543210', gstin: TAMIL_NADU });
    const offered = (await ok('GET', '/api/purchases/suppliers', tok.vendor)) as SupplierDto[];
    expect(offered.filter((s) => s.name.toLowerCase() === 'selvi agencies')).toEqual([b.supplier]);
    // another vendor's list does not show it
    expect(((await ok('GET', '/api/purchases/suppliers', tok.vendor2)) as SupplierDto[]).some((s) => s._id === a.supplier._id)).toBe(false);
  });

  it('refuses the same bill of the same supplier twice until the first is cancelled', async () => {
    const soap = await product();
    const line = [{ productId: soap._id, quantity: 2, unitCost: 10, gstRate: 5 }];
    const first = await received(line, { billNumber: 'INV-77', supplier: { name: 'Kumar Stores' } });
    const again = await receive(line, { billNumber: 'inv-77', supplier: { name: 'KUMAR STORES' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(
      codedBody(coded('purchaseBillTaken', { billNumber: 'inv-77', supplier: 'Kumar Stores' }), { field: 'billNumber' }),
    );
    expect(await stockOf(db(), soap._id)).toBe(52);
    // another supplier may have a bill of that number
    await received(line, { billNumber: 'INV-77', supplier: { name: 'Other Stores' } });
    expect((await cancel(first._id)).statusCode).toBe(200);
    await received(line, { billNumber: 'INV-77', supplier: { name: 'Kumar Stores' } });
  });

  it("answers 404 for another vendor's product and saves nothing", async () => {
    const mine = await product();
    const theirs = await product(tok.vendor2);
    const before = { purchases: await count('purchases'), suppliers: await count('suppliers'), lines: await count('purchase_lines') };
    const res = await receive(
      [
        { productId: mine._id, quantity: 5, unitCost: 10, gstRate: 5 },
        { productId: theirs._id, quantity: 5, unitCost: 10, gstRate: 5 },
      ],
      { supplier: { name: `Brand new supplier ${seq}` } },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(codedBody('productNotFound'));
    expect({ purchases: await count('purchases'), suppliers: await count('suppliers'), lines: await count('purchase_lines') }).toEqual(
      before,
    );
    expect(await stockOf(db(), mine._id)).toBe(50);
    expect(await stockOf(db(), theirs._id)).toBe(50);
    expect(await costOf(mine._id)).toBeNull();
  });

  it("lets an admin receive a vendor's goods (the bill is that vendor's) but not mix vendors", async () => {
    const mine = await product();
    const theirs = await product(tok.vendor2);
    const mixed = await receive(
      [
        { productId: mine._id, quantity: 1, unitCost: 10, gstRate: 5 },
        { productId: theirs._id, quantity: 1, unitCost: 10, gstRate: 5 },
      ],
      {},
      tok.admin,
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual(codedBody('purchaseMixedVendors'));
    const p = await received([{ productId: theirs._id, quantity: 1, unitCost: 10, gstRate: 5 }], {}, tok.admin);
    expect(p.vendorId).toBe(theirs.vendorId);
    expect(await ok('GET', `/api/purchases/${p._id}`, tok.vendor2)).toEqual(p);
    expect((await call('GET', `/api/purchases/${p._id}`, tok.vendor)).statusCode).toBe(404);
    const listed = (await ok('GET', '/api/purchases', tok.vendor)) as PurchaseSummaryDto[];
    expect(listed.some((x) => x._id === p._id)).toBe(false);
  });

  it('refuses bad quantities, too many decimals, a future bill date and a GST rate off the slabs, changing nothing', async () => {
    const soap = await product();
    const rice = await product(tok.vendor, { unit: 'kg' });
    const before = await count('purchases');
    const cases: Array<[Line[], object, string]> = [
      [[{ productId: soap._id, quantity: 0, unitCost: 10, gstRate: 5 }], {}, 'quantityPositive'],
      [[{ productId: soap._id, quantity: -2, unitCost: 10, gstRate: 5 }], {}, 'quantityPositive'],
      [[{ productId: rice._id, quantity: 1.2345, unitCost: 10, gstRate: 5 }], {}, 'quantityDecimals'],
      [[{ productId: soap._id, quantity: 10, unitCost: 10, gstRate: 7 }], {}, 'gstRateSlab'],
      [[{ productId: soap._id, quantity: 10, unitCost: 10.005, gstRate: 5 }], {}, 'unitCostInvalid'],
      [[{ productId: soap._id, quantity: 1, unitCost: 10, gstRate: 5 }], { billDate: tomorrow }, 'billDateFuture'],
      [[], {}, 'purchaseLinesRequired'],
      [
        [{ productId: soap._id, quantity: 1, unitCost: 10, gstRate: 5 }],
        { supplier: { name: 'X', gstin: '29AABCM1234F1Z0' } },
        'gstinCheck',
      ],
    ];
    for (const [lines, extra, code] of cases) {
      const res = await receive(lines, extra);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe(code);
    }
    // whole pieces: the unit decides (the server checks)
    const half = await receive([{ productId: soap._id, quantity: 1.5, unitCost: 10, gstRate: 5 }]);
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ code: 'quantityWhole', field: 'lines.0.quantity' });
    expect(await count('purchases')).toBe(before);
    expect(await stockOf(db(), soap._id)).toBe(50);
  });

  it('cancels: the goods go back out as purchase_cancelled, twice is a no-op, refused when already sold', async () => {
    const soap = await product();
    const p = await received([{ productId: soap._id, quantity: 5, unitCost: 20, gstRate: 12 }]);
    const cost = await costOf(soap._id);
    const res = await cancel(p._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(codedBody('purchaseCancelled'));
    expect(res.json().purchase).toMatchObject({ cancelReason: 'Wrong bill entered' });
    expect(res.json().purchase.cancelledAt).toBeTruthy();
    expect(await stockOf(db(), soap._id)).toBe(50);
    const back = (await ledger(soap._id)).filter((r) => r.kind === 'purchase_cancelled');
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ ref: p._id, quantity: '-5.000', balance: '50.000', note: 'Wrong bill entered' });
    // the cost price stays as it is
    expect(await costOf(soap._id)).toBe(cost);
    const twice = await cancel(p._id, tok.vendor, 'Another reason');
    expect(twice.statusCode).toBe(200);
    expect(twice.json().purchase.cancelReason).toBe('Wrong bill entered');
    expect(await stockOf(db(), soap._id)).toBe(50);
    expect((await ledger(soap._id)).filter((r) => r.kind === 'purchase_cancelled')).toHaveLength(1);

    // sold from: the stock cannot give the goods back
    const oil = await product(tok.vendor, { countInStock: 0 });
    const q = await received([{ productId: oil._id, quantity: 4, unitCost: 100, gstRate: 5 }]);
    await db().updateTable('products').set({ count_in_stock: 1 }).where('id', '=', oil._id).execute();
    const sold = await cancel(q._id);
    expect(sold.statusCode).toBe(409);
    expect(sold.json()).toEqual(codedBody(coded('purchaseCancelStockSold', { name: oil.name })));
    expect(await stockOf(db(), oil._id)).toBe(1);
    expect((await ok('GET', `/api/purchases/${q._id}`, tok.vendor)).cancelledAt).toBeNull();
    // another vendor's purchase: 404
    expect((await cancel(p._id, tok.vendor2)).statusCode).toBe(404);
    expect((await call('GET', '/api/purchases/not-an-id', tok.vendor)).json()).toEqual(codedBody('purchaseNotFound'));
  });

  it('creates one purchase for one Idempotency-Key, and refuses the key with another body', async () => {
    const soap = await product();
    const payload = body([{ productId: soap._id, quantity: 3, unitCost: 15, gstRate: 5 }]);
    const send = (p: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: { ...bearer(tok.vendor), 'idempotency-key': `key-${seq}` },
        payload: p,
      });
    const before = await count('purchases');
    const first = await send(payload);
    const replay = await send(payload);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await count('purchases')).toBe(before + 1);
    expect(await stockOf(db(), soap._id)).toBe(53);
    const other = await send({ ...payload, billNumber: 'changed' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual(codedBody('idempotencyKeyReused'));
    expect(await count('purchases')).toBe(before + 1);
  });

  it('sums input GST per rate for the period, IGST from another state, leaving out cancelled bills', async () => {
    const soap = await product();
    const oil = await product();
    const day = '2024-02-10';
    await received([{ productId: soap._id, quantity: 10, unitCost: 100, gstRate: 5 }], { billDate: day });
    const igst = await received(
      [
        { productId: soap._id, quantity: 2, unitCost: 50, gstRate: 18 },
        { productId: oil._id, quantity: 1, unitCost: 200, gstRate: 5 },
      ],
      { billDate: '2024-02-20', supplier: { name: 'Bengaluru Mills', gstin: KARNATAKA } },
    );
    expect(igst).toMatchObject({ interState: true, taxable: 300, cgst: 0, sgst: 0, igst: 28, total: 328 });
    const gone = await received([{ productId: oil._id, quantity: 1, unitCost: 999, gstRate: 12 }], { billDate: day });
    await cancel(gone._id);
    // outside the month
    await received([{ productId: oil._id, quantity: 1, unitCost: 500, gstRate: 5 }], { billDate: '2024-03-01' });
    const report = (await ok('GET', '/api/purchases/input-gst?from=2024-02-01&to=2024-02-29', tok.vendor)) as InputGstResponse;
    expect(report.rows).toEqual([
      { rate: 5, taxable: 1200, cgst: 25, sgst: 25, igst: 10, total: 1260 },
      { rate: 18, taxable: 100, cgst: 0, sgst: 0, igst: 18, total: 118 },
    ]);
    expect(report.totals).toEqual({ taxable: 1300, cgst: 25, sgst: 25, igst: 28, total: 1378 });
    expect(((await ok('GET', '/api/purchases/input-gst?from=2024-02-01&to=2024-02-29', tok.vendor2)) as InputGstResponse).rows).toEqual([]);
    const list = (await ok('GET', '/api/purchases?from=2024-02-01&to=2024-02-29', tok.vendor)) as PurchaseSummaryDto[];
    expect(list.map((p) => p.billDate)).toEqual(['2024-02-20', day, day]);
    expect(list.find((p) => p._id === gone._id)?.cancelledAt).toBeTruthy();
  });
});
