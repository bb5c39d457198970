import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gstr1Report } from '../../core/schemas/order';
import type { ProductDto } from '../../core/schemas/product';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { businessBuyer, insertCreditNote, setBuyer } from './gstr1-fixtures';
import { makeGst } from '../support/db-builders';

/**
 * GSTR-1 with business buyers, inter-state goods and credit notes: counter sales through the API,
 * their buyer, place of supply and credit notes written as the counter and returns record them.
 */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { ok, sale } = tokenRequests(() => ctx.app);
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** Registered in Karnataka (29); the check character is right. */
const KA = '29AAGCB1286Q1Z0';
const report = async (token = tok.vendor) =>
  (await ok('GET', `/api/Orders/gstr1/report?startDate=${today}&endDate=${today}`, token)) as Gstr1Report;

let shelf: { name: string; subcategories: string[] };
const gsts: Record<number, string> = {};
let seq = 0;
/** A product of the vendor at a GST rate, sold at `shopPrice` rupees tax included. */
const product = async (rate: 0 | 5 | 18, shopPrice: number, extra: object = {}) =>
  (await ok(
    'POST',
    '/api/products',
    tok.vendor,
    productBody(shelf, gsts[rate], `B2B item ${++seq}`, { price: shopPrice + 10, shopPrice, countInStock: 100, ...extra }),
    201,
  )) as ProductDto;
let before: Gstr1Report;
let after: Gstr1Report;
const no: Record<string, string> = {};
const cn: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  shelf = await listedShelf(ctx.app, tok.admin);
  gsts[0] = await makeGst(ctx.handle.db, 0, '0701');
  gsts[5] = await makeGst(ctx.handle.db, 5, '1006');
  gsts[18] = await makeGst(ctx.handle.db, 18, '3401');
  before = await report();

  const soap = await product(18, 59);
  const rice = await product(5, 105, { unit: 'kg' });
  const veg = await product(0, 50);
  const tv = await product(18, 60000);

  // S1: the Karnataka hotel collects at the counter: intra-state, CGST + SGST
  const s1 = await sale(tok.vendor, [
    { productId: soap._id, quantity: 2 },
    { productId: rice._id, quantity: 1 },
  ]);
  await setBuyer(ctx.handle.db, s1._id, businessBuyer(KA), '33');
  // S2: the same hotel, goods sent to Karnataka: IGST
  const s2 = await sale(tok.vendor, [{ productId: soap._id, quantity: 4 }]);
  await setBuyer(ctx.handle.db, s2._id, businessBuyer(KA), '29');
  // S3: a walk-in, 2 kg of rice (B2CS)
  const s3 = await sale(tok.vendor, [{ productId: rice._id, quantity: 2 }]);
  // S4: vegetables to the hotel (nil-rated, registered, intra-state)
  const s4 = await sale(tok.vendor, [{ productId: veg._id, quantity: 2 }]);
  await setBuyer(ctx.handle.db, s4._id, businessBuyer(KA), '33');
  // S5: two TVs sent to an unregistered buyer in Karnataka, ₹1,20,000 (B2CL)
  const s5 = await sale(tok.vendor, [{ productId: tv._id, quantity: 2 }]);
  await setBuyer(ctx.handle.db, s5._id, { name: 'Ravi', phone: '9845000001', gstin: '', address: 'Mysuru', stateCode: '29' }, '29');
  for (const [k, o] of Object.entries({ s1, s2, s3, s4, s5 })) no[k] = o.invoiceNumber!;

  cn.n1 = (await insertCreditNote(ctx.handle.db, { orderId: s1._id, returns: [{ position: 0, quantity: 1 }] })).number;
  cn.n2 = (await insertCreditNote(ctx.handle.db, { orderId: s3._id, returns: [{ position: 0, quantity: 1 }] })).number;
  cn.n3 = (await insertCreditNote(ctx.handle.db, { orderId: s5._id, returns: [{ position: 0, quantity: 1 }] })).number;
  after = await report();
});
afterAll(async () => ctx?.close());

const items = (rows: Array<{ items: Array<{ taxable: number; igst: number; cgst: number; sgst: number }> }>) =>
  rows.flatMap((r) => r.items);
const sum = (rows: Array<{ taxable: number; igst: number; cgst: number; sgst: number }>) =>
  rows.reduce((a, r) => ({ taxable: a.taxable + r.taxable, igst: a.igst + r.igst, cgst: a.cgst + r.cgst, sgst: a.sgst + r.sgst }), {
    taxable: 0,
    igst: 0,
    cgst: 0,
    sgst: 0,
  });
const close = (a: Record<string, number>, b: Record<string, number>) => {
  for (const k of Object.keys(a)) expect(a[k], k).toBeCloseTo(b[k], 2);
};

describe('GSTR-1 for business buyers and credit notes', () => {
  it('B2B: the Karnataka buyer at the counter pays CGST + SGST; the goods sent to Karnataka carry IGST', () => {
    expect(before.b2b).toEqual([]);
    expect(after.b2b).toEqual([
      {
        number: no.s1,
        date: `${today.slice(8)}-${today.slice(5, 7)}-${today.slice(0, 4)}`,
        value: 223, // 2 × 59 + 105
        placeOfSupply: '33',
        supplyType: 'INTRA',
        buyerGstin: KA,
        buyerName: 'Hotel Udupi',
        items: [
          { rate: 5, taxable: 100, igst: 0, cgst: 2.5, sgst: 2.5 },
          { rate: 18, taxable: 100, igst: 0, cgst: 9, sgst: 9 },
        ],
      },
      expect.objectContaining({
        number: no.s2,
        value: 236,
        placeOfSupply: '29',
        supplyType: 'INTER',
        items: [{ rate: 18, taxable: 200, igst: 36, cgst: 0, sgst: 0 }],
      }),
    ]);
    // an invoice of nil-rated goods only is in table 8, not B2B
    expect(after.b2b.map((i) => i.number)).not.toContain(no.s4);
  });

  it('B2CL for the inter-state ₹1,20,000 invoice to an unregistered buyer, CDNUR for its note', () => {
    expect(after.b2cl).toEqual([
      expect.objectContaining({
        number: no.s5,
        value: 120000,
        placeOfSupply: '29',
        items: [{ rate: 18, taxable: 101694.92, igst: 18305.08, cgst: 0, sgst: 0 }],
      }),
    ]);
    expect(after.cdnur).toEqual([
      expect.objectContaining({
        number: cn.n3,
        value: 60000,
        invoiceNumber: no.s5,
        items: [{ rate: 18, taxable: 50847.46, igst: 9152.54, cgst: 0, sgst: 0 }],
      }),
    ]);
  });

  it('CDNR for the soap the hotel brought back; B2CS and HSN B2C net of the walk-in return', () => {
    expect(after.cdnr).toEqual([
      expect.objectContaining({
        number: cn.n1,
        buyerGstin: KA,
        invoiceNumber: no.s1,
        value: 59,
        supplyType: 'INTRA',
        items: [{ rate: 18, taxable: 50, igst: 0, cgst: 4.5, sgst: 4.5 }],
      }),
    ]);
    const row = (r: Gstr1Report) => r.b2cs.find((b) => b.placeOfSupply === '33' && b.rate === 5) ?? { taxable: 0, cgst: 0 };
    // 2 kg sold (200.00 + 5.00 + 5.00), 1 kg back (100.00 + 2.50 + 2.50)
    expect(row(after).taxable - row(before).taxable).toBeCloseTo(100, 2);
    expect(row(after).cgst - row(before).cgst).toBeCloseTo(2.5, 2);
    const rice = (r: Gstr1Report) => r.hsnB2c.find((h) => h.hsn === '1006' && h.rate === 5) ?? { quantity: 0, taxable: 0 };
    expect(rice(after).quantity - rice(before).quantity).toBeCloseTo(1, 3);
    expect(rice(after).taxable - rice(before).taxable).toBeCloseTo(100, 2);
  });

  it('HSN B2B: the hotel’s goods less its return; nil-rated to a registered buyer', () => {
    expect(after.hsnB2b.map((h) => [h.hsn, h.uqc, h.rate, h.quantity, h.totalValue, h.taxable, h.igst, h.cgst])).toEqual([
      ['0701', 'NOS', 0, 2, 100, 100, 0, 0],
      ['1006', 'KGS', 5, 1, 105, 100, 0, 2.5],
      // 2 + 4 sold, 1 back: 354 - 59
      ['3401', 'NOS', 18, 5, 295, 250, 36, 4.5],
    ]);
    expect(after.nil).toContainEqual({ supplyType: 'INTRA', registered: true, nilRated: 100 });
    expect(after.portalJson.nil).toMatchObject({
      inv: expect.arrayContaining([expect.objectContaining({ sply_ty: 'INTRAB2B', nil_amt: 100 })]),
    });
  });

  it('the tables add up to the totals, and the two HSN tabs do too', () => {
    const nil = after.nil.reduce((n, x) => n + x.nilRated, 0);
    const add = sum([...items(after.b2b), ...items(after.b2cl), ...after.b2cs]);
    const less = sum([...items(after.cdnr), ...items(after.cdnur)]);
    close(
      { taxable: add.taxable - less.taxable + nil, igst: add.igst - less.igst, cgst: add.cgst - less.cgst, sgst: add.sgst - less.sgst },
      { taxable: after.totals.taxable, igst: after.totals.igst, cgst: after.totals.cgst, sgst: after.totals.sgst },
    );
    const { taxable, igst, cgst, sgst } = after.totals;
    close(sum([...after.hsnB2b, ...after.hsnB2c]), { taxable, igst, cgst, sgst });
    expect(after.totals.totalValue).toBeCloseTo(after.totals.sales - after.totals.creditNotesValue, 2);
    expect(after.totals.creditNotes).toBe(3);
    expect(after.totals.creditNotesValue).toBeCloseTo(59 + 105 + 60000, 2);
    expect(after.warnings.map((w) => w.code)).not.toContain('gstr1TaxSplit');
  });

  it('the portal JSON has b2b, b2cl, cdnr, cdnur, b2cs, hsn in two tabs and the credit note series in doc_issue', () => {
    const j = after.portalJson as Record<string, unknown> & {
      b2b: Array<{ ctin: string; inv: Array<{ inum: string; pos: string; itms: Array<{ itm_det: Record<string, number> }> }> }>;
      hsn: { hsn_b2b: unknown[]; hsn_b2c: unknown[] };
      doc_issue: { doc_det: Array<{ doc_num: number; docs: Array<{ from: string; to: string; totnum: number }> }> };
    };
    expect(j.b2b).toHaveLength(1);
    expect(j.b2b[0].ctin).toBe(KA);
    expect(j.b2b[0].inv.map((i) => [i.inum, i.pos])).toEqual([
      [no.s1, '33'],
      [no.s2, '29'],
    ]);
    expect(j.b2b[0].inv[1].itms[0].itm_det).toEqual({ txval: 200, rt: 18, iamt: 36, csamt: 0 });
    expect(Object.keys(j)).toEqual(expect.arrayContaining(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'nil', 'hsn', 'doc_issue']));
    expect(j.hsn.hsn_b2b).toHaveLength(3);
    expect(j.hsn.hsn_b2c.length).toBe(after.hsnB2c.length);
    const notes = j.doc_issue.doc_det.find((d) => d.doc_num === 5)!;
    expect(notes.docs).toEqual([expect.objectContaining({ from: cn.n1, to: cn.n3, totnum: 3 })]);
    expect(after.creditNoteDocs).toEqual([expect.objectContaining({ from: cn.n1, to: cn.n3, count: 3, netIssued: 3 })]);
    expect(after.csv).toContain('\r\nCDNR\r\n');
    expect(after.csv).toContain('\r\nHSN(B2B)\r\n');
  });

  it("another vendor's report has none of it", async () => {
    const other = await report(tok.vendor2);
    expect(other.b2b).toEqual([]);
    expect(other.cdnr).toEqual([]);
    expect(other.creditNoteDocs).toEqual([]);
  });

  it('warns when a B2B invoice carries a GSTIN the portal would refuse', async () => {
    const soap = await product(18, 59);
    const s = await sale(tok.vendor, [{ productId: soap._id, quantity: 1 }]);
    await setBuyer(ctx.handle.db, s._id, businessBuyer('29AAGCB1286Q1Z1'), '33');
    const r = await report();
    expect(r.warnings).toContainEqual(expect.objectContaining({ code: 'gstr1BuyerGstin', params: { numbers: s.invoiceNumber } }));
  });

  it('a sale returned in full in the same month leaves no HSN row of zeros, in either tab or the portal JSON', async () => {
    // HSN codes of their own, so their rows are these sales' alone
    const teaGst = await makeGst(ctx.handle.db, 5, '09024020');
    const dalGst = await makeGst(ctx.handle.db, 5, '07133100');
    const tea = await product(5, 120, { gst: teaGst });
    const dal = await product(5, 140, { gst: dalGst, unit: 'kg' });
    const walkIn = await sale(tok.vendor, [
      { productId: tea._id, quantity: 2 },
      { productId: dal._id, quantity: 1.5 },
    ]);
    const hotel = await sale(tok.vendor, [{ productId: tea._id, quantity: 1 }]);
    await setBuyer(ctx.handle.db, hotel._id, businessBuyer(KA), '33');
    const sold = await report();
    const hsnOf = (r: Gstr1Report, code: string) => [...r.hsnB2b, ...r.hsnB2c, ...r.hsn].filter((h) => h.hsn === code);
    expect(hsnOf(sold, '09024020')).toHaveLength(3);

    // everything comes back: the tea of both sales, and only half the dal
    await insertCreditNote(ctx.handle.db, {
      orderId: walkIn._id,
      returns: [
        { position: 0, quantity: 2 },
        { position: 1, quantity: 0.75 },
      ],
    });
    await insertCreditNote(ctx.handle.db, { orderId: hotel._id, returns: [{ position: 0, quantity: 1 }] });

    const r = await report();
    expect(hsnOf(r, '09024020')).toEqual([]);
    const json = r.portalJson as { hsn: { hsn_b2b: Array<{ hsn_sc: string }>; hsn_b2c: Array<{ hsn_sc: string }> } };
    expect([...json.hsn.hsn_b2b, ...json.hsn.hsn_b2c].filter((h) => h.hsn_sc === '09024020')).toEqual([]);
    expect(r.csv).not.toMatch(/(^|,)09024020,/m);
    // a row that still holds something stays
    expect(hsnOf(r, '07133100').map((h) => [h.quantity, h.totalValue])).toEqual([
      [0.75, 105],
      [0.75, 105],
    ]);
    // no HSN row anywhere is all zeros
    for (const h of [...r.hsn, ...r.hsnB2b, ...r.hsnB2c]) expect([h.quantity, h.totalValue, h.taxable], h.hsn).not.toEqual([0, 0, 0]);
  });
});
