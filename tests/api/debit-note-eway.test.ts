import fs from 'node:fs';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coded } from '../../core/coded';
import { gstinCheckChar } from '../../core/gstin';
import type { DebitNoteDto } from '../../core/schemas/debit-note';
import type { ProductDto } from '../../core/schemas/product';
import type { PurchaseDto } from '../../core/schemas/purchase';
import { productBody } from '../support/api-builders';
import { makeGst } from '../support/db-builders';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';

/**
 * The e-way bill of goods returned to a supplier: GET /api/debit-notes/:id/eway-bill gives the portal's
 * bulk-upload JSON (validated against the schema of tests/api/fixtures/README.md), PUT enters the
 * number back and the note shows it.
 */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, returnToSupplier } = tokenRequests(() => ctx.app);
// NIC's patterns escape '"', which only a regular expression without the u flag accepts
const ajv = new Ajv({ allErrors: true, strict: false, multipleOfPrecision: 6, unicodeRegExp: false });
const validEwayBill = ajv.compile(
  JSON.parse(fs.readFileSync(new URL('./fixtures/ewaybill-bulk-schema.json', import.meta.url), 'utf8')) as object,
);

/** A supplier registered in Karnataka: the return crosses a state border (IGST, the ₹50,000 threshold). */
const KA_GSTIN = `29AABCK1234F1Z${gstinCheckChar('29AABCK1234F1Z')}`;
const TRANSPORT = 'transMode=1&transDistance=350&vehicleNo=TN 01 AB 1234';

let grinder: ProductDto;
let bill: PurchaseDto;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  const shelf = await listedShelf(ctx.app, tok.vendor);
  const gst18 = await makeGst(ctx.handle.db, 18, '85166000');
  grinder = await ok('POST', '/api/products', tok.vendor, productBody(shelf, gst18, 'Wet grinder 20 l', { countInStock: 5 }), 201);
  // 3 grinders at ₹30,000 before GST, 18 % IGST
  bill = await ok(
    'POST',
    '/api/purchases',
    tok.vendor,
    {
      supplier: { name: 'Mysuru Grinders', gstin: KA_GSTIN },
      billNumber: `KA-${Date.now()}`,
      billDate: new Date().toISOString().slice(0, 10),
      lines: [{ productId: grinder._id, quantity: 3, unitCost: 30000, gstRate: 18 }],
    },
    201,
  );
});
afterAll(async () => ctx?.close());

const sendBack = async (quantity: number) => {
  const res = await returnToSupplier(tok.vendor, bill._id, { lines: [{ productId: grinder._id, quantity }], reason: 'Motor faulty' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DebitNoteDto;
};
const ewayBill = (id: string, query: string, token = tok.vendor) => call('GET', `/api/debit-notes/${id}/eway-bill?${query}`, token);

describe("a debit note's e-way bill", () => {
  it('refuses goods worth ₹50,000 or less across a state border', async () => {
    // 1 x ₹30,000 + IGST ₹5,400 = ₹35,400
    const note = await sendBack(1);
    expect(note.total).toBe(35400);
    const res = await ewayBill(note._id, `${TRANSPORT}&toPincode=570001`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual(codedBody(coded('ewayBillBelowThreshold', { threshold: '50000' })));
  });

  it('gives the bulk-upload JSON of a return over the threshold, valid against the schema, and enters the number back', async () => {
    // 2 x ₹30,000 = ₹60,000 + IGST 18 % ₹10,800 = ₹70,800
    const note = await sendBack(2);
    expect(note.total).toBe(70800);
    expect(note.ewayBill).toBeNull();

    const noPin = await ewayBill(note._id, TRANSPORT);
    expect(noPin.statusCode, noPin.body).toBe(409);
    expect(noPin.json()).toEqual(codedBody('ewayBillSupplierPincode'));

    const res = await ewayBill(note._id, `${TRANSPORT}&toPincode=570001`);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(validEwayBill(file), JSON.stringify(validEwayBill.errors)).toBe(true);
    const istDate = new Date(new Date(note.createdAt).getTime() + 330 * 60_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    expect(file.billLists[0]).toMatchObject({
      userGstin: '33AABCM1234F1Z4',
      supplyType: 'O',
      subSupplyType: 8,
      subSupplyDesc: 'Purchase Return',
      docType: 'OTH',
      docNo: note.number,
      docDate: istDate,
      transType: 1,
      fromGstin: '33AABCM1234F1Z4',
      fromPincode: 600017,
      fromStateCode: 33,
      actualFromStateCode: 33,
      toGstin: KA_GSTIN,
      toTrdName: 'Mysuru Grinders',
      toPincode: 570001,
      toStateCode: 29,
      actualToStateCode: 29,
      totalValue: 60000,
      cgstValue: 0,
      sgstValue: 0,
      igstValue: 10800,
      totInvValue: 70800,
      transMode: 1,
      transDistance: 350,
      vehicleNo: 'TN01AB1234',
      mainHsnCode: 85166000,
    });
    expect(file.billLists[0].itemList).toEqual([
      expect.objectContaining({ itemNo: 1, hsnCode: 85166000, quantity: 2, taxableAmount: 60000, igstRate: 18, cgstRate: 0, sgstRate: 0 }),
    ]);

    // another shop's note answers as missing
    const other = await ewayBill(note._id, `${TRANSPORT}&toPincode=570001`, tok.vendor2);
    expect(other.statusCode).toBe(404);

    const bad = await call('PUT', `/api/debit-notes/${note._id}/eway-bill`, tok.vendor, { ewayBillNo: '12345' });
    expect(bad.statusCode, bad.body).toBe(400);
    const put = await call('PUT', `/api/debit-notes/${note._id}/eway-bill`, tok.vendor, { ewayBillNo: '3810 1234 5678' });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as DebitNoteDto).ewayBill?.number).toBe('381012345678');
    const shown = (await ok('GET', `/api/debit-notes/${note._id}`, tok.vendor)) as DebitNoteDto;
    expect(shown.ewayBill).toEqual({ number: '381012345678', at: expect.any(String) });
  });
});
