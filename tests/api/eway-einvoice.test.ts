import fs from 'node:fs';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coded } from '../../core/coded';
import { gstinCheckChar } from '../../core/gstin';
import type { OrderDto } from '../../core/schemas/order';
import type { ProductDto } from '../../core/schemas/product';
import type { CreditNoteDto } from '../../core/schemas/returns';
import { address, productBody } from '../support/api-builders';
import { makeGst } from '../support/db-builders';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';

/**
 * E-way bills and e-invoices: GET /api/Orders/:id/eway-bill and /einvoice, GET /api/credit-notes/:id/einvoice
 * give the portals' JSON, validated here against the published schemas (tests/api/fixtures/README.md);
 * the PUTs enter back what the portals gave, and the order and the note show it.
 */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, sale, shopCustomer } = tokenRequests(() => ctx.app);
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);
// NIC's patterns escape '"', which only a regular expression without the u flag accepts
const ajv = new Ajv({ allErrors: true, strict: false, multipleOfPrecision: 6, unicodeRegExp: false });
const validEwayBill = ajv.compile(JSON.parse(fs.readFileSync(fixture('ewaybill-bulk-schema.json'), 'utf8')));
const validEinvoice = ajv.compile(JSON.parse(fs.readFileSync(fixture('einvoice-schema-v1.1.json'), 'utf8')));
/** RECORD_EXAMPLES=1 writes the files made here to tests/api/fixtures as the recorded examples. */
const record = (name: string, body: unknown) => {
  if (process.env.RECORD_EXAMPLES === '1') fs.writeFileSync(fixture(name), `${JSON.stringify(body, null, 2)}\n`);
};

/** A registered buyer in Karnataka (the Hotel Udupi Sagar of the demo data). */
const KA_GSTIN = `29AABCU9603R1Z${gstinCheckChar('29AABCU9603R1Z')}`;
const IRN = 'AB12'.repeat(16);
const SIGNED_QR = 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoiSVJOIn0.c2lnbmF0dXJl';
const TRANSPORT = 'transMode=1&transDistance=12&vehicleNo=TN 01 AB 1234';

let bigItem: ProductDto;
let noHsnItem: ProductDto;
let buyerId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  const shelf = await listedShelf(ctx.app, tok.vendor);
  const gst18 = await makeGst(ctx.handle.db, 18, '85166000');
  const noHsn = await makeGst(ctx.handle.db, 18, '');
  // ₹59,000 a piece with 18 % GST: ₹50,000 taxable and ₹9,000 of tax
  bigItem = await ok(
    'POST',
    '/api/products',
    tok.vendor,
    productBody(shelf, gst18, 'Wet grinder 40 l', { price: 59000, shopPrice: 59000, countInStock: 50 }),
    201,
  );
  noHsnItem = await ok(
    'POST',
    '/api/products',
    tok.vendor,
    productBody(shelf, noHsn, 'Unclassified mixer', { price: 59000, shopPrice: 59000, countInStock: 50 }),
    201,
  );
  buyerId = (
    await shopCustomer(tok.vendor, { name: 'Hotel Udupi Sagar', gstin: KA_GSTIN, address: '12 MG Road, Bengaluru 560001', stateCode: '29' })
  )._id;
});
afterAll(async () => ctx?.close());

const ewayBill = (orderId: string, query = TRANSPORT, token = tok.vendor) =>
  call('GET', `/api/Orders/${orderId}/eway-bill?${query}`, token);

describe('the e-way bill', () => {
  it('gives the bulk-upload JSON of a sale worth more than ₹1 lakh within Tamil Nadu, valid against the schema', async () => {
    const order = await sale(tok.vendor, [{ productId: bigItem._id, quantity: 2 }], { customerId: buyerId, paymentMethod: 'credit' });
    const res = await ewayBill(order._id);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(validEwayBill(file), JSON.stringify(validEwayBill.errors)).toBe(true);
    record('eway-bill-example.json', file);
    const bill = file.billLists[0];
    const istDate = new Date(new Date(order.invoiceDate!).getTime() + 330 * 60_000)
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('/');
    expect(bill).toMatchObject({
      userGstin: '33AABCM1234F1Z4',
      supplyType: 'O',
      subSupplyType: 1,
      docType: 'INV',
      docNo: order.invoiceNumber,
      docDate: istDate,
      fromGstin: '33AABCM1234F1Z4',
      fromPincode: 600017,
      fromStateCode: 33,
      actualFromStateCode: 33,
      toGstin: KA_GSTIN,
      toTrdName: 'Hotel Udupi Sagar',
      // handed over at the counter: the bill's address is the shop's, and the goods end their movement in Tamil Nadu
      toPincode: 600017,
      toStateCode: 29,
      actualToStateCode: 33,
      // 2 x ₹59,000 with 18 % GST inside: ₹1,00,000 taxable, ₹9,000 CGST and ₹9,000 SGST
      totalValue: 100000,
      cgstValue: 9000,
      sgstValue: 9000,
      igstValue: 0,
      totInvValue: 118000,
      transMode: 1,
      transDistance: 12,
      vehicleNo: 'TN01AB1234',
      mainHsnCode: 85166000,
    });
    expect(bill.itemList).toEqual([
      expect.objectContaining({
        hsnCode: 85166000,
        quantity: 2,
        qtyUnit: 'NOS',
        taxableAmount: 100000,
        cgstRate: 9,
        sgstRate: 9,
        igstRate: 0,
      }),
    ]);
    expect(bill.docNo.length).toBeLessThanOrEqual(16);
  });

  it('refuses goods worth ₹1 lakh or less within Tamil Nadu, though over ₹50,000', async () => {
    const order = await sale(tok.vendor, [{ productId: bigItem._id, quantity: 1 }]);
    const res = await ewayBill(order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(codedBody(coded('ewayBillBelowThreshold', { threshold: '100000' })));
  });

  it('takes ₹50,000 for goods sent to another state, with IGST', async () => {
    const order = await sale(tok.vendor, [{ productId: bigItem._id, quantity: 1 }], {
      handedOver: false,
      paymentStatus: 'Paid',
      shippingAddress: { ...address(), address: '4 Brigade Road', city: 'Bengaluru', pincode: '560025', stateCode: '29' },
    });
    expect(order.placeOfSupply).toBe('29');
    const res = await ewayBill(order._id);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(validEwayBill(file), JSON.stringify(validEwayBill.errors)).toBe(true);
    // ₹59,000 with 18 % IGST inside: ₹50,000 taxable and ₹9,000 IGST
    expect(file.billLists[0]).toMatchObject({
      toGstin: 'URP',
      toPincode: 560025,
      actualToStateCode: 29,
      totalValue: 50000,
      igstValue: 9000,
      cgstValue: 0,
    });
    expect(file.billLists[0].itemList[0]).toMatchObject({ igstRate: 18, cgstRate: 0, sgstRate: 0 });
  });

  it('refuses without the distance, without a vehicle by road, and a line without HSN', async () => {
    const order = await sale(tok.vendor, [{ productId: bigItem._id, quantity: 2 }]);
    const noDistance = await ewayBill(order._id, 'transMode=1&vehicleNo=TN01AB1234');
    expect(noDistance.statusCode).toBe(400);
    expect(noDistance.json().code).toBe('ewayBillDistanceRequired');
    const noVehicle = await ewayBill(order._id, 'transMode=1&transDistance=12');
    expect(noVehicle.statusCode).toBe(409);
    expect(noVehicle.json()).toEqual(codedBody('ewayBillVehicleRequired'));
    // by rail the vehicle is not asked for
    expect((await ewayBill(order._id, 'transMode=2&transDistance=300')).statusCode).toBe(200);
    const unclassified = await sale(tok.vendor, [{ productId: noHsnItem._id, quantity: 2 }]);
    const res = await ewayBill(unclassified._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(codedBody(coded('taxDocHsnMissing', { name: 'Unclassified mixer' })));
  });

  it('takes the number back, and the order shows it; another shop finds no such order', async () => {
    const order = await sale(tok.vendor, [{ productId: bigItem._id, quantity: 2 }]);
    const bad = await call('PUT', `/api/Orders/${order._id}/eway-bill`, tok.vendor, { ewayBillNo: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('ewayBillNoInvalid');
    const saved = (await ok('PUT', `/api/Orders/${order._id}/eway-bill`, tok.vendor, { ewayBillNo: '3310 0012 3456' })) as OrderDto;
    expect(saved.ewayBill?.number).toBe('331000123456');
    const again = (await ok('GET', `/api/Orders/${order._id}`, tok.vendor)) as OrderDto;
    expect(again.ewayBill).toEqual(saved.ewayBill);
    expect((await ewayBill(order._id, TRANSPORT, tok.vendor2)).statusCode).toBe(404);
  });
});

describe('the e-invoice', () => {
  it('is refused until the shop says its turnover passed ₹5 crore, and for a buyer without GSTIN', async () => {
    const order = await sale(tok.vendor, [{ productId: bigItem._id, quantity: 1 }], { customerId: buyerId, paymentMethod: 'credit' });
    const off = await call('GET', `/api/Orders/${order._id}/einvoice`, tok.vendor);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual(codedBody('einvoiceNotRequired'));
    const profile = await ok('PUT', '/api/users/profile', tok.vendor, { vendorDetails: { turnoverAbove5Crore: true } });
    expect(profile.vendorDetails.turnoverAbove5Crore).toBe(true);
    const walkIn = await sale(tok.vendor, [{ productId: bigItem._id, quantity: 1 }]);
    const b2c = await call('GET', `/api/Orders/${walkIn._id}/einvoice`, tok.vendor);
    expect(b2c.statusCode).toBe(409);
    expect(b2c.json()).toEqual(codedBody('einvoiceB2bOnly'));
  });

  it("gives a B2B invoice's and its credit note's JSON, valid against the schema 1.1, and takes the IRN back", async () => {
    await ok('PUT', '/api/users/profile', tok.vendor, { vendorDetails: { turnoverAbove5Crore: true } });
    const order = await sale(tok.vendor, [{ productId: bigItem._id, quantity: 2 }], { customerId: buyerId, paymentMethod: 'credit' });
    const file = await ok('GET', `/api/Orders/${order._id}/einvoice`, tok.vendor);
    expect(validEinvoice(file), JSON.stringify(validEinvoice.errors)).toBe(true);
    record('einvoice-example.json', file);
    expect(file).toMatchObject({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B' },
      DocDtls: { Typ: 'INV', No: order.invoiceNumber },
      SellerDtls: { Gstin: '33AABCM1234F1Z4', LglNm: 'Murugan Stores', Loc: 'Chennai', Pin: 600017, Stcd: '33' },
      BuyerDtls: { Gstin: KA_GSTIN, LglNm: 'Hotel Udupi Sagar', Pos: '33', Pin: 560001, Stcd: '29' },
      ValDtls: { AssVal: 100000, CgstVal: 9000, SgstVal: 9000, IgstVal: 0, TotInvVal: 118000 },
    });
    expect(file.ItemList).toEqual([
      expect.objectContaining({
        SlNo: '1',
        HsnCd: '85166000',
        Qty: 2,
        Unit: 'NOS',
        UnitPrice: 50000,
        AssAmt: 100000,
        GstRt: 18,
        TotItemVal: 118000,
      }),
    ]);

    const badIrn = await call('PUT', `/api/Orders/${order._id}/einvoice`, tok.vendor, { irn: 'xyz', ackNo: '1', signedQr: SIGNED_QR });
    expect(badIrn.statusCode).toBe(400);
    expect(badIrn.json().code).toBe('irnInvalid');
    const ackDate = '2026-05-04T10:15:00+05:30';
    await ok('PUT', `/api/Orders/${order._id}/einvoice`, tok.vendor, { irn: IRN, ackNo: '112610000000123', signedQr: SIGNED_QR, ackDate });
    const shown = (await ok('GET', `/api/Orders/${order._id}`, tok.vendor)) as OrderDto;
    expect(shown.einvoice).toEqual({
      irn: IRN.toLowerCase(),
      ackNo: '112610000000123',
      at: new Date(ackDate).toISOString(),
      signedQr: SIGNED_QR,
    });

    // a return of one piece: a CRN of ₹50,000 taxable and ₹4,500 + ₹4,500
    const note = (await ok(
      'POST',
      `/api/Orders/${order._id}/returns`,
      tok.vendor,
      { lines: [{ productId: bigItem._id, quantity: 1 }], refundMethod: 'credit', restock: true },
      201,
    )) as CreditNoteDto;
    const crn = await ok('GET', `/api/credit-notes/${note._id}/einvoice`, tok.vendor);
    expect(validEinvoice(crn), JSON.stringify(validEinvoice.errors)).toBe(true);
    record('einvoice-crn-example.json', crn);
    expect(crn).toMatchObject({
      DocDtls: { Typ: 'CRN', No: note.number },
      ValDtls: { AssVal: 50000, CgstVal: 4500, SgstVal: 4500, TotInvVal: 59000 },
    });
    await ok('PUT', `/api/credit-notes/${note._id}/einvoice`, tok.vendor, {
      irn: 'c'.repeat(64),
      ackNo: '112610000000124',
      signedQr: SIGNED_QR,
    });
    const noteShown = (await ok('GET', `/api/credit-notes/${note._id}`, tok.vendor)) as CreditNoteDto;
    expect(noteShown.einvoice?.irn).toBe('c'.repeat(64));
  });

  it('the recorded examples still validate', () => {
    for (const [name, valid] of [
      ['eway-bill-example.json', validEwayBill],
      ['einvoice-example.json', validEinvoice],
      ['einvoice-crn-example.json', validEinvoice],
    ] as const) {
      const file = JSON.parse(fs.readFileSync(fixture(name), 'utf8'));
      expect(valid(file), `${name}: ${JSON.stringify(valid.errors)}`).toBe(true);
    }
  });

  it('the schemas are not vacuous: a date in ISO form and a missing distance fail', () => {
    const file = JSON.parse(fs.readFileSync(fixture('eway-bill-example.json'), 'utf8'));
    const { transDistance: _gone, ...noDistance } = file.billLists[0];
    expect(validEwayBill({ ...file, billLists: [noDistance] })).toBe(false);
    const inv = JSON.parse(fs.readFileSync(fixture('einvoice-example.json'), 'utf8'));
    expect(validEinvoice({ ...inv, DocDtls: { ...inv.DocDtls, Dt: '2026-05-04' } })).toBe(false);
  });
});
