import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckChar } from '../../core/gstin';
import { monthPeriod } from '../../core/gstr3b';
import type { Gstr3bReport } from '../../core/schemas/gstr3b';
import type { Gstr1Report } from '../../core/schemas/order';
import type { InputGstResponse } from '../../core/schemas/purchase';
import type { ProductDto } from '../../core/schemas/product';
import { productBody } from '../support/api-builders';
import { makeGst } from '../support/db-builders';
import { businessBuyer, insertCreditNote, setBuyer } from './gstr1-fixtures';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';

/**
 * GSTR-3B of the current month (India time) for Murugan Stores: its outward side against the
 * GSTR-1 endpoint of the same month, its input tax credit against the bills, expenses and debit
 * notes the test records (figures checked by hand), and the portal's JSON against a recorded example.
 */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, sale, addPurchase, addExpense, returnToSupplier } = tokenRequests(() => ctx.app);

const IST_MS = 330 * 60_000;
const today = new Date(Date.now() + IST_MS).toISOString().slice(0, 10);
const month = today.slice(0, 7);
const { startDate, endDate, retPeriod } = monthPeriod(month);
/** A day of the month before: its bills are not this month's credit. */
const lastMonth = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)) - 2, 15)).toISOString().slice(0, 10);

const TAMIL_NADU = `33AABCT1234F1Z${gstinCheckChar('33AABCT1234F1Z')}`;
const KARNATAKA = `29AABCK1234F1Z${gstinCheckChar('29AABCK1234F1Z')}`;
const TN_SERVICES = `33AAFCS5678K1Z${gstinCheckChar('33AAFCS5678K1Z')}`;

const report = async (query = `month=${month}`, token = tok.vendor) =>
  (await ok('GET', `/api/reports/gstr3b?${query}`, token)) as Gstr3bReport;
const gstr1 = async () =>
  (await ok('GET', `/api/Orders/gstr1/report?startDate=${startDate}&endDate=${endDate}`, tok.vendor)) as Gstr1Report;

let shelf: { name: string; subcategories: string[] };
const gsts: Record<number, string> = {};
let seq = 0;
const product = async (rate: 0 | 5 | 12 | 18, shopPrice: number) =>
  (await ok(
    'POST',
    '/api/products',
    tok.vendor,
    productBody(shelf, gsts[rate], `3B item ${++seq}`, { price: shopPrice + 10, shopPrice, countInStock: 100 }),
    201,
  )) as ProductDto;

let before: Gstr3bReport;
let after: Gstr3bReport;
let outward: Gstr1Report;
let inputGst: InputGstResponse;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  shelf = await listedShelf(ctx.app, tok.admin);
  for (const [rate, hsn] of [
    [0, '0701'],
    [5, '1006'],
    [12, '1507'],
    [18, '3401'],
  ] as const)
    gsts[rate] = await makeGst(ctx.handle.db, rate, hsn);
  before = await report();

  const soap = await product(18, 118);
  const rice = await product(5, 105);
  const oil = await product(12, 224);
  const veg = await product(0, 40);

  // outward: a walk-in sale, goods sent to an unregistered buyer in Maharashtra (3.2), and to a Karnataka hotel (B2B)
  await sale(tok.vendor, [{ productId: rice._id, quantity: 2 }]);
  const toPune = await sale(tok.vendor, [{ productId: soap._id, quantity: 2 }]);
  await setBuyer(ctx.handle.db, toPune._id, { name: 'Priya', phone: '9822000001', gstin: '', address: 'Pune', stateCode: '27' }, '27');
  const toHotel = await sale(tok.vendor, [{ productId: soap._id, quantity: 1 }]);
  await setBuyer(ctx.handle.db, toHotel._id, businessBuyer(`29AAGCB1286Q1Z0`), '29');
  await sale(tok.vendor, [{ productId: veg._id, quantity: 3 }]);
  // one soap comes back from Pune: 3.2 for Maharashtra nets to 1 soap
  await insertCreditNote(ctx.handle.db, { orderId: toPune._id, returns: [{ position: 0, quantity: 1 }] });

  // inward: bills from registered suppliers this month
  const riceBill = await addPurchase(tok.vendor, {
    supplier: 'Chennai Rice Mill',
    gstin: TAMIL_NADU,
    productId: rice._id,
    billDate: today,
    quantity: 10,
    unitCost: 100,
    gstRate: 5,
  }); // 1000 taxable, CGST 25, SGST 25
  const oilBill = await addPurchase(tok.vendor, {
    supplier: 'Bengaluru Oils',
    gstin: KARNATAKA,
    productId: oil._id,
    billDate: today,
    quantity: 2,
    unitCost: 500,
    gstRate: 12,
  }); // 1000 taxable, IGST 120
  await addPurchase(tok.vendor, {
    supplier: 'Koyambedu Greens',
    gstin: TAMIL_NADU,
    productId: veg._id,
    billDate: today,
    quantity: 3,
    unitCost: 40,
  }); // nil-rated inward: 120 (table 5)
  // no credit: a supplier without a GSTIN, a bill of last month, a cancelled bill
  await addPurchase(tok.vendor, { supplier: 'Street Vendor', productId: soap._id, billDate: today, unitCost: 100, gstRate: 18 });
  await addPurchase(tok.vendor, {
    supplier: 'Chennai Rice Mill',
    gstin: TAMIL_NADU,
    productId: rice._id,
    billDate: lastMonth,
    unitCost: 300,
    gstRate: 5,
  });
  const wrong = await addPurchase(tok.vendor, {
    supplier: 'Chennai Rice Mill',
    gstin: TAMIL_NADU,
    productId: rice._id,
    billDate: today,
    unitCost: 700,
    gstRate: 5,
  });
  await ok('POST', `/api/purchases/${wrong._id}/cancel`, tok.vendor, { reason: 'Entered twice' });

  // expenses: a repair bill with the supplier's GSTIN (₹1,180 at 18 %: 1000 + 90 + 90), and tea without one
  await addExpense(tok.vendor, { amount: 1180, date: today, supplierGstin: TN_SERVICES, gstRate: 18, category: 'Repairs' });
  await addExpense(tok.vendor, { amount: 250, date: today, category: 'Tea' });

  // debit notes: 2 of the 10 bags of rice (200 taxable, CGST 5, SGST 5) and 1 of the 2 tins of oil (500, IGST 60)
  for (const [bill, productId, quantity] of [
    [riceBill._id, rice._id, 2],
    [oilBill._id, oil._id, 1],
  ] as const) {
    const res = await returnToSupplier(tok.vendor, bill, { lines: [{ productId, quantity }], reason: 'Damaged' });
    expect(res.statusCode, res.body).toBe(201);
  }

  after = await report();
  outward = await gstr1();
  inputGst = (await ok('GET', `/api/purchases/input-gst?from=${startDate}&to=${endDate}`, tok.vendor)) as InputGstResponse;
});
afterAll(async () => ctx?.close());

const closeTo = (a: Record<string, number>, b: Record<string, number>) => {
  for (const k of Object.keys(b)) expect(a[k], k).toBeCloseTo(b[k], 2);
};
const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);

describe('GSTR-3B for a month', () => {
  it("3.1: the outward figures are the same month's GSTR-1: its totals less the nil-rated in (a), the nil-rated in (c)", () => {
    const nil = sum(outward.nil.map((n) => n.nilRated));
    expect(nil).toBeCloseTo(before.outward.nilExempt + 120, 2); // 3 × ₹40 of vegetables
    expect(after.outward.nilExempt).toBeCloseTo(nil, 2);
    closeTo(after.outward.taxable, {
      taxable: outward.totals.taxable - nil,
      igst: outward.totals.igst,
      cgst: outward.totals.cgst,
      sgst: outward.totals.sgst,
    });
    expect(after.outward.zeroRated).toEqual({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });
    const osup = after.portalJson.sup_details.osup_det;
    closeTo(osup, {
      txval: after.outward.taxable.taxable,
      iamt: outward.totals.igst,
      camt: outward.totals.cgst,
      samt: outward.totals.sgst,
    });
    expect(after.portalJson.sup_details.osup_nil_exmp.txval).toBeCloseTo(nil, 2);
    // the test's own sales, by hand: rice 200 + 10 + 10; Pune 100 + 18 IGST (net of the note); the hotel 100 + 18 IGST
    closeTo(
      {
        taxable: after.outward.taxable.taxable - before.outward.taxable.taxable,
        igst: after.outward.taxable.igst - before.outward.taxable.igst,
        cgst: after.outward.taxable.cgst - before.outward.taxable.cgst,
      },
      { taxable: 400, igst: 36, cgst: 5 },
    );
  });

  it('3.2: inter-state supplies to unregistered persons by place of supply, as GSTR-1 has them (B2B left out)', () => {
    expect(after.interState).toEqual([{ placeOfSupply: '27', taxable: 100, igst: 18 }]);
    const b2csInter = outward.b2cs.filter((b) => b.supplyType === 'INTER' && b.rate > 0);
    expect(b2csInter.map((b) => [b.placeOfSupply, b.taxable, b.igst])).toEqual([['27', 100, 18]]);
    expect(after.portalJson.inter_sup.unreg_details).toEqual([{ pos: '27', txval: 100, iamt: 18 }]);
  });

  it("4: the credit is the month's bills from registered suppliers and expenses with a GSTIN, less the debit notes", () => {
    expect(before.itc).toEqual({
      purchases: { igst: 0, cgst: 0, sgst: 0 },
      expenses: { igst: 0, cgst: 0, sgst: 0 },
      available: { igst: 0, cgst: 0, sgst: 0 },
      reversed: { igst: 0, cgst: 0, sgst: 0 },
      net: { igst: 0, cgst: 0, sgst: 0 },
    });
    expect(after.itc).toEqual({
      purchases: { igst: 120, cgst: 25, sgst: 25 },
      expenses: { igst: 0, cgst: 90, sgst: 90 },
      available: { igst: 120, cgst: 115, sgst: 115 },
      reversed: { igst: 60, cgst: 5, sgst: 5 },
      net: { igst: 60, cgst: 110, sgst: 110 },
    });
    // the purchases' input GST of the month, less the bill of the supplier without a GSTIN (₹100 at 18 %: 9 + 9)
    expect(inputGst.totals.igst).toBe(after.itc.purchases.igst);
    expect(inputGst.totals.cgst - 9).toBe(after.itc.purchases.cgst);
    expect(inputGst.totals.sgst - 9).toBe(after.itc.purchases.sgst);
    expect(after.nilInward).toEqual({ inter: 0, intra: 120 });
    expect(after.counts).toMatchObject({ purchases: 3, expenses: 1 });
  });

  it('6.1: each head is paid from the credit first, the rest in cash', () => {
    const liability = { igst: outward.totals.igst, cgst: outward.totals.cgst, sgst: outward.totals.sgst };
    for (const p of after.payable) {
      expect(p.payable).toBeCloseTo(liability[p.head], 2);
      expect(p.paid.igst + p.paid.cgst + p.paid.sgst + p.cash).toBeCloseTo(p.payable, 2);
      // CGST credit never pays SGST, nor SGST credit CGST
      if (p.head === 'sgst') expect(p.paid.cgst).toBe(0);
      if (p.head === 'cgst') expect(p.paid.sgst).toBe(0);
    }
    const used = { igst: 0, cgst: 0, sgst: 0 };
    for (const p of after.payable) for (const h of ['igst', 'cgst', 'sgst'] as const) used[h] += p.paid[h];
    for (const h of ['igst', 'cgst', 'sgst'] as const) expect(used[h] + after.creditLeft[h]).toBeCloseTo(after.itc.net[h], 2);
  });

  it("writes GSTN's JSON layout, as the recorded example", () => {
    const example = JSON.parse(readFileSync(new URL('./fixtures/gstr3b-example.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const shape = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(shape)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]))
          : typeof v;
    expect(shape(after.portalJson)).toEqual(shape(example));
    // the month's own figures, to the paisa: credit, 3.2 and table 5 are the test's alone
    expect(after.portalJson.itc_elg).toEqual(example.itc_elg);
    expect(after.portalJson.inter_sup).toEqual(example.inter_sup);
    expect(after.portalJson.inward_sup).toEqual(example.inward_sup);
    expect(after.portalJson.ret_period).toBe(retPeriod);
    expect(after.portalJson.gstin).toBe(after.vendor.gstNumber);
  });

  it('answers the CSV with format=csv', async () => {
    const res = await call('GET', `/api/reports/gstr3b?month=${month}&format=csv`, tok.vendor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="GSTR3B_${after.vendor.gstNumber}_${retPeriod}.csv"`);
    expect(res.body).toContain('\r\n(A)(5) All other ITC,120.00,115.00,115.00,0.00\r\n');
    expect(res.body).toContain('\r\n(B)(2) Reversed: others (debit notes),60.00,5.00,5.00,0.00\r\n');
    expect(res.body).toContain('\r\n(C) Net ITC available (A) - (B),60.00,110.00,110.00,0.00\r\n');
    expect(res.body).toContain('\r\n27-Maharashtra,100.00,18.00\r\n');
  });

  it('a month without business is all zeros', async () => {
    const empty = await report('month=2020-01');
    expect(empty.portalJson.sup_details.osup_det).toEqual({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
    expect(empty.itc.net).toEqual({ igst: 0, cgst: 0, sgst: 0 });
    expect(empty.payable.map((p) => p.cash)).toEqual([0, 0, 0]);
  });

  it('refuses a malformed month; an admin names the shop, another shop is refused', async () => {
    const bad = await call('GET', '/api/reports/gstr3b?month=2026-13', tok.vendor);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('monthInvalid', { field: 'month' }));
    const chooser = await call('GET', `/api/reports/gstr3b?month=${month}`, tok.admin);
    expect(chooser.statusCode).toBe(400);
    const vendorId = after.vendor._id;
    expect((await report(`month=${month}&vendorId=${vendorId}`, tok.admin)).itc).toEqual(after.itc);
    expect((await call('GET', `/api/reports/gstr3b?month=${month}&vendorId=${vendorId}`, tok.vendor2)).statusCode).toBe(403);
  });
});
