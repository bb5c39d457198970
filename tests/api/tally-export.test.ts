import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckChar } from '../../core/gstin';
import { istDayOf } from '../../core/sale-void';
import type { CustomerDto } from '../../core/schemas/customer';
import type { OrderDto } from '../../core/schemas/order';
import { DEFAULT_TALLY_LEDGERS, type TallySettingsResponse } from '../../core/schemas/tally';
import { insertUser, makeGst, makeProduct, makeShelf, sessionFor } from '../support/db-builders';
import { createTestApp, tokenRequests, type TestContext } from './helpers';

/**
 * GET /api/exports/tally: a period's books as Tally's XML import file (docs/tally.md), one voucher of each kind,
 * every voucher's debits equal to its credits, the shop's ledger names in it, and the shape of the recorded
 * example tests/api/fixtures/tally-example.xml. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let ctx: TestContext;
const db = () => ctx.handle.db;
const {
  call,
  ok,
  shopSale,
  sale,
  shopCustomer,
  returnSale,
  payOnAccount,
  addPurchase,
  returnToSupplier,
  paySupplier,
  addExpense,
  saveTallyLedgers,
} = tokenRequests(() => ctx.app);
const today = istDayOf(new Date());
const FIXTURE = fs.readFileSync(new URL('./fixtures/tally-example.xml', import.meta.url), 'utf8');
/** A Tamil Nadu GSTIN (33): the electricity bill's supplier, CGST + SGST. */
const TN_GSTIN = `33AABCT1234F1Z${gstinCheckChar('33AABCT1234F1Z')}`;

/** The names the shop saves: some its own (with characters XML must escape), the rest Tally's usual ones. */
const LEDGERS = {
  ...DEFAULT_TALLY_LEDGERS,
  company: 'Murugan Stores & Sons',
  sales5: 'Sales @ 5%',
  outputCgst: 'CGST Output',
  cash: 'Cash & Till',
  bank: 'HDFC Bank',
};

interface Entry {
  ledger: string;
  deemedPositive: string;
  party: string;
  /** Paise as Tally's AMOUNT: a debit below 0. */
  paise: number;
}
interface Voucher {
  type: string;
  number: string | null;
  party: string;
  date: string;
  entries: Entry[];
}

const unescape = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
const field = (xml: string, tag: string) => {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return m ? unescape(m[1]) : null;
};
/** The vouchers of a Tally file, read with a few regular expressions (the file is ours and flat). */
const vouchersOf = (xml: string): Voucher[] =>
  [...xml.matchAll(/<VOUCHER ([^>]*)>([\s\S]*?)<\/VOUCHER>/g)].map(([, attrs, body]) => ({
    type: unescape(/VCHTYPE="([^"]*)"/.exec(attrs)![1]),
    number: field(body, 'VOUCHERNUMBER'),
    party: field(body, 'PARTYLEDGERNAME')!,
    date: field(body, 'DATE')!,
    entries: [...body.matchAll(/<ALLLEDGERENTRIES\.LIST>([\s\S]*?)<\/ALLLEDGERENTRIES\.LIST>/g)].map(([, e]) => ({
      ledger: field(e, 'LEDGERNAME')!,
      deemedPositive: field(e, 'ISDEEMEDPOSITIVE')!,
      party: field(e, 'ISPARTYLEDGER')!,
      paise: Math.round(Number(field(e, 'AMOUNT')) * 100),
    })),
  }));
/** A voucher's entries as { ledger: rupees } (a debit below 0, as Tally writes it). */
const amounts = (v: Voucher) => Object.fromEntries(v.entries.map((e) => [e.ledger, e.paise / 100]));
/** The element names of each kind of voucher, in order, a run of ledger entries as one: what "the same shape" compares. */
const shapes = (xml: string) => {
  const out = new Map<string, string>();
  for (const [whole, attrs] of xml.matchAll(/<VOUCHER ([^>]*)>[\s\S]*?<\/VOUCHER>/g)) {
    const type = /VCHTYPE="([^"]*)"/.exec(attrs)![1];
    const tags = [...whole.matchAll(/<([A-Z.]+)[\s>]/g)].map((m) => m[1]).join(' ');
    out.set(type, tags.replace(/(ALLLEDGERENTRIES\.LIST LEDGERNAME ISDEEMEDPOSITIVE ISPARTYLEDGER AMOUNT ?)+/g, '$1'));
  }
  return out;
};
const head = (xml: string) => xml.slice(0, xml.indexOf('<TALLYMESSAGE'));

let shop: { id: string; token: string };
let xml = '';

beforeAll(async () => {
  ctx = await createTestApp();
  const id = await insertUser(db(), { name: 'Tally owner', role: 'vendor', shopName: 'Tally Stores' });
  shop = { id, token: await sessionFor(db(), id) };
});
afterAll(async () => ctx?.close());

describe('the Tally export', () => {
  it('answers the usual ledger names until the shop saves its own', async () => {
    const before = (await ok('GET', '/api/exports/tally/settings', shop.token)) as TallySettingsResponse;
    expect(before).toEqual({ ledgers: DEFAULT_TALLY_LEDGERS, saved: false });
    const blank = await saveTallyLedgers(shop.token, { ...LEDGERS, cash: '  ' });
    expect(blank.statusCode, blank.body).toBe(400);
    const res = await saveTallyLedgers(shop.token, LEDGERS);
    expect(res.statusCode, res.body).toBe(200);
    expect(((await ok('GET', '/api/exports/tally/settings', shop.token)) as TallySettingsResponse).ledgers).toEqual(LEDGERS);
  });

  it('writes a Tally file whose vouchers balance, with one of each kind', async () => {
    const shelf = await makeShelf(db());
    const rice = await makeProduct(db(), { vendorId: shop.id, shelf, shopPrice: 105, stock: 100, gstId: await makeGst(db(), 5) });
    const soap = await makeProduct(db(), { vendorId: shop.id, shelf, shopPrice: 118, stock: 100, gstId: await makeGst(db(), 18) });

    // a split sale: rice 2 x ₹105 (₹100 + CGST ₹2.50 + SGST ₹2.50 each) and soap ₹118 (₹100 + ₹9 + ₹9): ₹328, ₹200 cash and ₹128 UPI
    const split = await shopSale(
      shop.token,
      [
        { productId: rice, quantity: 2 },
        { productId: soap, quantity: 1 },
      ] as never,
      {
        payments: [
          { method: 'cash', amount: 200 },
          { method: 'upi', amount: 128 },
        ],
        handedOver: true,
      } as never,
    );
    expect(split.statusCode, split.body).toBe(201);
    const splitSale = (split.json() as { order: OrderDto }).order;
    // a credit sale to a regular: rice ₹105 on her account; she pays ₹50 by UPI
    const selvi: CustomerDto = await shopCustomer(shop.token, { name: 'Selvi & Co' });
    const credit = await sale(shop.token, [{ productId: rice, quantity: 1 }] as never, { customerId: selvi._id, paymentMethod: 'credit' });
    expect((await payOnAccount(shop.token, selvi._id, { amount: 50, method: 'upi' })).statusCode).toBe(201);
    // one rice of the split sale back, refunded in cash: a credit note of ₹105
    const back = await returnSale(shop.token, splitSale._id, { lines: [{ productId: rice, quantity: 1 }], refundMethod: 'cash' });
    expect(back.statusCode, back.body).toBe(201);
    // a bill: soap 2 x ₹50 + 18 % (CGST ₹9, SGST ₹9) = ₹118; one soap back to the supplier (₹50 + ₹4.50 + ₹4.50 = ₹59); ₹30 paid in cash
    const bill = await addPurchase(shop.token, {
      supplier: 'Kaveri Wholesale',
      productId: soap,
      billDate: today,
      unitCost: 50,
      quantity: 2,
      gstRate: 18,
    });
    const debit = await returnToSupplier(shop.token, bill._id, { lines: [{ productId: soap, quantity: 1 }] });
    expect(debit.statusCode, debit.body).toBe(201);
    const paid = await paySupplier(shop.token, bill.supplier._id, { amount: 30, method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    // expenses: rent ₹500 in cash; electricity ₹118 by bank with its GST (₹100 + CGST ₹9 + SGST ₹9)
    await addExpense(shop.token, { category: 'Rent', amount: 500, method: 'cash' });
    await addExpense(shop.token, { category: 'Electricity', amount: 118, method: 'bank', supplierGstin: TN_GSTIN, gstRate: 18 });

    const res = await call('GET', `/api/exports/tally?from=${today}&to=${today}`, shop.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tally-${today}-to-${today}.xml"`);
    xml = res.body;
    const vouchers = vouchersOf(xml);

    // one of each kind (three payments: the supplier's, the rent, the electricity)
    const kinds = vouchers.map((v) => v.type).sort();
    expect(kinds).toEqual(['Credit Note', 'Debit Note', 'Payment', 'Payment', 'Payment', 'Purchase', 'Receipt', 'Sales', 'Sales']);
    for (const v of vouchers) {
      // debits equal credits, to the paisa; a debit is a negative AMOUNT with ISDEEMEDPOSITIVE Yes
      expect(
        v.entries.reduce((s, e) => s + e.paise, 0),
        `${v.type} ${v.number}`,
      ).toBe(0);
      for (const e of v.entries) expect(e.deemedPositive).toBe(e.paise < 0 ? 'Yes' : 'No');
      expect(v.date).toBe(today.replaceAll('-', ''));
      expect(v.entries.filter((e) => e.party === 'Yes').map((e) => e.ledger)).toEqual([v.party]);
    }

    const byNumber = (n: string | undefined) => vouchers.find((v) => v.number === n)!;
    expect(amounts(byNumber(splitSale.invoiceNumber ?? undefined))).toEqual({
      'Cash & Till': -200,
      'HDFC Bank': -128,
      'Sales @ 5%': 200,
      'Sales 18%': 100,
      'CGST Output': 14,
      'Output SGST': 14,
    });
    expect(byNumber(splitSale.invoiceNumber ?? undefined).party).toBe('Cash & Till');
    expect(amounts(byNumber(credit.invoiceNumber ?? undefined))).toEqual({
      'Selvi & Co': -105,
      'Sales @ 5%': 100,
      'CGST Output': 2.5,
      'Output SGST': 2.5,
    });
    expect(byNumber(credit.invoiceNumber ?? undefined).party).toBe('Selvi & Co');
    const of = (type: string) => vouchers.filter((v) => v.type === type).map(amounts);
    expect(of('Credit Note')).toEqual([{ 'Cash & Till': 105, 'Sales @ 5%': -100, 'CGST Output': -2.5, 'Output SGST': -2.5 }]);
    expect(of('Purchase')).toEqual([{ 'Kaveri Wholesale': 118, 'Purchase 18%': -100, 'Input CGST': -9, 'Input SGST': -9 }]);
    expect(of('Debit Note')).toEqual([{ 'Kaveri Wholesale': -59, 'Purchase 18%': 50, 'Input CGST': 4.5, 'Input SGST': 4.5 }]);
    expect(of('Receipt')).toEqual([{ 'HDFC Bank': -50, 'Selvi & Co': 50 }]);
    expect(of('Payment')).toEqual([
      { 'Kaveri Wholesale': -30, 'Cash & Till': 30 },
      { Rent: -500, 'Cash & Till': 500 },
      { Electricity: -100, 'Input CGST': -9, 'Input SGST': -9, 'HDFC Bank': 118 },
    ]);
    // the names are escaped in the file, and the company is the one saved
    expect(xml).toContain('<LEDGERNAME>Cash &amp; Till</LEDGERNAME>');
    expect(xml).toContain('<SVCURRENTCOMPANY>Murugan Stores &amp; Sons</SVCURRENTCOMPANY>');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('has the shape of the recorded example, voucher by voucher', () => {
    expect(head(xml)).toBe(head(FIXTURE));
    const ours = shapes(xml);
    const recorded = shapes(FIXTURE);
    expect([...ours.keys()].sort()).toEqual([...recorded.keys()].sort());
    for (const [type, shape] of recorded) expect(ours.get(type), type).toBe(shape);
    // the recorded example balances too
    for (const v of vouchersOf(FIXTURE)) expect(v.entries.reduce((s, e) => s + e.paise, 0)).toBe(0);
    expect(xml.trimEnd().endsWith('</ENVELOPE>')).toBe(true);
  });

  it("holds only the period's documents and the caller's shop's", async () => {
    const res = await call('GET', '/api/exports/tally?from=2020-01-01&to=2020-01-31', shop.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(vouchersOf(res.body)).toEqual([]);
    // the demo shop's file for today holds none of this shop's vouchers
    const other = await insertUser(db(), { name: 'Other owner', role: 'vendor', shopName: 'Other Stores' });
    const theirs = await call('GET', `/api/exports/tally?from=${today}`, await sessionFor(db(), other));
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(vouchersOf(theirs.body)).toEqual([]);
    expect(theirs.body).not.toContain('STATICVARIABLES');
  });

  it('refuses a period that ends before it starts or is longer than a year', async () => {
    const back = await call('GET', '/api/exports/tally?from=2026-02-01&to=2026-01-31', shop.token);
    expect(back.statusCode).toBe(400);
    expect(back.json().code).toBe('endBeforeStart');
    const long = await call('GET', '/api/exports/tally?from=2025-01-01&to=2026-03-31', shop.token);
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('periodTooLong');
  });
});
