import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '../../core/message-text';
import type { ReconciliationResponse, StatementResponse } from '../../core/schemas/payment';
import { istDayOf } from '../../core/sale-void';
import { codedBody, createTestApp, tokenRequests, type TestContext } from './helpers';
import { insertProviderPayment, insertUser, makeProduct, makeShelf, type Shelf, sessionFor } from '../support/db-builders';

/**
 * A settlement statement matched to the shop's UPI sales (POST /api/payments/statements): by amount to the
 * paisa and time within 15 minutes, one sale to one line; what is left on either side listed; the lines
 * that matched kept once, so the same file twice changes nothing, and shown by the reconciliation; a file
 * that cannot be read refused whole with nothing stored; another shop's sales never matched; only the
 * shop's owner, a manager, or an admin naming the shop. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/statements/settlement-2024-06-01.csv');

let ctx: TestContext;
const db = () => ctx.handle.db;
const { call, ok, sale, addStaff, uploadStatement } = tokenRequests(() => ctx.app);

/** Yesterday and the day before in India: sale times the counter may still record (within 7 days). */
const day = (daysAgo: number) => istDayOf(new Date(Date.now() - daysAgo * 86_400_000));
const D1 = day(1);
const D2 = day(2);
/** The recorded statement, its day moved to yesterday. */
const recorded = () => fs.readFileSync(FIXTURE, 'utf8').replaceAll('2024-06-01', D1);

let shelf: Shelf;
type Shop = { id: string; token: string; price: (rupees: number) => Promise<string> };
const shops = {} as Record<'a' | 'b' | 'c', Shop>;

async function makeShop(name: string): Promise<Shop> {
  const id = await insertUser(db(), { name: `${name} owner`, role: 'vendor', shopName: name });
  const products = new Map<number, string>();
  const price = async (rupees: number) => {
    if (!products.has(rupees)) products.set(rupees, await makeProduct(db(), { vendorId: id, shelf, shopPrice: rupees, stock: 1000 }));
    return products.get(rupees)!;
  };
  return { id, token: await sessionFor(db(), id), price };
}

/** A counter sale of one piece at `rupees`, paid by `method` at India time `hhmm` of `date`: its id. */
async function saleAt(shop: Shop, rupees: number, date: string, hhmm: string, method: 'upi' | 'cash' = 'upi'): Promise<string> {
  const order = await sale(shop.token, [{ productId: await shop.price(rupees), quantity: 1 }], {
    paymentMethod: method,
    paymentStatus: 'Paid',
    createdAt: `${date}T${hhmm}:00+05:30`,
  });
  return order._id;
}

const upload = async (shop: Shop, csv: string, query = '') => {
  const res = await uploadStatement(shop.token, csv, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StatementResponse;
};
const lineRows = () => db().selectFrom('upi_statement_lines').selectAll().orderBy('shop_id').orderBy('utr').execute();
const reconciliation = (shop: Shop, date: string) =>
  ok('GET', `/api/payments/reconciliation?date=${date}`, shop.token) as Promise<ReconciliationResponse>;

beforeAll(async () => {
  ctx = await createTestApp();
  shelf = await makeShelf(db());
  shops.a = await makeShop('Anbu Stores');
  shops.b = await makeShop('Bharathi Stores');
  shops.c = await makeShop('Chola Stores');
});
afterAll(async () => {
  await ctx?.close();
});

describe('a settlement statement (POST /api/payments/statements)', () => {
  const sales = {} as Record<'s347' | 's120' | 's45' | 'cash120' | 'b347', string>;
  let first: StatementResponse;

  beforeAll(async () => {
    sales.s347 = await saleAt(shops.a, 347.21, D1, '10:10');
    sales.s120 = await saleAt(shops.a, 120, D1, '11:00');
    sales.s45 = await saleAt(shops.a, 45.5, D1, '12:00');
    // cash is never matched, even at the line's very time
    sales.cash120 = await saleAt(shops.a, 120, D1, '13:31', 'cash');
    // another shop's sale, nearer the first line than shop A's own
    sales.b347 = await saleAt(shops.b, 347.21, D1, '10:15');
  });

  it("matches each line to the shop's own UPI sale by amount and time; lists the line outside the window and the sale left", async () => {
    first = await upload(shops.a, recorded());
    expect(first.dates).toEqual([D1]);
    expect(first.matched).toEqual([
      expect.objectContaining({ line: 2, utr: '412345678901', amount: 347.21, orderId: sales.s347, payer: 'kumar@okaxis', earlier: false }),
      expect.objectContaining({ line: 3, utr: '412345678902', amount: 120, orderId: sales.s120, payer: 'meena@oksbi', earlier: false }),
    ]);
    expect(first.matched[0].invoiceNumber).toBeTruthy();
    expect(first.matched[0].time).toBe(new Date(`${D1}T10:15:42+05:30`).toISOString());
    // the cash sale at 13:31 is no UPI sale; the 45.50 line is 20 minutes after its sale
    expect(first.unmatchedLines).toEqual([
      {
        line: 4,
        utr: '412345678903',
        amount: 120,
        time: new Date(`${D1}T13:31:05+05:30`).toISOString(),
        payer: 'ravi@ybl',
        reason: 'statementNoSale',
        message: messageText('statementNoSale', 'en', { minutes: 15 }),
      },
      expect.objectContaining({ line: 5, utr: '412345678904', amount: 45.5, reason: 'statementNoSale' }),
    ]);
    expect(first.unmatchedSales).toEqual([
      {
        orderId: sales.s45,
        invoiceNumber: expect.any(String),
        amount: 45.5,
        at: new Date(`${D1}T12:00:00+05:30`).toISOString(),
        status: 'byHand',
      },
    ]);

    const rows = await lineRows();
    expect(rows.map((r) => [r.shop_id, r.utr, r.order_id, Number(r.amount_paise), r.payer])).toEqual([
      [shops.a.id, '412345678901', sales.s347, 34721, 'kumar@okaxis'],
      [shops.a.id, '412345678902', sales.s120, 12000, 'meena@oksbi'],
    ]);
  });

  it('shows a sale confirmed by hand as matched by the statement in the reconciliation, its status kept', async () => {
    const r = await reconciliation(shops.a, D1);
    const entry = (id: string) => r.entries.find((e) => e.orderId === id);
    expect(entry(sales.s347)).toMatchObject({ status: 'byHand', statementUtr: '412345678901', amount: 347.21 });
    expect(entry(sales.s120)).toMatchObject({ status: 'byHand', statementUtr: '412345678902' });
    expect(entry(sales.s45)).toMatchObject({ status: 'byHand', statementUtr: null });
    expect(entry(sales.cash120)).toBeUndefined();
  });

  it('the same file twice changes nothing and answers the same matches', async () => {
    const before = await lineRows();
    const again = await upload(shops.a, recorded());
    expect(again.matched).toEqual(first.matched.map((m) => ({ ...m, earlier: true })));
    expect(again.unmatchedLines).toEqual(first.unmatchedLines);
    expect(again.unmatchedSales).toEqual(first.unmatchedSales);
    expect(await lineRows()).toEqual(before);
  });

  it("never matches another shop's sales: shop B's upload matches its own sale only, under the same UTR", async () => {
    const b = await upload(shops.b, recorded());
    expect(b.matched).toEqual([expect.objectContaining({ line: 2, utr: '412345678901', orderId: sales.b347, earlier: false })]);
    expect(b.unmatchedLines.map((l) => [l.line, l.reason])).toEqual([
      [3, 'statementNoSale'],
      [4, 'statementNoSale'],
      [5, 'statementNoSale'],
    ]);
    expect(b.unmatchedSales).toEqual([]);
    const rows = await lineRows();
    expect(rows.filter((r) => r.shop_id === shops.a.id).map((r) => r.order_id)).toEqual([sales.s347, sales.s120]);
    expect(rows.filter((r) => r.shop_id === shops.b.id).map((r) => r.order_id)).toEqual([sales.b347]);
  });

  it('reads the header in any case and order, with or without payer, and other separators', async () => {
    const id = await saleAt(shops.c, 80, D2, '09:00');
    const res = await upload(shops.c, `TIME;Amount;Utr\n${D2}T09:05:00+05:30;80.00;512345678901\n`);
    expect(res.matched).toEqual([expect.objectContaining({ line: 2, utr: '512345678901', orderId: id, payer: null })]);
  });
});

describe('lines that match nothing', () => {
  it("a UTR known already (a provider's payment, an earlier statement's line of another amount) or repeated in the file", async () => {
    const known = await saleAt(shops.c, 61, D2, '15:00');
    await insertProviderPayment(db(), { shopId: shops.c.id, utr: '612345678901', amount: 61 });
    const earlier = await saleAt(shops.c, 62, D2, '16:00');
    expect((await upload(shops.c, `utr,amount,time,payer\n612345678902,62,${D2}T16:01:00+05:30,x\n`)).matched).toHaveLength(1);
    const repeated = await saleAt(shops.c, 63, D2, '17:00');

    const res = await upload(
      shops.c,
      [
        'utr,amount,time,payer',
        `612345678901,61,${D2}T15:00:00+05:30,provider's`,
        `612345678902,99,${D2}T16:00:00+05:30,earlier of another amount`,
        `612345678903,63,${D2}T17:00:00+05:30,first`,
        `612345678903,63,${D2}T17:00:30+05:30,repeated`,
      ].join('\n'),
    );
    expect(res.matched.map((m) => [m.line, m.orderId])).toEqual([[4, repeated]]);
    expect(res.unmatchedLines.map((l) => [l.line, l.reason])).toEqual([
      [2, 'statementUtrKnown'],
      [3, 'statementUtrKnown'],
      [5, 'statementUtrRepeated'],
    ]);
    expect(res.unmatchedSales.map((s) => s.orderId)).toContain(known);
    expect(res.unmatchedSales.map((s) => s.orderId)).not.toContain(earlier);
  });

  it('a line whose fields cannot be read gets its reason in the request language; the other lines still match', async () => {
    const id = await saleAt(shops.c, 71, D2, '18:00');
    const res = await uploadStatement(
      shops.c.token,
      [
        'utr,amount,time,payer',
        `4.12346E+11,71,${D2}T18:00:00+05:30,a`,
        `712345678902,seventy,${D2}T18:00:00+05:30,b`,
        `712345678903,71,${D2.split('-').reverse().join('/')} 18:00,c`,
        `712345678904,71.00,${D2}T18:02:00+05:30,d`,
      ].join('\n'),
      '',
      { 'accept-language': 'ta' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StatementResponse;
    expect(body.matched.map((m) => [m.line, m.orderId])).toEqual([[5, id]]);
    expect(body.unmatchedLines).toEqual([
      expect.objectContaining({ line: 2, reason: 'statementUtrInvalid', amount: 71, message: messageText('statementUtrInvalid', 'ta') }),
      expect.objectContaining({ line: 3, reason: 'statementAmountInvalid', amount: null }),
      expect.objectContaining({ line: 4, reason: 'statementTimeInvalid', time: null }),
    ]);
  });
});

describe('a file refused whole', () => {
  const refusals: Array<[string, string | Buffer, string]> = [
    ['no header', `712345678999,71,${D2}T18:00:00+05:30,x\n`, 'statementMissingColumns'],
    ['only a header', 'utr,amount,time,payer\n\n', 'statementNoLines'],
    ['not text (an image)', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]), 'statementBadType'],
    ['a quote left open', `utr,amount,time,payer\n"712345678999,71,${D2}T18:00:00+05:30,x\n`, 'statementBadFile'],
    [
      'more than 5000 lines',
      `utr,amount,time\n${Array.from({ length: 5001 }, (_, i) => `8${String(i).padStart(11, '0')},1,${D2}T18:00`).join('\n')}`,
      'statementTooManyLines',
    ],
    ['larger than 2 MB', `utr,amount,time,payer\n${`812345678901,1,${D2}T18:00,${'x'.repeat(1000)}\n`.repeat(2200)}`, 'statementTooLarge'],
  ];

  it.each(refusals)('%s: a coded 400 in the request language, nothing stored', async (_name, content, code) => {
    // a sale the file's lines would match, were the file read
    await saleAt(shops.c, 1, D2, '18:00');
    const before = await lineRows();
    const res = await uploadStatement(shops.c.token, content, '', { 'accept-language': 'ta' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect(res.json().message).toBe(messageText(code as 'statementNoLines', 'ta', res.json().params));
    expect(await lineRows()).toEqual(before);
  });

  it('a request that is not a file upload', async () => {
    const res = await call('POST', '/api/payments/statements', shops.c.token, { utr: '1', amount: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codedBody('statementBadType'));
  });
});

describe('who may upload', () => {
  const csv = () => `utr,amount,time,payer\n912345678901,91,${D2}T19:00:00+05:30,x\n`;

  it("refuses a cashier, a stock keeper, a customer and no sign-in, storing nothing; a manager matches the shop's sale", async () => {
    const id = await saleAt(shops.c, 91, D2, '19:00');
    const customer = await sessionFor(db(), await insertUser(db(), { name: 'A customer', role: 'user' }));
    for (const role of ['cashier', 'stock'] as const) {
      const { token } = await addStaff(shops.c.token, role);
      expect((await uploadStatement(token, csv())).statusCode).toBe(403);
    }
    expect((await uploadStatement(customer, csv())).statusCode).toBe(403);
    expect((await uploadStatement(null, csv())).statusCode).toBe(401);
    expect((await lineRows()).filter((r) => r.utr === '912345678901')).toEqual([]);

    const manager = await addStaff(shops.c.token, 'manager');
    const res = await uploadStatement(manager.token, csv());
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StatementResponse).matched.map((m) => m.orderId)).toEqual([id]);
    expect((await lineRows()).find((r) => r.utr === '912345678901')?.uploaded_by).toBe(manager.staff._id);
  });

  it('an admin names the shop; another vendor naming it uploads to its own shop only', async () => {
    const admin = await sessionFor(db(), await insertUser(db(), { name: 'An admin', role: 'admin' }));
    const id = await saleAt(shops.c, 92, D2, '19:30');
    const line = `utr,amount,time,payer\n922345678901,92,${D2}T19:31:00+05:30,x\n`;
    expect((await uploadStatement(admin, line)).json()).toMatchObject({ code: 'chooseVendor', field: 'shopId' });
    // shop A names shop C: its own shop has no such sale
    const other = await upload(shops.a, line, `?shopId=${shops.c.id}`);
    expect(other.matched).toEqual([]);
    const named = await uploadStatement(admin, line, `?shopId=${shops.c.id}`);
    expect(named.statusCode, named.body).toBe(200);
    expect((named.json() as StatementResponse).matched.map((m) => m.orderId)).toEqual([id]);
  });
});
