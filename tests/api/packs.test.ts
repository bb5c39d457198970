import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '../../core/barcode';
import { istDayOf } from '../../core/sale-void';
import type { OrderDto } from '../../core/schemas/order';
import type { ProductDto, VendorProductDto } from '../../core/schemas/product';
import type { PurchaseDto } from '../../core/schemas/purchase';
import { RULE_MSG_TA } from '../../core/rule-messages-ta';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { stockOf } from '../support/db-builders';

/** Packs: a product sold and bought by the bag, carton or strip; stock, cost and GST quantities in the base unit. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, sale, shopSale } = tokenRequests(() => ctx.app);
let gst: { _id: string; hsnCode: string };
let shelf: { name: string; subcategories: string[] };
let seq = 0;
const db = () => ctx.handle.db;

/** A product of the demo vendor with packs, ₹48 a unit, no stock unless `extra` says. */
const packed = async (unit: string, packs: object[], extra: object = {}) =>
  (await ok(
    'POST',
    '/api/products',
    tok.vendor,
    productBody(shelf, gst._id, `Pack item ${++seq}`, { countInStock: 0, shopPrice: 48, price: 50, unit, packs, ...extra } as never),
    201,
  )) as VendorProductDto;

const purchase = (productId: string, quantity: number, unitCost: number, pack?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { authorization: `Bearer ${tok.vendor}` },
    payload: {
      supplier: { name: 'Pack Supplier' },
      billNumber: `PACK-${++seq}`,
      billDate: istDayOf(new Date()),
      lines: [{ productId, quantity, unitCost, gstRate: 5, ...(pack ? { pack } : {}) }],
    },
  });

const paid = { paymentMethod: 'cash' as const, handedOver: true };

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  const gsts = (await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string; hsnCode: string; rate: number }>;
  gst = gsts.find((g) => g.hsnCode && g.rate === 5) ?? gsts.find((g) => g.hsnCode) ?? gsts[0];
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('a product carries its base unit and packs', () => {
  it('answers baseUnit and packs (price in rupees), takes baseUnit for unit, and finds a pack by its barcode', async () => {
    const p = await packed('pcs', [{ name: 'carton', factor: 48, barcode: 'CTN-48-A', price: 2000 }], { baseUnit: 'pcs' });
    expect(p.baseUnit).toBe('pcs');
    expect(p.unit).toBe('pcs');
    expect(p.packs).toEqual([{ name: 'carton', factor: 48, barcode: 'CTN-48-A', price: 2000 }]);
    const found = (await ok('GET', '/api/products/products?keyword=CTN-48-A', tok.vendor)) as VendorProductDto[];
    expect(found.map((x) => x._id)).toEqual([p._id]);
    // the catalogue's DTO carries them too (the counter's cached catalogue sells packs offline)
    const pub = (await ok('GET', `/api/products/${p._id}`, tok.vendor)) as ProductDto;
    expect(pub.packs[0]).toMatchObject({ name: 'carton', factor: 48 });
    // left out on an edit, the packs stay; an empty list removes them
    const kept = (await ok(
      'PUT',
      `/api/products/${p._id}`,
      tok.vendor,
      productBody(shelf, gst._id, p.name, { countInStock: 0, shopPrice: 48, price: 50 }),
    )) as VendorProductDto;
    expect(kept.packs).toHaveLength(1);
  });

  it("finds the product in the customers' search by a pack's barcode (scanned GTIN or shop code) and by its own", async () => {
    const body = `8901234${String(Date.now()).slice(-5)}`;
    const gtin = `${body}${gtinCheckDigit(body)}`;
    const sack = `SACK-${body}`;
    const p = await packed('kg', [
      { name: 'bag', factor: 25, barcode: gtin, price: 1100 },
      { name: 'sack', factor: 50, barcode: sack },
    ]);
    const search = async (keyword: string) =>
      (
        (await ok('GET', `/api/products/search?keyword=${encodeURIComponent(keyword)}`, tok.vendor)) as {
          products: ProductDto[];
          total: number;
        }
      ).products.map((x) => x._id);
    expect(await search(gtin)).toEqual([p._id]);
    expect(await search(` ${sack} `)).toEqual([p._id]);
    // a code of no product or pack finds nothing by barcode; words still search as before
    expect(await search(`${sack}1`)).not.toContain(p._id);
    expect(await search(p.name)).toContain(p._id);
    // a hidden product is not found by its pack's code either
    await db().updateTable('products').set({ is_active: false }).where('id', '=', p._id).execute();
    expect(await search(gtin)).toEqual([]);
  });

  it('refuses a bad factor, a fraction of a whole unit, a name twice and a barcode the shop uses, coded in English and Tamil', async () => {
    const body = (packs: object[], unit = 'pcs') =>
      productBody(shelf, gst._id, `Bad pack ${++seq}`, { countInStock: 0, shopPrice: 10, price: 12, unit, packs } as never);
    const zero = await call('POST', '/api/products', tok.vendor, body([{ name: 'box', factor: 0 }]));
    expect(zero.statusCode).toBe(400);
    const decimals = await call('POST', '/api/products', tok.vendor, body([{ name: 'bag', factor: 25.0001 }], 'kg'));
    expect(decimals.json()).toMatchObject({ code: 'packFactorInvalid' });
    const whole = await call('POST', '/api/products', tok.vendor, body([{ name: 'strip', factor: 2.5 }]));
    expect(whole.json()).toMatchObject({ code: 'packFactorWhole' });
    const twice = await call(
      'POST',
      '/api/products',
      tok.vendor,
      body([
        { name: 'Box', factor: 6 },
        { name: 'box ', factor: 12 },
      ]),
    );
    expect(twice.json()).toMatchObject({ code: 'packNameTaken' });
    await packed('pcs', [{ name: 'case', factor: 12, barcode: 'CASE-12-X' }]);
    const taken = await call('POST', '/api/products', tok.vendor, body([{ name: 'case', factor: 24, barcode: 'CASE-12-X' }]));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'barcodeTaken' });
    // a product's own barcode may be no pack's of the shop
    const asProduct = await call('POST', '/api/products', tok.vendor, { ...body([]), barcode: 'CASE-12-X' });
    expect(asProduct.json()).toMatchObject({ code: 'barcodeTaken' });
  });
});

describe('sales and purchases in packs', () => {
  it('a bag of 25 kg bought in bags: stock in kg, cost per kg; sold 2 bags and 12.5 kg loose; stock stays exact', async () => {
    const rice = await packed('kg', [{ name: 'bag', factor: 25 }], { shopPrice: 48 });
    // 4 bags at ₹1,100 a bag: 100 kg at ₹44 a kg
    const bought = await purchase(rice._id, 4, 1100, 'bag');
    expect(bought.statusCode, bought.body).toBe(201);
    const bill = bought.json() as PurchaseDto;
    expect(bill.lines[0]).toMatchObject({ quantity: 4, unitCost: 1100, packName: 'bag', packFactor: 25 });
    expect(await stockOf(db(), rice._id)).toBe(100);
    const after = (await ok('GET', '/api/products/products', tok.vendor)) as VendorProductDto[];
    expect(after.find((x) => x._id === rice._id)!.costPrice).toBe(44);

    const profit = async () => {
      const today = istDayOf(new Date());
      const r = (await ok('GET', `/api/reports/profit?from=${today}&to=${today}`, tok.vendor)) as { totals: { costOfSales: number } };
      return r.totals.costOfSales;
    };
    const costBefore = await profit();
    const bags = await sale(tok.vendor, [{ productId: rice._id, quantity: 2, pack: 'Bag' }], paid);
    // the cost of goods is per base unit: 2 bags are 50 kg at ₹44
    expect((await profit()) - costBefore).toBe(2200);
    expect(bags.products[0]).toMatchObject({ quantity: 2, packName: 'bag', packFactor: 25, price: 1200, lineTotal: 2400 });
    const loose = await sale(tok.vendor, [{ productId: rice._id, quantity: 12.5 }], paid);
    expect(loose.products[0]).toMatchObject({ quantity: 12.5, price: 48, lineTotal: 600 });
    expect(loose.products[0].packName).toBeUndefined();
    expect(await stockOf(db(), rice._id)).toBe(37.5);
  });

  it('a carton of 48 pieces with its own price, a 0.125 kg pack, and purchase cost kept exact per base unit', async () => {
    const soap = await packed('pcs', [{ name: 'carton', factor: 48, price: 2000 }], { countInStock: 100 });
    const order = await sale(tok.vendor, [{ productId: soap._id, quantity: 1, pack: 'carton' }], paid);
    expect(order.products[0]).toMatchObject({ price: 2000, lineTotal: 2000 });
    expect(await stockOf(db(), soap._id)).toBe(52);

    const spice = await packed('kg', [{ name: 'packet', factor: 0.125 }], { countInStock: 1, shopPrice: 400, price: 450 });
    const packets = await sale(tok.vendor, [{ productId: spice._id, quantity: 3, pack: 'packet' }], paid);
    // 3 × 0.125 kg = 0.375 kg at ₹400 a kg: ₹50 a packet
    expect(packets.products[0]).toMatchObject({ price: 50, lineTotal: 150 });
    expect(await stockOf(db(), spice._id)).toBe(0.625);

    // ₹100 for a 3 kg pack on an empty shelf: ₹33.33 a kg, not 100 / 3 rounded before the average
    const dal = await packed('kg', [{ name: 'pack', factor: 3 }]);
    expect((await purchase(dal._id, 1, 100, 'pack')).statusCode).toBe(201);
    const rows = (await ok('GET', '/api/products/products', tok.vendor)) as VendorProductDto[];
    expect(rows.find((x) => x._id === dal._id)!.costPrice).toBe(33.33);
    expect(await stockOf(db(), dal._id)).toBe(3);
  });

  it('refuses a pack the product has not, coded (Tamil too), and a part of a pack', async () => {
    const p = await packed('kg', [{ name: 'bag', factor: 25 }], { countInStock: 50 });
    const res = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1, pack: 'sack' }], paid);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'packUnknown', field: 'products.0.pack' });
    const ta = await ctx.app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: { authorization: `Bearer ${tok.vendor}`, 'accept-language': 'ta' },
      payload: {
        isShop: true,
        products: [{ productId: p._id, quantity: 1, pack: 'sack' }],
        shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600001', phoneNumber: '9000000000' },
        ...paid,
      },
    });
    expect(ta.statusCode).toBe(400);
    expect(ta.json().message).toBe(RULE_MSG_TA.packUnknown({ name: p.name, pack: 'sack' }));
    const half = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1.5, pack: 'bag' }], paid);
    expect(half.json()).toMatchObject({ code: 'packQuantityWhole' });
    const unknownBuy = await purchase(p._id, 1, 100, 'sack');
    expect(unknownBuy.json()).toMatchObject({ code: 'packUnknown', field: 'lines.0.pack' });
    expect(await stockOf(db(), p._id)).toBe(50);
  });

  it('a returned bag restocks 25 kg; a voided pack sale gives back its base quantity', async () => {
    const p = await packed('kg', [{ name: 'bag', factor: 25 }], { countInStock: 100 });
    const order = await sale(tok.vendor, [{ productId: p._id, quantity: 2, pack: 'bag' }], paid);
    expect(await stockOf(db(), p._id)).toBe(50);
    const back = await ctx.app.inject({
      method: 'POST',
      url: `/api/Orders/${order._id}/returns`,
      headers: { authorization: `Bearer ${tok.vendor}` },
      payload: { refundMethod: 'cash', restock: true, lines: [{ productId: p._id, quantity: 1 }] },
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(await stockOf(db(), p._id)).toBe(75);

    const other = await sale(tok.vendor, [{ productId: p._id, quantity: 1, pack: 'bag' }], paid);
    expect(await stockOf(db(), p._id)).toBe(50);
    const voided = await call('POST', `/api/Orders/${other._id}/void`, tok.vendor, { reason: 'Rung up twice' });
    expect(voided.statusCode, voided.body).toBeLessThan(300);
    expect(await stockOf(db(), p._id)).toBe(75);
  });

  it('GSTR-1 reports a bag sale in the base unit: 2 bags of 25 kg are 50 KGS', async () => {
    const p = await packed('kg', [{ name: 'bag', factor: 25 }], { countInStock: 100 });
    const before = await hsnKgs();
    await sale(tok.vendor, [{ productId: p._id, quantity: 2, pack: 'bag' }], paid);
    expect((await hsnKgs()) - before).toBe(50);
  });
});

/** The KGS quantity of the GST record's HSN row in this month's GSTR-1 of the demo vendor. */
async function hsnKgs(): Promise<number> {
  const today = istDayOf(new Date());
  const r = (await ok('GET', `/api/Orders/gstr1/report?startDate=${today.slice(0, 8)}01&endDate=${today}`, tok.vendor)) as {
    hsn: Array<{ hsn: string; uqc: string; quantity: number }>;
  };
  return r.hsn.filter((h) => h.hsn === gst.hsnCode && h.uqc === 'KGS').reduce((s, h) => s + h.quantity, 0);
}

export type { OrderDto };
