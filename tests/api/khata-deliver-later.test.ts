import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coded } from '../../core/coded';
import { gstinCheckChar } from '../../core/gstin';
import { toPaise } from '../../core/money';
import { istDayOf } from '../../core/sale-void';
import type { CreateCustomerInput, CustomerDto, DuesResponse, LedgerResponse } from '../../core/schemas/customer';
import type { DaySummary, OrderDto, VendorOrdersPage } from '../../core/schemas/order';
import type { ProductDto } from '../../core/schemas/product';
import { codedBody, createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext } from './helpers';
import { productBody } from '../support/api-builders';
import { countOrders, makeGst } from '../support/db-builders';

/**
 * A named customer's sale left unpaid goes on their account (khata) when its goods leave: a sale to
 * deliver later on credit, or one not paid yet whose cash is not collected at the door. Until then it
 * is in no balance, ledger, dues or credit given; from then in all four, dated at the delivery.
 */
let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, ok, sale, shopCustomer, shopSale } = tokenRequests(() => ctx.app);
const db = () => ctx.handle.db;

let gst18: string;
let shelf: { name: string; subcategories: string[] };
let seq = 0;
/** A Karnataka (29) GSTIN with its right check character. */
const KARNATAKA = `29AABCB${String(1000 + Math.floor(Math.random() * 8999))}F1Z`;
const gstin = () => `${KARNATAKA}${gstinCheckChar(KARNATAKA)}`;
const today = () => istDayOf(new Date());
const DAY_MS = 86_400_000;

const product = async (shopPrice: number) =>
  (await ok(
    'POST',
    '/api/products',
    tok.vendor,
    productBody(shelf, gst18, `Deliver later item ${++seq}`, { price: shopPrice, shopPrice, countInStock: 100 }),
    201,
  )) as ProductDto;

const addCustomer = (body: Partial<CreateCustomerInput> = {}) => shopCustomer(tok.vendor, { name: `Bengaluru Traders ${++seq}`, ...body });

/** What a sale to deliver later to the customer carries: the customer, and the Deliver-later address the counter fills from them. */
const toDeliver = (c: CustomerDto) => ({
  customerId: c._id,
  handedOver: false,
  shippingAddress: {
    address: '4 MG Road',
    city: 'Bengaluru',
    pincode: '560001',
    phoneNumber: c.phone,
    stateCode: c.stateCode || undefined,
  },
});

const markDelivered = async (orderId: string, token: string, cashCollected = false) =>
  ((await ok('PUT', '/api/Orders/mark-delivered', token, { orderId, ...(cashCollected ? { cashCollected } : {}) })) as { order: OrderDto })
    .order;

/** What the khata shows of a customer now: balance, ledger sale entries, dues row and today's credit given. */
async function khata(c: CustomerDto, day = today()) {
  const balance = ((await ok('GET', `/api/customers/${c._id}`, tok.vendor)) as CustomerDto).balance;
  const ledger = (await ok('GET', `/api/customers/${c._id}/ledger`, tok.vendor)) as LedgerResponse;
  const dues = (await ok('GET', '/api/customers/dues', tok.vendor)) as DuesResponse;
  const close = (await ok('GET', `/api/Orders/vendor/day-summary?date=${day}`, tok.vendor)) as DaySummary;
  return {
    balance,
    sales: ledger.entries.filter((e) => e.kind === 'sale'),
    due: dues.rows.find((r) => r.customer._id === c._id),
    creditGiven: close.creditGiven,
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'delivery'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  gst18 = await makeGst(db(), 18, '8471');
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('a sale to deliver later to a named customer', () => {
  it('on credit: accepted, on no account until delivered; then in the balance, ledger, dues and credit given to the paisa, dated at the delivery', async () => {
    const p = await product(5508.2);
    const c = await addCustomer({ gstin: gstin(), address: '4 MG Road, Bengaluru 560001' });
    expect(c.stateCode).toBe('29');
    const saleDay = istDayOf(new Date(Date.now() - 2 * DAY_MS));
    const before = await khata(c);
    const saleDayBefore = (await khata(c, saleDay)).creditGiven;

    // sold two days ago, to deliver: a tax invoice to another state (IGST), numbered at delivery
    const sold = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], {
      ...toDeliver(c),
      paymentMethod: 'credit',
      createdAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
    });
    expect(sold).toMatchObject({ status: 'Pending', paymentStatus: 'Pending', paymentMethod: 'credit', placeOfSupply: '29' });
    expect(sold.totalPayable).toBe(5508.2);
    expect(sold.products[0].igst).toBeGreaterThan(0);

    const pending = await khata(c);
    expect(pending.balance).toBe(0);
    expect(pending.sales).toEqual([]);
    expect(pending.due).toBeUndefined();
    expect(pending.creditGiven).toEqual(before.creditGiven);

    const delivered = await markDelivered(sold._id, tok.delivery);
    expect(delivered).toMatchObject({ status: 'Delivered', paymentStatus: 'Pending', paymentMethod: 'credit' });
    const after = await khata(c);
    expect(after.balance).toBe(5508.2);
    expect(after.sales).toEqual([expect.objectContaining({ refId: sold._id, amount: 5508.2, at: delivered.deliveredAt })]);
    expect(after.due?.customer.balance).toBe(5508.2);
    // the due is dated by the delivery (today), not by the sale two days ago
    expect(after.due?.oldestDueDate).toBe(today());
    expect(toPaise(after.creditGiven.amount) - toPaise(before.creditGiven.amount)).toBe(550_820);
    expect(after.creditGiven.count - before.creditGiven.count).toBe(1);
    expect(after.creditGiven.orders.find((o) => o._id === sold._id)).toMatchObject({
      customer: c.name,
      phone: c.phone,
      amount: 5508.2,
      invoiceNumber: delivered.invoiceNumber,
    });
    // the sale's own day gave no credit: the goods left today
    expect((await khata(c, saleDay)).creditGiven).toEqual(saleDayBefore);
  });

  it('not paid yet (cash on delivery): delivered without the cash it is a credit sale on the account; with the cash it is paid and on no account', async () => {
    const p = await product(250.5);
    const c = await addCustomer();
    const before = await khata(c);
    const unpaid = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], { ...toDeliver(c), paymentStatus: 'Pending' });
    const paidAtDoor = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], { ...toDeliver(c), paymentStatus: 'Pending' });
    expect(unpaid).toMatchObject({ status: 'Pending', paymentStatus: 'Pending', paymentMethod: null });
    expect((await khata(c)).balance).toBe(0);

    const cash = await markDelivered(paidAtDoor._id, tok.delivery, true);
    expect(cash).toMatchObject({ paymentStatus: 'Paid', paymentMethod: 'cash' });
    expect((await khata(c)).balance).toBe(0);

    const left = await markDelivered(unpaid._id, tok.delivery);
    expect(left).toMatchObject({ status: 'Delivered', paymentStatus: 'Pending', paymentMethod: 'credit' });
    const after = await khata(c);
    expect(after.balance).toBe(250.5);
    expect(after.sales.map((s) => [s.refId, s.amount])).toEqual([[unpaid._id, 250.5]]);
    expect(after.due?.customer.balance).toBe(250.5);
    expect(toPaise(after.creditGiven.amount) - toPaise(before.creditGiven.amount)).toBe(25_050);

    // a payment settles it like any credit sale
    await ok('POST', `/api/customers/${c._id}/payments`, tok.vendor, { amount: 250.5, method: 'upi' }, 201);
    const settled = (await ok('GET', `/api/Orders/${unpaid._id}`, tok.vendor)) as OrderDto;
    expect(settled).toMatchObject({ paymentStatus: 'Paid', paymentMethod: 'credit' });
    expect((await khata(c)).balance).toBe(0);
  });

  it('cash collected on a sale already on the account is refused (it is a payment on the account) and changes nothing', async () => {
    const p = await product(99);
    const c = await addCustomer();
    const o = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], { ...toDeliver(c), paymentMethod: 'credit' });
    await markDelivered(o._id, tok.vendor);
    const res = await call('PUT', '/api/Orders/mark-delivered', tok.vendor, { orderId: o._id, cashCollected: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(codedBody('creditSaleOnAccount', { field: 'cashCollected' }));
    const row = await db()
      .selectFrom('orders')
      .select(['payment_status', 'payment_method'])
      .where('id', '=', o._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_status: 'Pending', payment_method: 'credit' });
    expect((await khata(c)).balance).toBe(99);
  });

  it('the credit limit: 409 at a Deliver-later credit sale (sales still to deliver count), accepted when confirmed; delivery is never refused', async () => {
    const p = await product(600);
    const c = await addCustomer({ creditLimit: 1000 });
    const first = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], { ...toDeliver(c), paymentMethod: 'credit' });
    const orders = await countOrders(db());
    const over = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], { ...toDeliver(c), paymentMethod: 'credit' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual(
      codedBody(coded('creditLimitExceeded', { limit: 1000, balance: 600, sale: 600 }), { field: 'confirmOverLimit' }),
    );
    expect(await countOrders(db())).toBe(orders);
    const second = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], {
      ...toDeliver(c),
      paymentMethod: 'credit',
      confirmOverLimit: true,
    });
    await markDelivered(first._id, tok.delivery);
    await markDelivered(second._id, tok.delivery);
    expect((await khata(c)).balance).toBe(1200);
  });
});

describe('named customers', () => {
  it("a sale to a shop customer carries the customer's name and phone; Vendor Orders finds it by name or phone, not as walk-in", async () => {
    const p = await product(75);
    const name = `Anjali Caterers ${++seq}`;
    const c = await addCustomer({ name });
    const o = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], { ...toDeliver(c), paymentStatus: 'Pending' });
    expect(o.customer).toEqual({ name, phone: c.phone });
    expect(((await ok('GET', `/api/Orders/${o._id}`, tok.vendor)) as OrderDto).customer).toEqual({ name, phone: c.phone });

    const list = async (q: string) =>
      ((await ok('GET', `/api/Orders/vendor?limit=100&${q}`, tok.vendor)) as VendorOrdersPage).orders.map((x) => x._id);
    const page = (await ok('GET', '/api/Orders/vendor?limit=100', tok.vendor)) as VendorOrdersPage;
    expect(page.orders.find((x) => x._id === o._id)?.customer).toEqual({ name, phone: c.phone });
    expect(await list(`search=${encodeURIComponent(name.slice(0, 10).toLowerCase())}`)).toEqual([o._id]);
    // phone digits as typed with a space
    expect(await list(`search=${encodeURIComponent(`${c.phone.slice(2, 5)} ${c.phone.slice(5)}`)}`)).toEqual([o._id]);
    expect(await list(`search=${encodeURIComponent('Nobody by this name')}`)).toEqual([]);
    expect(await list('customer=walk-in')).not.toContain(o._id);

    // a walk-in sale stays without a customer
    const walkIn = await shopSale(tok.vendor, [{ productId: p._id, quantity: 1 }], { handedOver: true });
    expect((walkIn.json() as { order: OrderDto }).order.customer).toBeNull();
  });

  it("the rider's area cards name the shop customer of a sale to deliver", async () => {
    const p = await product(30);
    const c = await addCustomer();
    const o = await sale(tok.vendor, [{ productId: p._id, quantity: 1 }], {
      ...toDeliver(c),
      paymentStatus: 'Pending',
      shippingAddress: { ...toDeliver(c).shippingAddress, area: 'Adyar' },
    });
    const cards = (await ok('POST', '/api/Orders/pending-by-area/cards', tok.delivery, { area: 'Adyar' })) as Array<{
      _id: string;
      customerName: string | null;
    }>;
    expect(cards.find((x) => x._id === o._id)?.customerName).toBe(c.name);
  });
});
