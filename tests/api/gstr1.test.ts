import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../core/schemas/order';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext, codedBody } from './helpers';

let ctx: TestContext;
const tok: Record<string, string> = {};
const SHIP = { address: '4 Beach Road', city: 'Chennai', pincode: '600041', phoneNumber: '9876500003', area: 'Adyar' };
const IST_MS = 330 * 60_000;
const istDay = (t: number) => new Date(t + IST_MS).toISOString().slice(0, 10);
const today = istDay(Date.now());
const yesterday = istDay(Date.now() - 86_400_000);
const startOfTodayIst = Date.parse(`${today}T00:00:00+05:30`);

const { call, placeOrder, shopSale } = tokenRequests(() => ctx.app);

const ids: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2', 'customer', 'delivery'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  const vendors = (await call('GET', '/api/users/vendors', tok.admin)).json() as Array<{ _id: string; phone: string }>;
  ids.vendor = vendors.find((v) => v.phone === DEMO.vendor)!._id;
  ids.vendor2 = vendors.find((v) => v.phone === DEMO.vendor2)!._id;
});
afterAll(async () => ctx?.close());

interface Report {
  vendor: { _id: string; gstNumber: string };
  period: { fp: string; timezone: string };
  b2cs: Array<{ rate: number; taxable: number; cgst: number; sgst: number; igst: number }>;
  hsn: Array<{ hsn: string; rate: number; quantity: number; totalValue: number; taxable: number }>;
  docs: Array<{ series: string; count: number; from: string; to: string; cancelled: number; netIssued: number }>;
  totals: {
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
    tax: number;
    totalValue: number;
    sales: number;
    quantity: number | null;
    quantities: Array<{ uqc: string; quantity: number }>;
    invoices: number;
  };
  portalJson: {
    gstin: string;
    fp: string;
    b2cs: Array<{ rt: number; txval: number }>;
    doc_issue: { doc_det: Array<{ docs: Array<{ totnum: number }> }> };
  };
  csv: string;
}
const report = async (token: string, start = today, end = today, vendorId?: string) => {
  const res = await call(
    'GET',
    `/api/Orders/gstr1/report?startDate=${start}&endDate=${end}${vendorId ? `&vendorId=${vendorId}` : ''}`,
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Report;
};

async function product(token: string, name: string, rate: number, shopPrice: number, discount = 0, extra: object = {}) {
  const cat = await listedShelf(ctx.app, token);
  const gst = ((await call('GET', '/api/gsts?active=true', token)).json() as Array<{ _id: string; rate: number; hsnCode: string }>).find(
    (g) => g.rate === rate && g.hsnCode,
  )!;
  const res = await call('POST', '/api/products', token, {
    name,
    price: shopPrice + 10,
    shopPrice,
    discount,
    countInStock: 100,
    reOrderLevel: 1,
    category: cat.name,
    subcategory: cat.subcategories[0],
    gst: gst._id,
    images: ['/images/x.svg'],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const p = res.json();
  return { id: (p.product ?? p)._id as string, hsn: gst.hsnCode };
}

const cents = (n: number) => Math.round(n * 100);
/** The change of each money or count total (the per-UQC quantities are compared on their own). */
const diff = (a: Report['totals'], b: Report['totals']) =>
  Object.fromEntries(
    Object.keys(a)
      .filter((k) => typeof a[k as keyof typeof a] === 'number' && typeof b[k as keyof typeof b] === 'number')
      .map((k) => [k, (cents(a[k as keyof typeof a] as number) - cents(b[k as keyof typeof b] as number)) / 100]),
  );

describe('GET /api/Orders/gstr1/report', () => {
  it('adds exactly the new orders of the vendor, checkout (once delivered) and shop sale alike, with a CSV that agrees', async () => {
    const before = await report(tok.vendor);
    const other = await report(tok.vendor2);
    const rice = await product(tok.vendor, 'GSTR Test Rice', 5, 99.99);
    const soap = await product(tok.vendor, 'GSTR Test Soap', 18, 45.5, 0.5);

    const placed = await placeOrder(
      tok.customer,
      [
        { productId: rice.id, quantity: 3, price: 99.99 },
        { productId: soap.id, quantity: 1, price: 45.5, discount: 0.5 },
      ],
      { shippingAddress: SHIP },
    );
    const shop = await shopSale(tok.vendor, [{ productId: soap.id, quantity: 2, discount: 1 }]);
    expect(shop.statusCode, shop.body).toBe(201);
    const orders = [...placed, ...(shop.json() as { orders: OrderDto[] }).orders];
    expect(orders.every((o) => o.vendorId._id === ids.vendor)).toBe(true);
    // items 3 x 99.99 + 45.00 + 2 x 45.00 (counter discount 1.00 on two units) = 434.97; the delivery
    // order's 344.97 is payable as 344.00 (the 0.97 round-off is its delivery discount: 0.84 rice, 0.13 soap)
    expect(orders.reduce((s, o) => s + cents(o.totalAmount), 0) / 100).toBe(434.97);
    const ordersTotal = orders.reduce((s, o) => s + cents(o.totalPayable), 0) / 100;
    expect(ordersTotal).toBe(434);

    // the delivery order is not supplied yet: no invoice, not in the return; the paid counter sale is
    const undelivered = diff((await report(tok.vendor)).totals, before.totals);
    expect(undelivered.totalValue).toBe(90);
    expect(undelivered.invoices).toBe(1);
    const delivered = await call('PUT', '/api/Orders/mark-delivered', tok.delivery, { orderId: orders[0]._id });
    expect(delivered.statusCode, delivered.body).toBe(200);

    const after = await report(tok.vendor);
    const d = diff(after.totals, before.totals);
    expect(d.totalValue).toBe(ordersTotal);
    expect(d.sales).toBe(ordersTotal);
    expect(d.invoices).toBe(2);
    // quantities add up per unit quantity code only: 3 + 1 + 2 pieces more
    const pieces = (r: Report) => r.totals.quantities.find((q) => q.uqc === 'NOS')?.quantity ?? 0;
    expect(pieces(after) - pieces(before)).toBe(6);
    // GST on what was charged, CGST = SGST = half the rate on the taxable value, half-up:
    // rice 299.13 at 5 % -> 7.12 + 7.12, taxable 284.89; soap 44.87 at 18 % -> 3.42 + 3.42, taxable 38.03;
    // counter soap 90.00 at 18 % -> 6.86 + 6.86, taxable 76.28
    expect(d.taxable).toBe(399.2); // 284.89 + 38.03 + 76.28
    expect(d.cgst).toBe(17.4); // 7.12 + 3.42 + 6.86
    expect(d.sgst).toBe(17.4);
    expect(d.igst).toBe(0);
    expect(cents(after.totals.taxable) + cents(after.totals.tax)).toBe(cents(after.totals.totalValue));

    const sum = (rows: Array<{ taxable: number }>) => rows.reduce((s, r) => s + cents(r.taxable), 0);
    expect(sum(after.hsn)).toBe(cents(after.totals.taxable));
    expect(after.hsn.find((h) => h.hsn === rice.hsn && h.rate === 5)!.quantity).toBeGreaterThanOrEqual(3);
    for (const b of after.b2cs) expect(b.cgst, `rate ${b.rate}`).toBe(b.sgst);
    expect(after.docs.reduce((n, r) => n + r.netIssued, 0)).toBe(after.totals.invoices);
    for (const r of after.docs) {
      // one series of this vendor's numbers, gap-free: MS/26/000001 .. MS/26/000005
      expect(r.series).toMatch(/^MS\/\d{2}\/$/);
      expect(r.from.startsWith(r.series) && r.to.startsWith(r.series)).toBe(true);
      expect(Number(r.to.slice(r.series.length)) - Number(r.from.slice(r.series.length)) + 1).toBe(r.count);
      expect(r.cancelled).toBe(0);
    }
    expect(after.portalJson.gstin).toBe('33AABCM1234F1Z4');
    expect(after.portalJson.fp).toBe(`${today.slice(5, 7)}${today.slice(0, 4)}`);
    expect(after.period.timezone).toBe('Asia/Kolkata');
    expect(after.portalJson.doc_issue.doc_det[0].docs.map((x) => x.totnum)).toEqual(after.docs.map((x) => x.count));

    // CSV: the HSN Total row carries quantity, total value, taxable and taxes
    const hsnTotal = after.csv
      .split('\r\n')
      .filter((l) => l.startsWith('Total,'))[1]
      .split(',');
    expect(hsnTotal[3]).toBe(after.totals.quantity === null ? '' : String(after.totals.quantity));
    expect(Number(hsnTotal[4])).toBe(after.totals.totalValue);
    expect(Number(hsnTotal[6])).toBe(after.totals.taxable);
    expect([Number(hsnTotal[7]), Number(hsnTotal[8]), Number(hsnTotal[9])]).toEqual([
      after.totals.igst,
      after.totals.cgst,
      after.totals.sgst,
    ]);
    expect(after.csv).toMatch(/^\uFEFFB2CS\r\n/); // UTF-8 byte-order mark first, for spreadsheet programs
    expect(after.csv).toContain('\r\nHSN(B2C)\r\n');
    expect(after.csv).toContain('\r\nDOCS\r\n');

    // the other vendor's report did not move
    expect((await report(tok.vendor2)).totals).toEqual(other.totals);
  });

  it('totals quantities per unit quantity code: kilograms apart from pieces, and no single quantity', async () => {
    const dal = await product(tok.vendor, 'GSTR Test Dal (loose)', 5, 120, 0, { unit: 'kg' });
    const soap = await product(tok.vendor, 'GSTR Test Soap Bar', 18, 30);
    const sale = await shopSale(tok.vendor, [
      { productId: dal.id, quantity: 0.75 },
      { productId: soap.id, quantity: 2 },
    ]);
    expect(sale.statusCode, sale.body).toBe(201);
    const r = await report(tok.vendor);
    const uqcs = r.totals.quantities.map((q) => q.uqc);
    expect(uqcs).toEqual(expect.arrayContaining(['KGS', 'NOS']));
    expect(r.totals.quantities.find((q) => q.uqc === 'KGS')!.quantity).toBeGreaterThanOrEqual(0.75);
    expect(r.totals.quantity).toBeNull();
  });

  it('dates are inclusive IST days: a sale at 23:30 IST yesterday is in yesterday, not today', async () => {
    const p = await product(tok.vendor2, 'Late Night Jasmine', 5, 50);
    const beforeToday = await report(tok.vendor2);
    const beforeYesterday = await report(tok.vendor2, yesterday, yesterday);
    const res = await shopSale(tok.vendor2, [{ productId: p.id, quantity: 1 }], {
      createdAt: new Date(startOfTodayIst - 30 * 60_000).toISOString(),
      shippingAddress: { address: 'Counter', city: 'Madurai', pincode: '625020', phoneNumber: '9000000001' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await report(tok.vendor2)).totals).toEqual(beforeToday.totals);
    const y = await report(tok.vendor2, yesterday, yesterday);
    expect(diff(y.totals, beforeYesterday.totals).totalValue).toBe(50);
    const both = await report(tok.vendor2, yesterday, today);
    expect(cents(both.totals.totalValue)).toBe(cents(y.totals.totalValue) + cents(beforeToday.totals.totalValue));
  });

  it('a vendor sees only its own sales; an admin must pick a vendor', async () => {
    const own = await report(tok.vendor, today, today, ids.vendor);
    expect(own.vendor._id).toBe(ids.vendor);
    const res = await call('GET', `/api/Orders/gstr1/report?startDate=${today}&endDate=${today}&vendorId=${ids.vendor2}`, tok.vendor);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(codedBody('ownSalesOnly'));
    const noVendor = await call('GET', `/api/Orders/gstr1/report?startDate=${today}&endDate=${today}`, tok.admin);
    expect(noVendor.statusCode).toBe(400);
    expect(noVendor.json()).toEqual(codedBody('chooseVendor', { field: 'vendorId' }));
    const asAdmin = await report(tok.admin, today, today, ids.vendor2);
    expect(asAdmin.vendor._id).toBe(ids.vendor2);
    expect(asAdmin.totals).toEqual((await report(tok.vendor2)).totals);
    const customerId = ((await call('GET', '/api/users', tok.admin)).json() as Array<{ _id: string; phone: string }>).find(
      (u) => u.phone === DEMO.customer,
    )!._id;
    const notVendor = await call('GET', `/api/Orders/gstr1/report?startDate=${today}&endDate=${today}&vendorId=${customerId}`, tok.admin);
    expect(notVendor.statusCode).toBe(404);
    expect(notVendor.json()).toEqual(codedBody('vendorNotFound'));
  });

  it('refuses other roles and bad periods', async () => {
    const url = `/api/Orders/gstr1/report?startDate=${today}&endDate=${today}`;
    expect((await call('GET', url, tok.customer)).statusCode).toBe(403);
    expect((await call('GET', url, tok.delivery)).statusCode).toBe(403);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    for (const [q, code, field] of [
      ['', 'dayInvalid', 'startDate'],
      [`startDate=${today}`, 'dayInvalid', 'endDate'],
      ['startDate=2025-13-01&endDate=2025-13-02', 'dayInvalid', 'startDate'],
      ['startDate=01-04-2025&endDate=30-04-2025', 'dayInvalid', 'startDate'],
      ['startDate=2025-05-01&endDate=2025-04-01', 'endBeforeStart', 'endDate'],
      ['startDate=2023-01-01&endDate=2025-01-01', 'periodTooLong', 'endDate'],
    ] as const) {
      const res = await call('GET', `/api/Orders/gstr1/report?${q}`, tok.vendor);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toEqual(codedBody(code, { field }));
    }
  });

  it('an empty period gives zero totals and no document range', async () => {
    const r = await report(tok.vendor, '2020-01-01', '2020-01-31');
    expect(r.totals).toMatchObject({ taxable: 0, tax: 0, totalValue: 0, invoices: 0 });
    expect(r.b2cs).toEqual([]);
    expect(r.docs).toEqual([]);
    expect(r.portalJson.fp).toBe('012020');
  });

  it('warnings are coded, their text in the request language', async () => {
    const url = '/api/Orders/gstr1/report?startDate=2020-01-01&endDate=2020-02-29';
    const en = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tok.vendor}` } });
    expect(en.json().warnings).toEqual([
      {
        code: 'gstr1SpansMonths',
        message: 'The period spans more than one month; GSTR-1 is filed per month (the JSON uses the first month).',
      },
    ]);
    const ta = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tok.vendor}`, 'accept-language': 'ta' } });
    expect(ta.headers.vary).toContain('Accept-Language');
    expect(ta.json().warnings).toEqual([{ code: 'gstr1SpansMonths', message: expect.stringMatching(/[\u0B80-\u0BFF]/) }]);
  });
});
