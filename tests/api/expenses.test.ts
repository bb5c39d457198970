import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay } from '../../core/dates';
import type { CashbookResponse, ExpenseCategoryDto, ExpenseDto, ExpensesResponse } from '../../core/schemas/expense';
import type { OrderDto } from '../../core/schemas/order';
import { createTestApp, tokenRequests, type TestContext } from './helpers';
import { insertSupplierPayment, insertUser, makeProduct, makeShelf, type Shelf, sessionFor } from '../support/db-builders';

/**
 * A shop's expenses (core/expense.ts: input GST from the amount paid when the bill has a GSTIN) and its cash
 * book: every cash movement of a day in time order, between the opening balance (the sum of all earlier
 * days' movements) and the closing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let ctx: TestContext;
let shelf: Shelf;
const db = () => ctx.handle.db;
const { ok, call, shopSale, shopCustomer, registerTill, openShift, postExpense, addExpense, moveCash } = tokenRequests(() => ctx.app);
const today = istDay();
const yesterday = istDay(Date.now() - 86_400_000);
const farAhead = istDay(Date.now() + 10 * 86_400_000);

/** A shop of its own with one product at ₹800 a piece. */
async function newShop(name: string) {
  const id = await insertUser(db(), { name: `${name} owner`, role: 'vendor', shopName: name });
  const token = await sessionFor(db(), id);
  const productId = await makeProduct(db(), { vendorId: id, shelf, shopPrice: 800, stock: 100 });
  return { id, token, productId };
}
const expensesOf = (token: string, from = today, to = today) =>
  ok('GET', `/api/expenses?from=${from}&to=${to}`, token) as Promise<ExpensesResponse>;

beforeAll(async () => {
  ctx = await createTestApp();
  shelf = await makeShelf(db());
});
afterAll(async () => {
  await ctx?.close();
});

describe('expenses', () => {
  it('records the input GST of a bill with a GSTIN to the paisa, and none without one', async () => {
    const shop = await newShop('Ledger Stores');
    // ₹2,360 electricity at 18 % from a Tamil Nadu supplier: taxable 2,000.00, CGST 180.00, SGST 180.00
    const power = await addExpense(shop.token, {
      category: 'electricity',
      amount: 2360,
      method: 'bank',
      supplierGstin: '33abcde1234f1z7',
      gstRate: 18,
    });
    expect(power).toMatchObject({
      category: { code: 'electricity', name: 'Electricity', nameTa: 'மின்சாரம்' },
      amount: 2360,
      supplierGstin: '33ABCDE1234F1Z7',
      gstRate: 18,
      taxable: 2000,
      cgst: 180,
      sgst: 180,
      igst: 0,
      date: today,
    });
    // ₹999.99 repairs at 12 % from Maharashtra: taxable 892.85, IGST 107.14
    const repair = await addExpense(shop.token, {
      category: 'Repairs',
      amount: 999.99,
      method: 'upi',
      supplierGstin: '27AAPFU0939F1ZV',
      gstRate: 12,
    });
    expect(repair).toMatchObject({ taxable: 892.85, cgst: 0, sgst: 0, igst: 107.14 });
    const tea = await addExpense(shop.token, { category: 'டீ மற்றும் சிற்றுண்டி', amount: 45.5, note: 'Tea for the loaders' });
    expect(tea).toMatchObject({ category: { code: 'tea' }, supplierGstin: null, gstRate: null, taxable: 45.5, cgst: 0 });

    const list = await expensesOf(shop.token);
    expect(list.expenses.map((e) => e._id)).toEqual([power._id, repair._id, tea._id]);
    expect(list.total).toBe(3405.49);
    expect(list.inputGst).toEqual({ cgst: 180, sgst: 180, igst: 107.14 });
    expect(list.byCategory.map((c) => [c.category.code, c.amount, c.count])).toEqual([
      ['electricity', 2360, 1],
      ['repairs', 999.99, 1],
      ['tea', 45.5, 1],
    ]);
  });

  it('refuses bad input with a coded message and stores nothing', async () => {
    const shop = await newShop('Careful Stores');
    const base = { category: 'Rent', amount: 100, method: 'cash', date: today };
    const refusals: Array<[object, string]> = [
      [{ ...base, amount: -5 }, 'paymentAmountPositive'],
      [{ ...base, amount: 0 }, 'paymentAmountPositive'],
      [{ ...base, supplierGstin: '33ABCDE1234F1Z8', gstRate: 18 }, 'gstinCheck'],
      [{ ...base, supplierGstin: 'NOTAGSTIN', gstRate: 18 }, 'gstinFormat'],
      [{ ...base, gstRate: 18 }, 'expenseGstinNeeded'],
      [{ ...base, supplierGstin: '33ABCDE1234F1Z7', gstRate: 7 }, 'optionInvalid'],
      [{ ...base, category: 'Holidays' }, 'expenseCategoryNotFound'],
      [{ ...base, date: farAhead }, 'expenseDateAhead'],
      [{ ...base, method: 'cheque' }, 'optionInvalid'],
    ];
    for (const [body, code] of refusals) {
      const res = await postExpense(shop.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code });
    }
    const tamil = await ctx.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { authorization: `Bearer ${shop.token}`, 'accept-language': 'ta' },
      payload: { ...base, date: farAhead },
    });
    expect(tamil.json()).toMatchObject({ code: 'expenseDateAhead', message: 'ஒரு செலவை ஒரு நாளுக்கு மேல் முன்தேதியிட முடியாது' });
    const stored = await db().selectFrom('expenses').select('id').where('shop_id', '=', shop.id).execute();
    expect(stored).toEqual([]);
  });

  it('a replay with the same Idempotency-Key, or of the same id, stores the expense once', async () => {
    const shop = await newShop('Replay Stores');
    const body = { category: 'Transport', amount: 350, method: 'cash', date: today };
    const first = await postExpense(shop.token, body, { 'idempotency-key': 'expense-1' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await postExpense(shop.token, body, { 'idempotency-key': 'expense-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await postExpense(shop.token, { ...body, amount: 351 }, { 'idempotency-key': 'expense-1' });
    expect(other.statusCode).toBe(422);

    const id = '7d3f6c1e-2b4a-4c8e-9f10-3a5b6c7d8e9f';
    expect((await postExpense(shop.token, { ...body, id })).statusCode).toBe(201);
    const resent = await postExpense(shop.token, { ...body, id });
    expect(resent.statusCode).toBe(200);
    expect((resent.json() as ExpenseDto)._id).toBe(id);
    const stored = await db().selectFrom('expenses').select('id').where('shop_id', '=', shop.id).execute();
    expect(stored).toHaveLength(2);
  });

  it("another shop neither sees nor uses a shop's categories and expenses", async () => {
    const a = await newShop('First Stores');
    const b = await newShop('Second Stores');
    const added = (await ok('POST', '/api/expense-categories', a.token, { name: 'Generator diesel' }, 201)) as ExpenseCategoryDto;
    expect(added).toMatchObject({ code: null, name: 'Generator diesel', nameTa: 'Generator diesel' });
    const again = await call('POST', '/api/expense-categories', a.token, { name: 'generator DIESEL' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'expenseCategoryExists' });

    const ofA = (await ok('GET', '/api/expense-categories', a.token)) as ExpenseCategoryDto[];
    expect(ofA.map((c) => c.code)).toEqual(['rent', 'electricity', 'wages', 'transport', 'repairs', 'tea', 'other', null]);
    const ofB = (await ok('GET', '/api/expense-categories', b.token)) as ExpenseCategoryDto[];
    expect(ofB.map((c) => c._id)).not.toContain(added._id);
    expect(ofB.some((c) => c.name === 'Generator diesel')).toBe(false);

    await addExpense(a.token, { category: added._id, amount: 1200 });
    for (const category of [added._id, 'Generator diesel', ofA[0]._id]) {
      const res = await postExpense(b.token, { category, amount: 10, method: 'cash', date: today });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'expenseCategoryNotFound' });
    }
    expect((await expensesOf(b.token)).expenses).toEqual([]);
    expect((await expensesOf(a.token)).total).toBe(1200);
  });
});

describe('the cash book', () => {
  it("lists a day's cash movements in time order between a hand-checked opening and closing balance", async () => {
    const shop = await newShop('Cashbook Stores');
    const by = { _id: shop.id, name: 'Cashbook Stores owner' };
    // yesterday: ₹200 rent in cash (in the opening balance) and ₹999 by bank (not cash)
    await addExpense(shop.token, { amount: 200, date: yesterday });
    await addExpense(shop.token, { amount: 999, date: yesterday, method: 'bank' });

    const sold = async (extra: object) => {
      const res = await shopSale(shop.token, [{ productId: shop.productId, quantity: 2 }], { handedOver: true, ...extra } as never);
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { order: OrderDto }).order;
    };
    const cashSale = await sold({ paymentMethod: 'cash' }); // +1,600
    await sold({ paymentMethod: 'upi' }); // not cash
    const split = await sold({
      payments: [
        { method: 'cash', amount: 500 },
        { method: 'upi', amount: 1100 },
      ],
    }); // +500
    const customer = await shopCustomer(shop.token, { openingBalance: 500 });
    await ok('POST', `/api/customers/${customer._id}/payments`, shop.token, { amount: 300, method: 'cash' }, 201); // +300
    await ok('POST', `/api/customers/${customer._id}/payments`, shop.token, { amount: 100, method: 'upi' }, 201); // not cash
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/Orders/${cashSale._id}/returns`,
      headers: { authorization: `Bearer ${shop.token}` },
      payload: { lines: [{ productId: shop.productId, quantity: 1 }], refundMethod: 'cash', restock: true },
    });
    expect(refund.statusCode, refund.body).toBe(201); // −800
    await addExpense(shop.token, { category: 'tea', amount: 150 }); // −150
    await addExpense(shop.token, { category: 'wages', amount: 5000, method: 'upi' }); // not cash
    await insertSupplierPayment(db(), { shopId: shop.id, supplier: 'Murugan Traders', amount: 400 }); // −400
    await insertSupplierPayment(db(), { shopId: shop.id, supplier: 'Lakshmi Agencies', amount: 700, method: 'bank' }); // not cash
    const till = await registerTill(shop.token, 'Front counter');
    const shift = await openShift(shop.token, till._id, 1000); // the float is cash already in the shop
    await moveCash(shop.token, shift._id, 'in', 250, 'Change from the bank'); // +250
    await moveCash(shop.token, shift._id, 'out', 100, 'Paid the porter'); // −100

    const book = (await ok('GET', `/api/reports/cashbook?date=${today}`, shop.token)) as CashbookResponse;
    expect(book.moves.map((m) => [m.kind, m.in, m.out])).toEqual([
      ['sale', 1600, 0],
      ['sale', 500, 0],
      ['creditCollected', 300, 0],
      ['refund', 0, 800],
      ['expense', 0, 150],
      ['supplierPayment', 0, 400],
      ['payIn', 250, 0],
      ['payOut', 0, 100],
    ]);
    expect(book.moves[0].reference).toBe(cashSale.invoiceNumber);
    expect(book.moves[1].reference).toBe(split.invoiceNumber);
    expect(book.moves[2].reference).toBe(customer.name);
    expect(book.moves[4].reference).toBe('Tea and snacks');
    expect(book.moves[5].reference).toBe('Murugan Traders');
    expect(book.moves[6].reference).toBe('Change from the bank');
    expect(book.moves.every((m) => m.by?._id === by._id)).toBe(true);
    const times = book.moves.map((m) => m.at);
    expect([...times].sort()).toEqual(times);
    // opening −200; in 1,600 + 500 + 300 + 250 = 2,650; out 800 + 150 + 400 + 100 = 1,450; closing −200 + 2,650 − 1,450
    expect(book).toMatchObject({ date: today, opening: -200, totalIn: 2650, totalOut: 1450, closing: 1000 });

    // the next day opens with this day's close
    const tomorrow = istDay(Date.now() + 86_400_000);
    expect((await ok('GET', `/api/reports/cashbook?date=${tomorrow}`, shop.token)) as CashbookResponse).toMatchObject({
      opening: 1000,
      moves: [],
      closing: 1000,
    });
    // another shop's book has none of it
    const other = await newShop('Quiet Stores');
    expect(await ok('GET', `/api/reports/cashbook?date=${today}`, other.token)).toMatchObject({ opening: 0, moves: [], closing: 0 });
  });
});
