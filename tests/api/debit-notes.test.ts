import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coded } from '../../core/coded';
import { gstinCheckChar } from '../../core/gstin';
import { financialYear, fyTag } from '../../core/invoice';
import { istDayOf } from '../../core/sale-void';
import type { DebitNoteDto } from '../../core/schemas/debit-note';
import type { ProductDto } from '../../core/schemas/product';
import type { PurchaseDto } from '../../core/schemas/purchase';
import type { StockLedgerPage } from '../../core/schemas/stock';
import type { PayablesResponse, SupplierLedgerResponse, SupplierPaymentDto } from '../../core/schemas/supplier';
import { debitNoteTotalsByRate } from '../../server/services/stock/debit-note-queries';
import { productBody } from '../support/api-builders';
import { userId } from '../support/db-builders';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';

/** Goods returned to suppliers: POST /api/purchases/:id/returns, its debit notes, what is owed and the stock. */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, addPurchase, paySupplier, returnToSupplier } = tokenRequests(() => ctx.app);
let shelf: { name: string; subcategories: string[] };
let gst: string;
let seq = 0;

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => istDayOf(new Date(Date.now() - n * DAY_MS));
const today = () => istDayOf(new Date());
const uniq = () => `${Date.now()}-${++seq}`;
/** A GSTIN of Karnataka (29): a supplier of another state, IGST. */
const KARNATAKA = `29AABCM1234F1Z${gstinCheckChar('29AABCM1234F1Z')}`;
/** A registered supplier in Tamil Nadu: its bills give input tax credit, which its debit notes reverse. */
const CHENNAI = `33AABCS4321K1Z${gstinCheckChar('33AABCS4321K1Z')}`;

const product = async (token: string, extra: Record<string, unknown> = {}) =>
  (await ok(
    'POST',
    '/api/products',
    token,
    productBody(shelf, gst, `Return item ${uniq()}`, { countInStock: 20, ...extra }),
    201,
  )) as ProductDto;
/** A bill with several lines (POST /api/purchases). */
const bill = async (
  token: string,
  supplier: { name: string; gstin?: string },
  billDate: string,
  lines: Array<{ productId: string; quantity: number; unitCost: number; gstRate: number }>,
) => (await ok('POST', '/api/purchases', token, { supplier, billNumber: `DB-${uniq()}`, billDate, lines }, 201)) as PurchaseDto;
const purchase = (id: string, token = tok.vendor) => ok('GET', `/api/purchases/${id}`, token) as Promise<PurchaseDto>;
const returned = async (token: string, purchaseId: string, body: Parameters<typeof returnToSupplier>[2], headers = {}) => {
  const res = await returnToSupplier(token, purchaseId, body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DebitNoteDto;
};
const stockOf = async (productId: string) => ((await ok('GET', `/api/products/${productId}`, tok.vendor)) as ProductDto).countInStock;
const count = async (table: 'debit_notes' | 'debit_note_lines' | 'stock_movements') =>
  Number(
    (
      await ctx.handle.db
        .selectFrom(table)
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  gst = ((await ok('GET', '/api/gsts?active=true', tok.admin)) as Array<{ _id: string }>)[0]._id;
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('a return to the supplier', () => {
  it("writes a debit note, takes the goods out and lowers what is owed, through the supplier's ledger to the paisa", async () => {
    const rice = await product(tok.vendor, { unit: 'kg', countInStock: 10 });
    const oil = await product(tok.vendor, { countInStock: 10 });
    const supplier = { name: `Debit Supplier ${uniq()}` };
    // A: rice 3 kg x ₹33.33 = ₹99.99 + CGST 2.5 % ₹2.50 (2.49975) + SGST ₹2.50 = ₹104.99;
    //    oil 4 x ₹120 = ₹480.00 + CGST 6 % ₹28.80 + SGST ₹28.80 = ₹537.60; the bill ₹642.59
    const a = await bill(tok.vendor, supplier, daysAgo(10), [
      { productId: rice._id, quantity: 3, unitCost: 33.33, gstRate: 5 },
      { productId: oil._id, quantity: 4, unitCost: 120, gstRate: 12 },
    ]);
    // B: oil 2 x ₹50 = ₹100.00 + CGST 9 % ₹9.00 + SGST ₹9.00 = ₹118.00
    const b = await bill(tok.vendor, supplier, daysAgo(5), [{ productId: oil._id, quantity: 2, unitCost: 50, gstRate: 18 }]);
    expect([a.total, b.total]).toEqual([642.59, 118]);
    const supplierId = a.supplier._id;
    // rice 10 + 3 = 13 kg, oil 10 + 4 + 2 = 16
    expect([await stockOf(rice._id), await stockOf(oil._id)]).toEqual([13, 16]);

    // ₹400 settles part of A (the oldest): A open ₹242.59, B ₹118.00, owed ₹360.59
    const pay = await paySupplier(tok.vendor, supplierId, { amount: 400, method: 'cash' });
    expect(pay.statusCode, pay.body).toBe(201);
    expect((pay.json() as SupplierPaymentDto).balance).toBe(360.59);

    // back to the supplier: 1.25 kg of rice and 1 oil of bill A
    const note = await returned(tok.vendor, a._id, {
      lines: [
        { productId: rice._id, quantity: 1.25 },
        { productId: oil._id, quantity: 1 },
      ],
      reason: 'Damaged bags',
    });
    // rice 1.25 x ₹33.33 = ₹41.6625 -> ₹41.66, CGST = SGST 2.5 % = ₹1.0415 -> ₹1.04: ₹43.74
    // oil 1 x ₹120 = ₹120.00, CGST = SGST 6 % = ₹7.20: ₹134.40; the note ₹161.66 + 8.24 + 8.24 = ₹178.14
    expect(note.lines.map((l) => [l.name, l.quantity, l.unitCost, l.gstRate, l.taxable, l.cgst, l.sgst, l.igst, l.total])).toEqual([
      [rice.name, 1.25, 33.33, 5, 41.66, 1.04, 1.04, 0, 43.74],
      [oil.name, 1, 120, 12, 120, 7.2, 7.2, 0, 134.4],
    ]);
    expect(note).toMatchObject({
      purchaseId: a._id,
      billNumber: a.billNumber,
      supplier: { _id: supplierId, name: supplier.name },
      noteDate: today(),
      interState: false,
      reason: 'Damaged bags',
      taxable: 161.66,
      cgst: 8.24,
      sgst: 8.24,
      igst: 0,
      total: 178.14,
    });
    expect(note.number).toMatch(new RegExp(`^[A-Z0-9]{1,3}-DN/${fyTag(financialYear(new Date()))}/000001$`));
    expect(note.number.length).toBeLessThanOrEqual(16);
    expect(await ok('GET', `/api/debit-notes/${note._id}`, tok.vendor)).toEqual(note);

    // the goods went out: rice 13 - 1.25 = 11.75 kg, oil 16 - 1 = 15; the ledger names the bill, its supplier and the note
    expect([await stockOf(rice._id), await stockOf(oil._id)]).toEqual([11.75, 15]);
    const moves = ((await ok('GET', `/api/stock/ledger?productId=${rice._id}`, tok.vendor)) as StockLedgerPage).movements;
    expect(moves.at(-1)).toMatchObject({
      kind: 'purchase_return',
      quantity: -1.25,
      balance: 11.75,
      ref: a._id,
      reference: a.billNumber,
      supplier: supplier.name,
      note: note.number,
      link: { to: 'purchase', id: a._id },
    });

    // A: ₹642.59 - ₹400 paid - ₹178.14 returned = ₹64.45 open, still partly paid; the line shows what went back
    const after = await purchase(a._id);
    expect(after).toMatchObject({ paid: 400, returned: 178.14, paymentState: 'partlyPaid' });
    expect(after.lines.map((l) => l.returned)).toEqual([1.25, 1]);
    expect(after.debitNotes).toEqual([{ _id: note._id, number: note.number, noteDate: today(), total: 178.14 }]);
    // owed: ₹760.59 - ₹400 - ₹178.14 = ₹182.45 = A ₹64.45 + B ₹118.00
    const payables = ((await ok('GET', '/api/suppliers/payables', tok.vendor)) as PayablesResponse).suppliers.find(
      (s) => s._id === supplierId,
    )!;
    expect(payables.balance).toBe(182.45);
    expect(payables.bills.map((x) => [x.billNumber, x.total, x.paid, x.open])).toEqual([
      [a.billNumber, 642.59, 400, 64.45],
      [b.billNumber, 118, 0, 118],
    ]);

    // ₹100 pays the rest of A (₹64.45) and ₹35.55 of B: A is paid though ₹464.45 of its ₹642.59 was paid
    const second = await paySupplier(tok.vendor, supplierId, { amount: 100, method: 'upi' });
    expect(second.statusCode, second.body).toBe(201);
    expect((second.json() as SupplierPaymentDto).allocations.map((x) => [x.billNumber, x.amount])).toEqual([
      [a.billNumber, 64.45],
      [b.billNumber, 35.55],
    ]);
    expect(await purchase(a._id)).toMatchObject({ paid: 464.45, returned: 178.14, paymentState: 'paid' });
    expect(await purchase(b._id)).toMatchObject({ paid: 35.55, returned: 0, paymentState: 'partlyPaid' });

    const l = (await ok('GET', `/api/suppliers/${supplierId}/ledger`, tok.vendor)) as SupplierLedgerResponse;
    expect(l.entries.map((e) => [e.kind, e.ref, e.amount, e.balance])).toEqual([
      ['bill', a.billNumber, 642.59, 642.59],
      ['bill', b.billNumber, 118, 760.59],
      ['payment', 'cash', 400, 360.59],
      ['debitNote', note.number, 178.14, 182.45],
      ['payment', 'upi', 100, 82.45],
    ]);
    expect(l.entries[3]).toMatchObject({ refId: note._id, day: today() });
    expect(l.balance).toBe(82.45);

    // the rest of the rice of A, already paid: 99.99 - 41.66 = ₹58.33 + CGST = SGST 2.50 - 1.04 = ₹1.46: ₹61.25,
    // a credit on A (open -₹61.25) that lowers what may be paid: ₹82.45 - ₹61.25 = ₹21.20
    const rest = await returned(tok.vendor, a._id, { lines: [{ productId: rice._id, quantity: 1.75 }] });
    expect(rest.total).toBe(61.25);
    const over = await paySupplier(tok.vendor, supplierId, { amount: 21.21, method: 'cash' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject(codedBody(coded('supplierPaymentAboveDue', { owed: '21.20' })));
    const last = await paySupplier(tok.vendor, supplierId, { amount: 21.2, method: 'cash' });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json()).toMatchObject({ allocations: [{ purchaseId: b._id, amount: 21.2 }], balance: 0 });

    // a bill with a debit note is not cancelled (A is also paid: that answers first; see the unpaid bill below)
    expect((await call('POST', `/api/purchases/${a._id}/cancel`, tok.vendor, { reason: 'Entered twice' })).json()).toMatchObject(
      codedBody('purchaseCancelPaid'),
    );
  });

  it('refuses more than received less returned before, with its code, and changes nothing', async () => {
    const rice = await product(tok.vendor, { unit: 'kg', countInStock: 5 });
    const other = await product(tok.vendor);
    const p = await bill(tok.vendor, { name: `Debit Supplier ${uniq()}` }, daysAgo(1), [
      { productId: rice._id, quantity: 3, unitCost: 33.33, gstRate: 5 },
    ]);
    await returned(tok.vendor, p._id, { lines: [{ productId: rice._id, quantity: 1.25 }] });
    const before = { notes: await count('debit_notes'), lines: await count('debit_note_lines'), moves: await count('stock_movements') };
    const stock = await stockOf(rice._id); // 5 + 3 - 1.25 = 6.75
    expect(stock).toBe(6.75);

    const over = await returnToSupplier(tok.vendor, p._id, { lines: [{ productId: rice._id, quantity: 1.751 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      ...codedBody(coded('debitNoteTooMuch', { name: rice.name, returnable: 1.75 })),
      field: 'lines.0.quantity',
    });
    const notOnBill = await returnToSupplier(tok.vendor, p._id, { lines: [{ productId: other._id, quantity: 1 }] });
    expect(notOnBill.statusCode).toBe(400);
    expect(notOnBill.json()).toMatchObject(codedBody('debitNoteProductNotOnBill'));
    const empty = await returnToSupplier(tok.vendor, p._id, { lines: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject(codedBody('debitNoteLinesRequired'));
    // another shop's bill answers like a missing one
    const foreign = await returnToSupplier(tok.vendor2, p._id, { lines: [{ productId: rice._id, quantity: 1 }] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject(codedBody('purchaseNotFound'));

    expect({ notes: await count('debit_notes'), lines: await count('debit_note_lines'), moves: await count('stock_movements') }).toEqual(
      before,
    );
    expect(await stockOf(rice._id)).toBe(6.75);
    // the rest, exactly: 99.99 - 41.66 = ₹58.33, CGST = SGST 2.50 - 1.04 = ₹1.46: ₹61.25; the bill's ₹104.99 in all
    const rest = await returned(tok.vendor, p._id, { lines: [{ productId: rice._id, quantity: 1.75 }] });
    expect([rest.taxable, rest.cgst, rest.sgst, rest.total]).toEqual([58.33, 1.46, 1.46, 61.25]);
    expect(await purchase(p._id)).toMatchObject({ total: 104.99, returned: 104.99, paid: 0, paymentState: 'paid' });

    // with its goods returned the bill cannot be cancelled; a cancelled bill takes no return
    const cancel = await call('POST', `/api/purchases/${p._id}/cancel`, tok.vendor, { reason: 'Entered twice' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject(codedBody('purchaseCancelReturned'));
    const q = await bill(tok.vendor, { name: `Debit Supplier ${uniq()}` }, daysAgo(1), [
      { productId: other._id, quantity: 2, unitCost: 10, gstRate: 0 },
    ]);
    expect((await call('POST', `/api/purchases/${q._id}/cancel`, tok.vendor, { reason: 'Entered twice' })).statusCode).toBe(200);
    const onCancelled = await returnToSupplier(tok.vendor, q._id, { lines: [{ productId: other._id, quantity: 1 }] });
    expect(onCancelled.statusCode).toBe(409);
    expect(onCancelled.json()).toMatchObject(codedBody('debitNotePurchaseCancelled'));
  });

  it('replays: the same Idempotency-Key answers the first note, the same note id makes one note', async () => {
    const item = await product(tok.vendor);
    const p = await addPurchase(tok.vendor, {
      supplier: `Debit Supplier ${uniq()}`,
      productId: item._id,
      billDate: daysAgo(1),
      unitCost: 10,
      quantity: 5,
    });
    const body = { lines: [{ productId: item._id, quantity: 1 }] };
    const notes = await count('debit_notes');
    const key = `dn-${uniq()}`;
    const first = await returnToSupplier(tok.vendor, p._id, body, { 'Idempotency-Key': key });
    const again = await returnToSupplier(tok.vendor, p._id, body, { 'Idempotency-Key': key });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(await count('debit_notes')).toBe(notes + 1);

    const id = crypto.randomUUID();
    const made = await returned(tok.vendor, p._id, { ...body, _id: id });
    const twice = await returnToSupplier(tok.vendor, p._id, { ...body, _id: id });
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(made);
    expect(await count('debit_notes')).toBe(notes + 2);
    // 5 received, 2 returned: 3 left
    expect((await purchase(p._id)).lines[0].returned).toBe(2);
  });
});

describe("a shop's debit note series", () => {
  it('numbers 8 returns sent at once 1 to 8, no gaps, no duplicates; the input GST they reverse sums by rate', async () => {
    const item = await product(tok.vendor2);
    const supplier = `Series Supplier ${uniq()}`;
    const bills: PurchaseDto[] = [];
    // 8 bills of 1 x ₹10 at 5 %: ₹10.00 + ₹0.25 + ₹0.25 each
    for (let i = 0; i < 8; i++)
      bills.push(
        await addPurchase(tok.vendor2, { supplier, gstin: CHENNAI, productId: item._id, billDate: daysAgo(2), unitCost: 10, gstRate: 5 }),
      );
    const responses = await Promise.all(
      bills.map((b) => returnToSupplier(tok.vendor2, b._id, { lines: [{ productId: item._id, quantity: 1 }] })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const numbers = responses.map((r) => (r.json() as DebitNoteDto).number);
    const yy = fyTag(financialYear(new Date()));
    const head = numbers[0].split('/')[0];
    expect(head).toMatch(/^[A-Z0-9]{1,3}-DN$/);
    expect(numbers.map((n) => n.split('/').slice(0, 2).join('/'))).toEqual(Array(8).fill(`${head}/${yy}`));
    expect(numbers.map((n) => Number(n.split('/')[2])).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    // from a supplier of Karnataka: 2 x ₹45.50 = ₹91.00 + IGST 12 % ₹10.92; 1 back: ₹45.50 + IGST ₹5.46 (5.46 exactly)
    const far = await bill(tok.vendor2, { name: `Karnataka Supplier ${uniq()}`, gstin: KARNATAKA }, daysAgo(2), [
      { productId: item._id, quantity: 2, unitCost: 45.5, gstRate: 12 },
    ]);
    const igst = await returned(tok.vendor2, far._id, { lines: [{ productId: item._id, quantity: 1 }] });
    expect(igst).toMatchObject({ interState: true, taxable: 45.5, cgst: 0, sgst: 0, igst: 5.46, total: 50.96 });
    expect(Number(igst.number.split('/')[2])).toBe(9);

    const vendor2 = await userId(ctx.handle.db, DEMO.vendor2);
    // paise: 8 x ₹10.00 taxable with 8 x ₹0.25 CGST and SGST; ₹45.50 with ₹5.46 IGST
    expect(await debitNoteTotalsByRate(ctx.handle.db, vendor2, today(), today())).toEqual([
      { rate: 5, interState: false, taxable: 8000, cgst: 200, sgst: 200, igst: 0 },
      { rate: 12, interState: true, taxable: 4550, cgst: 0, sgst: 0, igst: 546 },
    ]);
    expect(await debitNoteTotalsByRate(ctx.handle.db, vendor2, daysAgo(3), daysAgo(1))).toEqual([]);
    // another shop's note answers like a missing one
    expect((await call('GET', `/api/debit-notes/${igst._id}`, tok.vendor)).statusCode).toBe(404);
  });
});
