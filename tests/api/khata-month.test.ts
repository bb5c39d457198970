import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gstinCheckChar } from '../../core/gstin';
import { istDayOf } from '../../core/sale-void';
import type { CustomerDto, DuesResponse, LedgerResponse } from '../../core/schemas/customer';
import type { DaySummary, Gstr1Report, OrderDto } from '../../core/schemas/order';
import type { CreditNoteDto } from '../../core/schemas/returns';
import type { ProductDto } from '../../core/schemas/product';
import { COUNTER_ADDRESS } from '../support/order-bodies';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { makeGst } from '../support/db-builders';

/**
 * A month at a kirana counter, through the API only: three regulars buy on credit on eight days,
 * pay in parts, and bring goods back; a Karnataka hotel with a GSTIN buys at the counter and has
 * goods sent to Bengaluru. Every figure is worked out here from the prices typed in, in paise, and
 * must agree to the paisa with the ledger, the customer's balance, the dues list, the day closes
 * and GSTR-1.
 */
let ctx: TestContext;
let vendor: string;
const { creditSale, ok, sale, shopCustomer } = tokenRequests(() => ctx.app);
const DAY = 86_400_000;
const KARNATAKA = `29AABCH1234F1Z${gstinCheckChar('29AABCH1234F1Z')}`;
const SALE_DAYS = [27, 23, 19, 15, 11, 7, 3, 1];
const paise = (rupees: number) => Math.round(rupees * 100);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const NOW = Date.now();
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();
/** The server's clock on that day: each act reaches it then (an act's time may be at most 7 days old: core/act-time.ts). */
const onDay = (daysAgo: number) => vi.setSystemTime(NOW - daysAgo * DAY);
const istDay = (iso: string) => istDayOf(new Date(iso));

interface Item {
  product: ProductDto;
  pricePaise: number;
}
let p1: Item; // ₹33.33, 5 %
let p2: Item; // ₹120.50, 5 %
let p0: Item; // ₹45, nil-rated
const customers: Record<'anbu' | 'banu' | 'hotel', CustomerDto> = {} as never;
/** Credit sales' totals by customer, payments and credit refunds, in paise, as worked out here. */
const expected = { sales: { anbu: 0, banu: 0, hotel: 0 }, paid: { anbu: 0, banu: 0, hotel: 0 }, refunded: { anbu: 0, banu: 0, hotel: 0 } };
const creditSalesByDay = new Map<string, number>();
const paymentsByDay = new Map<string, number>();
const orders: Record<string, OrderDto> = {};
const notes: CreditNoteDto[] = [];
let sentToKarnataka: OrderDto;
const add = (m: Map<string, number>, day: string, v: number) => m.set(day, (m.get(day) ?? 0) + v);

/** A credit sale at the counter to a regular on that day, added to the figures this test works out. */
async function sellOnCredit(who: keyof typeof customers, daysAgo: number, lines: Array<[Item, number]>) {
  const createdAt = at(daysAgo);
  onDay(daysAgo);
  const order = await creditSale(
    vendor,
    customers[who]._id,
    lines.map(([i, quantity]) => ({ productId: i.product._id, quantity })),
    { createdAt, shippingAddress: { ...COUNTER_ADDRESS, phoneNumber: customers[who].phone } },
  );
  const total = sum(lines.map(([i, q]) => i.pricePaise * q));
  expect(paise(order.totalPayable)).toBe(total);
  expected.sales[who] += total;
  add(creditSalesByDay, istDay(createdAt), total);
  orders[`${who}-${daysAgo}`] = order;
}

async function payment(who: keyof typeof customers, daysAgo: number, amount: number, method: string) {
  const paidAt = at(daysAgo);
  onDay(daysAgo);
  await ok('POST', `/api/customers/${customers[who]._id}/payments`, vendor, { amount, method, paidAt }, 201);
  expected.paid[who] += paise(amount);
  add(paymentsByDay, istDay(paidAt), paise(amount));
}

async function giveBack(who: keyof typeof customers, sale: string, item: Item, quantity: number, refundMethod: string) {
  const note = (await ok(
    'POST',
    `/api/Orders/${orders[sale]._id}/returns`,
    vendor,
    { lines: [{ productId: item.product._id, quantity }], refundMethod, restock: true },
    201,
  )) as CreditNoteDto;
  expect(paise(note.totals.amount)).toBe(item.pricePaise * quantity);
  if (refundMethod === 'credit') expected.refunded[who] += item.pricePaise * quantity;
  notes.push(note);
}

const balanceOf = (who: keyof typeof customers) =>
  expected.sales[who] - expected.paid[who] - expected.refunded[who] + paise(customers[who].openingBalance);

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await login(ctx.app, DEMO.admin);
  // Kaveri Organics: a shop with no khata in the demo data, so every figure here is the month's
  vendor = await login(ctx.app, DEMO.kaveri);
  const shelf = await listedShelf(ctx.app, admin);
  const gst5 = await makeGst(ctx.handle.db, 5, '1905');
  const gst0 = await makeGst(ctx.handle.db, 0, '0713');
  const product = async (name: string, gst: string, price: number): Promise<Item> => ({
    product: (await ok(
      'POST',
      '/api/products',
      vendor,
      productBody(shelf, gst, name, { price, shopPrice: price, countInStock: 500 }),
      201,
    )) as ProductDto,
    pricePaise: paise(price),
  });
  p1 = await product('Khata biscuits', gst5, 33.33);
  p2 = await product('Khata ghee', gst5, 120.5);
  p0 = await product('Khata dal', gst0, 45);
  // the customers were added before the month began
  vi.useFakeTimers({ toFake: ['Date'] });
  onDay(28);
  customers.anbu = await shopCustomer(vendor, { name: 'Anbu', phone: '7000000101', openingBalance: 500, at: at(28) });
  customers.banu = await shopCustomer(vendor, { name: 'Banu', phone: '7000000102', creditDays: 15, creditLimit: 100_000, at: at(28) });
  customers.hotel = await shopCustomer(vendor, {
    name: 'Hotel Udupi',
    phone: '7000000103',
    gstin: KARNATAKA,
    address: 'MG Road, Bengaluru',
    at: at(28),
  });

  // the month: a sale to each regular on eight days, part payments between them
  for (const d of SALE_DAYS) {
    await sellOnCredit('anbu', d, [
      [p1, (d % 3) + 1],
      [p2, 1],
    ]);
    await sellOnCredit('banu', d, [
      [p1, 2],
      [p0, 1],
    ]);
    await sellOnCredit('hotel', d, [[p2, 3]]);
  }
  await payment('anbu', 20, 1000, 'cash');
  await payment('anbu', 5, 250.75, 'upi');
  await payment('banu', 10, 300, 'card');
  await payment('hotel', 2, 1500, 'upi');
  // goods sent to the hotel in Bengaluru: paid by UPI, delivered later
  onDay(6);
  sentToKarnataka = await sale(vendor, [{ productId: p2.product._id, quantity: 2 }], {
    createdAt: at(6),
    shippingAddress: { address: 'MG Road', city: 'Bengaluru', pincode: '560001', phoneNumber: customers.hotel.phone, stateCode: '29' },
    customerId: customers.hotel._id,
    paymentStatus: 'Paid',
    paymentMethod: 'upi',
    handedOver: false,
  });
  vi.useRealTimers();
  // today's returns: to Anbu's and the hotel's accounts, and Banu's dal in cash
  await giveBack('anbu', 'anbu-1', p1, 1, 'credit');
  await giveBack('hotel', 'hotel-7', p2, 1, 'credit');
  await giveBack('banu', 'banu-3', p0, 1, 'cash');
}, 120_000);
afterAll(async () => ctx?.close());

describe('a month of credit sales, part payments and returns for three regulars', () => {
  it('leaves each balance right to the paisa in the customer, the ledger and the dues list', async () => {
    const dues = (await ok('GET', '/api/customers/dues', vendor)) as DuesResponse;
    for (const who of ['anbu', 'banu', 'hotel'] as const) {
      const want = balanceOf(who);
      const c = (await ok('GET', `/api/customers/${customers[who]._id}`, vendor)) as CustomerDto;
      expect(paise(c.balance), who).toBe(want);
      const ledger = (await ok('GET', `/api/customers/${customers[who]._id}/ledger`, vendor)) as LedgerResponse;
      expect(paise(ledger.closingBalance), who).toBe(want);
      // the running balance: opening balance plus every entry, each step
      let running = paise(ledger.openingBalance);
      for (const e of ledger.entries) {
        running += paise(e.amount);
        expect(paise(e.balance)).toBe(running);
      }
      expect(running).toBe(want);
      expect(ledger.entries.filter((e) => e.kind === 'sale')).toHaveLength(SALE_DAYS.length);
      const row = dues.rows.find((r) => r.customer._id === customers[who]._id)!;
      expect(paise(row.customer.balance), who).toBe(want);
      expect(sum(Object.values(row.ageing).map(paise)), who).toBe(want);
    }
    expect(paise(dues.total)).toBe(sum((['anbu', 'banu', 'hotel'] as const).map(balanceOf)));
  });

  it('the day closes give the same credit given, credit collected and refunds', async () => {
    const days = new Set([...creditSalesByDay.keys(), ...paymentsByDay.keys(), istDay(new Date().toISOString())]);
    let given = 0;
    let collected = 0;
    let refunds = { credit: 0, cash: 0 };
    for (const date of days) {
      const s = (await ok('GET', `/api/Orders/vendor/day-summary?date=${date}`, vendor)) as DaySummary;
      expect(paise(s.payments.credit), date).toBe(creditSalesByDay.get(date) ?? 0);
      expect(paise(s.creditCollected.total), date).toBe(paymentsByDay.get(date) ?? 0);
      given += paise(s.payments.credit);
      collected += paise(s.creditCollected.total);
      refunds = { credit: refunds.credit + paise(s.refunds.byMethod.credit), cash: refunds.cash + paise(s.refunds.byMethod.cash) };
    }
    expect(given).toBe(expected.sales.anbu + expected.sales.banu + expected.sales.hotel);
    expect(collected).toBe(expected.paid.anbu + expected.paid.banu + expected.paid.hotel);
    expect(refunds).toEqual({ credit: expected.refunded.anbu + expected.refunded.hotel, cash: p0.pricePaise });
  });
});

describe('a business buyer from Karnataka', () => {
  it('gets a tax invoice with its GSTIN: CGST + SGST at the counter, IGST when the goods are sent to Karnataka', () => {
    const counter = orders['hotel-1'];
    expect(counter.buyer).toMatchObject({ name: 'Hotel Udupi', gstin: KARNATAKA, stateCode: '29' });
    expect(counter.placeOfSupply).toBe('33');
    expect(counter.products.every((l) => l.cgst > 0 && l.cgst === l.sgst && l.igst === 0)).toBe(true);
    expect(sentToKarnataka.buyer?.gstin).toBe(KARNATAKA);
    expect(sentToKarnataka.placeOfSupply).toBe('29');
    const line = sentToKarnataka.products[0];
    expect(line.cgst + line.sgst).toBe(0);
    // 2 x ₹120.50 at 5 % inclusive: taxable 229.52, IGST 11.48
    expect(paise(line.taxable)).toBe(22_952);
    expect(paise(line.igst)).toBe(1_148);
  });

  it("the month's GSTR-1 JSON has b2b, cdnr, b2cs, hsn with B2B and B2C, nil and doc_issue agreeing with each other", async () => {
    const today = istDay(new Date().toISOString());
    const start = istDay(at(SALE_DAYS[0]));
    const r = (await ok('GET', `/api/Orders/gstr1/report?startDate=${start}&endDate=${today}`, vendor)) as Gstr1Report;
    type Itm = { itm_det: { txval: number; rt: number; iamt: number; camt?: number; samt?: number } };
    type Inv = { inum: string; pos: string; val: number; itms: Itm[] };
    type Hsn = { txval: number; iamt: number; camt: number; samt: number };
    const j = r.portalJson as {
      b2b: Array<{ ctin: string; inv: Inv[] }>;
      cdnr: Array<{ ctin: string; nt: Array<{ nt_num: string; val: number; itms: Itm[] }> }>;
      b2cs: Array<{ txval: number; iamt: number; camt: number; samt: number }>;
      nil: { inv: Array<{ sply_ty: string; nil_amt: number }> };
      hsn: { hsn_b2b: Hsn[]; hsn_b2c: Hsn[] };
      doc_issue: { doc_det: Array<{ doc_num: number; docs: Array<{ totnum: number; net_issue: number }> }> };
      b2cl?: Array<{ inv: Inv[] }>;
      cdnur?: Array<{ itms: Itm[] }>;
    };
    // B2B: the hotel's nine invoices, the one sent to Karnataka with IGST only
    const hotel = j.b2b.find((b) => b.ctin === KARNATAKA)!;
    expect(hotel.inv).toHaveLength(SALE_DAYS.length + 1);
    const sent = hotel.inv.find((i) => i.inum === sentToKarnataka.invoiceNumber)!;
    expect(sent.pos).toBe('29');
    expect(sent.itms.every((i) => i.itm_det.iamt > 0 && !i.itm_det.camt)).toBe(true);
    expect(hotel.inv.filter((i) => i.pos === '33').every((i) => i.itms.every((t) => t.itm_det.iamt === 0 && t.itm_det.camt! > 0))).toBe(
      true,
    );
    expect(paise(sum(hotel.inv.map((i) => i.val)))).toBe(expected.sales.hotel + 2 * p2.pricePaise);
    // CDNR: the hotel's credit note, for the ghee given back
    const hotelNotes = j.cdnr.find((c) => c.ctin === KARNATAKA)!.nt;
    expect(hotelNotes.map((n) => n.nt_num)).toEqual([notes[1].number]);
    expect(paise(hotelNotes[0].val)).toBe(p2.pricePaise);
    // Table 13: the invoices and the three credit notes
    const docs = Object.fromEntries(j.doc_issue.doc_det.map((d) => [d.doc_num, sum(d.docs.map((x) => x.net_issue))]));
    expect(docs[5]).toBe(3);
    expect(docs[1]).toBe(r.totals.invoices);
    // HSN B2B = B2B less CDNR (the hotel bought no nil-rated goods); HSN B2C = B2CS + B2CL + nil to unregistered buyers, less CDNUR
    const tx = (rows: Array<{ txval: number }>) => sum(rows.map((x) => paise(x.txval)));
    const items = (invs: Array<{ itms: Itm[] }>) => invs.flatMap((i) => i.itms.map((t) => t.itm_det));
    const nil = (type: string) => sum(j.nil.inv.filter((n) => n.sply_ty.endsWith(type)).map((n) => paise(n.nil_amt)));
    expect(tx(j.hsn.hsn_b2b)).toBe(tx(items(j.b2b.flatMap((b) => b.inv))) - tx(items(j.cdnr.flatMap((c) => c.nt))) + nil('B2B'));
    expect(tx(j.hsn.hsn_b2c)).toBe(
      tx(j.b2cs) + tx(items((j.b2cl ?? []).flatMap((b) => b.inv))) + nil('B2C') - tx(items((j.cdnur ?? []).map((n) => ({ itms: n.itms })))),
    );
    // Banu's dal came back in cash: the nil-rated supplies are net of it
    expect(nil('B2B')).toBe(0);
    // the tax of the tables adds up to the totals
    const tax = (rows: Hsn[]) => sum(rows.map((x) => paise(x.iamt) + paise(x.camt) + paise(x.samt)));
    expect(tax(j.hsn.hsn_b2b) + tax(j.hsn.hsn_b2c)).toBe(paise(r.totals.tax));
  });
});
