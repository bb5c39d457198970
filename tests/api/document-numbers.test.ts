import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_NUMBER_MAX, DOCUMENT_NUMBER_PATTERN, financialYear, fyTag, INVOICE_PREFIX_MAX, SEQ_MAX } from '../../core/invoice';
import type { CreditNoteDto } from '../../core/schemas/returns';
import type { CreatedDeviceDto, DeviceDto } from '../../core/schemas/device';
import { addBlock, takeTillNumber, TILL_NO_MAX } from '../../core/till';
import { newId } from '../../server/lib/ids';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { countOrders, registerCustomer } from '../support/db-builders';

/** Every document number fits CGST rule 46(b) (16 characters), for the longest prefix, the highest till and a credit note. */
let ctx: TestContext;
const { call, ok, sale, shopSale, openShift } = tokenRequests(() => ctx.app);
const LONGEST = 'W'.repeat(INVOICE_PREFIX_MAX);
const fy = financialYear(new Date());
const yy = fyTag(fy);
let vendor: { id: string; token: string };
let productId: string;

const db = () => ctx.handle.db;

/** What a sale numbered by a till carries besides its lines: the till, the number it gave, and the sale's client-made id. */
const byTill = (deviceId: string, invoiceNumber: string) => ({ deviceId, invoiceNumber, _id: randomUUID() });

const fits = (n: string | null | undefined) => {
  expect(n, 'a number').toBeTruthy();
  expect(n!.length, n!).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX);
  expect(n).toMatch(DOCUMENT_NUMBER_PATTERN);
};

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await login(ctx.app, DEMO.admin);
  const u = await registerCustomer(ctx.app);
  await ok('PUT', `/api/users/${u.id}`, admin, { userId: u.id, role: 'vendor' });
  const me = await ok('PUT', '/api/users/profile', u.token, {
    name: 'Wide Prefix',
    vendorDetails: { shopName: 'Wide Prefix Stores', invoicePrefix: LONGEST.toLowerCase() },
  });
  expect(me.vendorDetails.invoicePrefix).toBe(LONGEST);
  vendor = { id: u.id, token: u.token };
  const gst = ((await ok('GET', '/api/gsts?active=true', admin)) as Array<{ _id: string }>)[0]._id;
  const shelf = await listedShelf(ctx.app, admin);
  productId = (
    (await ok('POST', '/api/products', vendor.token, productBody(shelf, gst, 'Wide item', { countInStock: 500 }), 201)) as { _id: string }
  )._id;
});
afterAll(async () => ctx?.close());

describe('document numbers of at most 16 characters', () => {
  it('the longest prefix, the highest till and a credit note: every number fits, in its own series', async () => {
    const invoice = await sale(vendor.token, [{ productId, quantity: 1 }]);
    expect(invoice.invoiceNumber).toBe(`${LONGEST}/${yy}/000001`);

    // the vendor's tills so far end at the one before the highest: the next registered is the last
    await db()
      .insertInto('devices')
      .values({ id: newId(), vendor_id: vendor.id, name: 'Old', till_no: TILL_NO_MAX - 1, prefix: `W-${TILL_NO_MAX - 1}` })
      .execute();
    const last = (await ok('POST', '/api/devices', vendor.token, { name: 'Last counter' }, 201)) as CreatedDeviceDto;
    expect(last.tillNo).toBe(TILL_NO_MAX);
    expect(last.series).toBe('W-9999');
    expect(last.block.series).toBe(`W-9999/${yy}/`);
    // a sale at a till is made in the till's open shift
    await openShift(vendor.token, last._id);
    const taken = takeTillNumber(
      addBlock({ deviceId: last._id, name: last.name, prefix: last.series, blocks: [] }, last.block),
      new Date(),
    );
    const tilled = await sale(vendor.token, [{ productId, quantity: 1 }], byTill(last._id, taken!.number));
    expect(tilled.invoiceNumber).toBe(`W-9999/${yy}/000001`);

    const returned = await call('POST', `/api/Orders/${invoice._id}/returns`, vendor.token, {
      lines: [{ productId, quantity: 1 }],
      refundMethod: 'cash',
      restock: true,
    });
    expect(returned.statusCode, returned.body).toBe(201);
    expect((returned.json() as CreditNoteDto).number).toBe(`WWW-CN/${yy}/000001`);

    const stored = [
      ...(await db().selectFrom('invoices').select(['number', 'series']).where('vendor_id', '=', vendor.id).execute()),
      ...(await db().selectFrom('credit_notes').select(['number', 'series']).where('vendor_id', '=', vendor.id).execute()),
    ];
    expect(stored).toHaveLength(3);
    for (const row of stored) {
      fits(row.number);
      expect(row.number.startsWith(row.series)).toBe(true);
    }
    expect(new Set(stored.map((r) => r.series)).size).toBe(3);

    // no till past the highest: refused, nothing registered
    const before = await db().selectFrom('devices').select('id').where('vendor_id', '=', vendor.id).execute();
    const over = await call('POST', '/api/devices', vendor.token, { name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual(codedBody('tillLimit'));
    expect(await db().selectFrom('devices').select('id').where('vendor_id', '=', vendor.id).execute()).toHaveLength(before.length);
  });

  it('a till registered before keeps the longer numbers it gave, and its new ones fit', async () => {
    const id = newId();
    await db()
      .insertInto('devices')
      .values({ id, vendor_id: vendor.id, name: 'Before', till_no: 12, prefix: `${LONGEST}12` })
      .execute();
    await db().insertInto('device_counters').values({ device_id: id, fy, reserved_to: 10 }).execute();
    await openShift(vendor.token, id);

    const given = `${LONGEST}12/${fy}/000001`;
    const old = await sale(vendor.token, [{ productId, quantity: 1 }], byTill(id, given));
    expect(old.invoiceNumber).toBe(given);

    const fresh = await sale(vendor.token, [{ productId, quantity: 1 }], byTill(id, `WWW-12/${yy}/000002`));
    fits(fresh.invoiceNumber);

    // one sequence for the till whichever form: the old form of a used number is refused
    const again = await shopSale(vendor.token, [{ productId, quantity: 1 }], {
      paymentMethod: 'cash',
      handedOver: true,
      ...byTill(id, `WWW-12/${yy}/000001`),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(codedBody('tillNumberUsed', { field: 'invoiceNumber' }));

    const rows = await db().selectFrom('invoices').select(['number', 'series', 'seq']).where('device_id', '=', id).orderBy('seq').execute();
    expect(rows).toEqual([
      { number: given, series: `${LONGEST}12/${fy}/`, seq: 1 },
      { number: `WWW-12/${yy}/000002`, series: `WWW-12/${yy}/`, seq: 2 },
    ]);
    const listed = (await ok('GET', '/api/devices', vendor.token)) as DeviceDto[];
    expect(listed.find((d) => d._id === id)?.series).toBe('WWW-12');
  });

  it('a series that has used its last number refuses the next document and changes nothing', async () => {
    await db().updateTable('invoice_counters').set({ last_seq: SEQ_MAX }).where('vendor_id', '=', vendor.id).where('fy', '=', fy).execute();
    const orders = await countOrders(db());
    const full = await shopSale(vendor.token, [{ productId, quantity: 1 }], { paymentMethod: 'cash', handedOver: true });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual(codedBody('documentSeriesFull'));
    expect(await countOrders(db())).toBe(orders);
    const counter = await db()
      .selectFrom('invoice_counters')
      .select('last_seq')
      .where('vendor_id', '=', vendor.id)
      .where('fy', '=', fy)
      .executeTakeFirstOrThrow();
    expect(Number(counter.last_seq)).toBe(SEQ_MAX);

    const order = await db()
      .selectFrom('invoices')
      .select('order_id')
      .where('vendor_id', '=', vendor.id)
      .where('device_id', 'is not', null)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    await db().updateTable('credit_note_counters').set({ last_seq: SEQ_MAX }).where('vendor_id', '=', vendor.id).execute();
    const notes = await db().selectFrom('credit_notes').select('id').where('vendor_id', '=', vendor.id).execute();
    const refused = await call('POST', `/api/Orders/${order.order_id}/returns`, vendor.token, {
      lines: [{ productId, quantity: 1 }],
      refundMethod: 'cash',
      restock: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(codedBody('documentSeriesFull'));
    expect(await db().selectFrom('credit_notes').select('id').where('vendor_id', '=', vendor.id).execute()).toHaveLength(notes.length);
  });
});
