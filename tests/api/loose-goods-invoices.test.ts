import { coded } from '../../core/coded';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { financialYear, fyTag } from '../../core/invoice';
import type { DaySummary, OrderDto } from '../../core/schemas/order';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext, codedBody } from './helpers';
import { countOrders, registerCustomer, stockOf, userId } from '../support/db-builders';

/**
 * Loose goods by weight, the per-vendor invoice series, cash on delivery and the day's close,
 * through the API on a real database.
 */
let ctx: TestContext;
const tok: Record<string, string> = {};
let murugan: string;

const IST_MS = 330 * 60_000;
const istDay = (t: number) => new Date(t + IST_MS).toISOString().slice(0, 10);
const today = istDay(Date.now());
const FY = fyTag(financialYear(new Date()));
const cents = (n: number) => Math.round(n * 100);
const sumCents = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + cents(f(r)), 0);

const { call, checkout, ok, placeOrder, sale, shopSale } = tokenRequests(() => ctx.app);

interface Product {
  _id: string;
  name: string;
  shopPrice: number;
  discount: number;
  unit: string;
  countInStock: number;
}
const ownProducts = async (token: string, keyword: string) =>
  (await ok('GET', `/api/products/products?keyword=${encodeURIComponent(keyword)}`, token)) as Product[];

let gsts: Array<{ _id: string; rate: number; hsnCode: string; name: string }>;
let shelf: { name: string; subcategories: string[] };
/** Creates a product through the API as `token` (a vendor): unit and stock as given. */
async function newProduct(
  token: string,
  name: string,
  opts: { rate: number; hsn?: string; unit?: string; shopPrice: number; stock?: number; discount?: number },
) {
  const gst = gsts.find((g) => g.rate === opts.rate && (!opts.hsn || g.hsnCode === opts.hsn))!;
  return (await ok(
    'POST',
    '/api/products',
    token,
    {
      name,
      price: opts.shopPrice,
      shopPrice: opts.shopPrice,
      discount: opts.discount ?? 0,
      countInStock: opts.stock ?? 1000,
      reOrderLevel: 1,
      category: shelf.name,
      subcategory: shelf.subcategories[0],
      gst: gst._id,
      unit: opts.unit ?? 'pcs',
      images: ['/images/x.svg'],
    },
    201,
  )) as Product;
}

let shopSeq = 0;
/** A new vendor with no sales yet (its series starts at 1), shop name and invoice prefix set through the profile. */
async function freshVendor(prefix?: string) {
  const u = await registerCustomer(ctx.app);
  await ok('PUT', `/api/users/${u.id}`, tok.admin, { userId: u.id, role: 'vendor' });
  const shopName = `Anbu Stores ${++shopSeq}`;
  const me = await ok('PUT', '/api/users/profile', u.token, {
    name: `Anbu ${shopSeq}`,
    vendorDetails: { shopName, ...(prefix ? { invoicePrefix: prefix } : {}) },
  });
  return { id: u.id, token: u.token, prefix: me.vendorDetails.invoicePrefix as string };
}

const seqOf = (number: string | null) => Number(number!.slice(number!.lastIndexOf('/') + 1));

beforeAll(async () => {
  ctx = await createTestApp();
  for (const k of ['admin', 'vendor', 'vendor2', 'customer', 'delivery'] as const) tok[k] = await login(ctx.app, DEMO[k]);
  murugan = await userId(ctx.handle.db, DEMO.vendor);
  gsts = await ok('GET', '/api/gsts?active=true', tok.admin);
  shelf = await listedShelf(ctx.app, tok.admin);
});
afterAll(async () => ctx?.close());

describe('loose goods by weight', () => {
  it('a walk-in sale of 1.25 kg of loose rice at ₹68/kg bills ₹85.00 and leaves stock down by 1.25', async () => {
    const [rice] = await ownProducts(tok.vendor, 'Ponni Rice (loose)');
    expect(rice).toMatchObject({ unit: 'kg', shopPrice: 68, countInStock: 120.5 });
    const res = await shopSale(tok.vendor, [{ productId: rice._id, quantity: 1.25 }], { paymentMethod: 'cash' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as OrderDto;
    expect(order).toMatchObject({ totalAmount: 85, totalPayable: 85, paymentStatus: 'Paid', paymentMethod: 'cash' });
    expect(order.products[0]).toMatchObject({ quantity: 1.25, unit: 'kg', price: 68, lineTotal: 85, gstRate: 0, taxable: 85 });
    expect(order.invoiceNumber).toMatch(new RegExp(`^MS/${FY}/\\d{6}$`));
    expect(await stockOf(ctx.handle.db, rice._id)).toBe(119.25);
    const [after] = await ownProducts(tok.vendor, 'Ponni Rice (loose)');
    expect(after.countInStock).toBe(119.25);
  });

  it('refuses a fraction of a piece and a fourth decimal, changing nothing', async () => {
    const [powder] = await ownProducts(tok.vendor, 'Sambar Powder 200g');
    const [rice] = await ownProducts(tok.vendor, 'Ponni Rice (loose)');
    const orders = await countOrders(ctx.handle.db);
    const stock = await stockOf(ctx.handle.db, powder._id);

    const half = await shopSale(tok.vendor, [{ productId: powder._id, quantity: 1.5 }]);
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({
      message: 'Sambar Powder 200g is sold in whole pieces: enter a whole quantity',
      code: 'quantityWhole',
      params: { name: 'Sambar Powder 200g', unit: 'pcs' },
      field: 'products.0.quantity',
    });
    const fine = await shopSale(tok.vendor, [{ productId: rice._id, quantity: 1.2345 }]);
    expect(fine.statusCode).toBe(400);
    expect(fine.json()).toEqual(codedBody('quantityDecimals', { field: 'products.0.quantity' }));
    const halfPiece = await checkout(tok.customer, [
      { productId: powder._id, quantity: 0.5, price: powder.shopPrice, discount: powder.discount },
    ]);
    expect(halfPiece.statusCode).toBe(400);

    expect(await countOrders(ctx.handle.db)).toBe(orders);
    expect(await stockOf(ctx.handle.db, powder._id)).toBe(stock);
  });

  it('customers order in 0.25 kg steps; a delivery order is payable in whole rupees', async () => {
    const [oil] = await ownProducts(tok.vendor, 'Groundnut Oil (loose)');
    const [rice] = await ownProducts(tok.vendor, 'Ponni Rice (loose)');
    const before = await stockOf(ctx.handle.db, oil._id);
    const [order] = await placeOrder(tok.customer, [
      { productId: oil._id, quantity: 0.75 },
      { productId: rice._id, quantity: 2.25 },
    ]);
    // 0.75 l x 182 = 136.50; 2.25 kg x 68 = 153.00; 289.50 is payable as 289.00 (0.50 round-off)
    expect(order).toMatchObject({ totalAmount: 289.5, totalDeliveryDiscount: 0.5, totalPayable: 289 });
    expect(order.products.map((l) => [l.quantity, l.unit, l.lineTotal, l.deliveryDiscount])).toEqual([
      [0.75, 'l', 136.5, 0.24],
      [2.25, 'kg', 153, 0.26],
    ]);
    // the oil's GST is on 136.26, what it was charged: 3.24 + 3.24 (5 %), taxable 129.78
    expect(order.products[0]).toMatchObject({ taxable: 129.78, cgst: 3.24, sgst: 3.24 });
    expect(await stockOf(ctx.handle.db, oil._id)).toBe(before - 0.75);

    const tooMuch = await checkout(tok.customer, [{ productId: oil._id, quantity: 1000, price: oil.shopPrice }]);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual(codedBody(coded('notEnoughStock', { name: 'Groundnut Oil (loose)' })));
  });

  it('a product carries its unit; stock takes decimals only where the unit does', async () => {
    const dal = await newProduct(tok.vendor, 'Loose Moong Dal', { rate: 0, hsn: '0713', unit: 'kg', shopPrice: 110, stock: 12.345 });
    expect(dal).toMatchObject({ unit: 'kg', countInStock: 12.345 });
    const soap = await newProduct(tok.vendor, 'Soap Test Unit', { rate: 18, shopPrice: 35 });
    expect(soap).toMatchObject({ unit: 'pcs', countInStock: 1000 });
    const body = {
      ...soap,
      category: shelf.name,
      subcategory: shelf.subcategories[0],
      gst: gsts.find((g) => g.rate === 18)!._id,
      reOrderLevel: 1,
    };
    const bad = await call('PUT', `/api/products/${soap._id}`, tok.vendor, { ...body, countInStock: 2.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody(coded('stockWhole', { unit: 'pcs' }), { field: 'countInStock' }));
    const kilo = await call('PUT', `/api/products/${soap._id}`, tok.vendor, { ...body, unit: 'kilo' });
    expect(kilo.statusCode).toBe(400);
    expect(kilo.json()).toEqual(codedBody('unitInvalid', { field: 'unit' }));
    const metre = await call('PUT', `/api/products/${soap._id}`, tok.vendor, { ...body, unit: 'metre', countInStock: 2.5 });
    expect(metre.statusCode, metre.body).toBe(200);
    expect(metre.json()).toMatchObject({ unit: 'metre', countInStock: 2.5 });
  });
});

describe('invoice numbers per vendor and financial year', () => {
  it('the vendor sets its prefix; numbers run 1, 2, 3 with no gap, a refused order takes none, a deleted one stays cancelled', async () => {
    const bad = await call('PUT', '/api/users/profile', tok.vendor2, {
      name: 'Meenakshi Traders',
      vendorDetails: { invoicePrefix: 'M/T' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('invoicePrefixInvalid', { field: 'vendorDetails.invoicePrefix' }));

    const v = await freshVendor('ab');
    expect(v.prefix).toBe('AB');
    const p = await newProduct(v.token, 'Series Rice', { rate: 0, hsn: '1006', unit: 'kg', shopPrice: 60, stock: 3 });
    // paid sales still to deliver: a pending one can be deleted
    const toDeliver = { handedOver: false };
    const first = await sale(v.token, [{ productId: p._id, quantity: 0.5 }], toDeliver);
    expect(first.invoiceNumber).toBe(`AB/${FY}/000001`);

    // a customer checkout refused for stock rolls back: it leaves no number behind
    const refused = await checkout(tok.customer, [{ productId: p._id, quantity: 9, price: 60 }]);
    expect(refused.statusCode).toBe(409);

    const id = crypto.randomUUID();
    const second = await sale(v.token, [{ productId: p._id, quantity: 1 }], { ...toDeliver, _id: id });
    expect(second.invoiceNumber).toBe(`AB/${FY}/000002`);
    // a replay of the same sale (the outbox) answers the same order and number
    const again = await shopSale(v.token, [{ productId: p._id, quantity: 1 }], { _id: id });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.invoiceNumber).toBe(`AB/${FY}/000002`);

    const third = await sale(v.token, [{ productId: p._id, quantity: 0.25 }], toDeliver);
    expect(third.invoiceNumber).toBe(`AB/${FY}/000003`);
    // deleting the pending second sale keeps its number, cancelled; the next sale does not reuse it
    await ok('DELETE', `/api/Orders/orders/${second._id}`, v.token);
    expect((await sale(v.token, [{ productId: p._id, quantity: 0.25 }], toDeliver)).invoiceNumber).toBe(`AB/${FY}/000004`);

    const g = await ok('GET', `/api/Orders/gstr1/report?startDate=${today}&endDate=${today}`, v.token);
    expect(g.docs).toEqual([{ series: `AB/${FY}/`, from: `AB/${FY}/000001`, to: `AB/${FY}/000004`, count: 4, cancelled: 1, netIssued: 3 }]);
    expect(g.totals.invoices).toBe(3);
    expect(g.hsn).toEqual([expect.objectContaining({ hsn: '1006', uqc: 'KGS', quantity: 1 })]);
    expect(g.portalJson.doc_issue.doc_det[0].docs).toEqual([
      { num: 1, from: `AB/${FY}/000001`, to: `AB/${FY}/000004`, totnum: 4, cancel: 1, net_issue: 3 },
    ]);

    // a new prefix applies to the numbers given from then on; the sequence of the year goes on
    await ok('PUT', '/api/users/profile', v.token, { name: 'Anbu', vendorDetails: { invoicePrefix: 'AN' } });
    expect((await sale(v.token, [{ productId: p._id, quantity: 0.25 }], toDeliver)).invoiceNumber).toBe(`AN/${FY}/000005`);
    const g2 = await ok('GET', `/api/Orders/gstr1/report?startDate=${today}&endDate=${today}`, v.token);
    expect(g2.docs.map((d: { from: string; to: string }) => [d.from, d.to])).toEqual([
      [`AB/${FY}/000001`, `AB/${FY}/000004`],
      [`AN/${FY}/000005`, `AN/${FY}/000005`],
    ]);
    // the first sale's number did not change
    expect((await ok('GET', `/api/Orders/${first._id}`, v.token)).invoiceNumber).toBe(`AB/${FY}/000001`);
  });

  it('concurrent sales of one vendor get distinct, consecutive numbers; each vendor has its own series', async () => {
    const v = await freshVendor();
    const w = await freshVendor();
    expect(v.prefix).toMatch(/^AS\d*$/);
    const pv = await newProduct(v.token, 'Race Dal', { rate: 5, shopPrice: 100 });
    const pw = await newProduct(w.token, 'Race Oil', { rate: 5, shopPrice: 100 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        shopSale(i % 3 === 2 ? w.token : v.token, [{ productId: i % 3 === 2 ? pw._id : pv._id, quantity: 1 }]),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const numbers = (token: string) =>
      results
        .map((r) => r.json().order as OrderDto)
        .filter((o) => o.vendorId._id === (token === v.token ? v.id : w.id))
        .map((o) => seqOf(o.invoiceNumber))
        .sort((a, b) => a - b);
    expect(numbers(v.token)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(numbers(w.token)).toEqual([1, 2, 3, 4]);
  });

  it("the demo orders delivered or sold at the counter are numbered in each vendor's series from 1; pending ones are not yet", async () => {
    for (const [token, prefix] of [
      [tok.vendor, 'MS/'],
      [tok.vendor2, 'MT/'],
    ]) {
      const list = (await ok('GET', '/api/Orders/vendor?limit=100', token)) as { orders: OrderDto[] };
      const seqs = list.orders
        .filter((o) => o.invoiceNumber?.startsWith(prefix))
        .map((o) => seqOf(o.invoiceNumber))
        .sort((a, b) => a - b);
      expect(seqs.length, prefix).toBeGreaterThan(0);
      expect(seqs, prefix).toEqual(seqs.map((_, i) => i + 1));
      // a cash-on-delivery order not delivered yet has no number (it takes one at delivery)
      const waiting = list.orders.filter((o) => o.status === 'Pending' && o.paymentStatus !== 'Paid');
      expect(waiting.length, prefix).toBeGreaterThan(0);
      for (const o of waiting) expect(o.invoiceNumber, `${prefix} #${o.orderNumber}`).toBeNull();
    }
  });
});

describe('cash on delivery', () => {
  it('Mark Delivered with cash collected makes the order Paid in cash; without it the order stays unpaid', async () => {
    const [dal] = await ownProducts(tok.vendor, 'Toor Dal (loose)');
    const [a] = await placeOrder(tok.customer, [{ productId: dal._id, quantity: 1.5 }]);
    // not supplied yet: no invoice number until it is delivered
    expect(a).toMatchObject({ status: 'Pending', paymentStatus: 'Pending', paymentMethod: null, invoiceNumber: null, invoiceDate: null });

    const paid = await ok('PUT', '/api/Orders/mark-delivered', tok.delivery, { orderId: a._id, cashCollected: true });
    expect(paid.order).toMatchObject({ status: 'Delivered', paymentStatus: 'Paid', paymentMethod: 'cash' });
    expect(paid.order.invoiceNumber).toMatch(new RegExp(`^MS/${FY}/\\d{6}$`));
    expect(paid.order.invoiceDate).toBe(paid.order.deliveredAt);

    const [b] = await placeOrder(tok.customer, [{ productId: dal._id, quantity: 1.5 }]);
    const delivered = await ok('PUT', '/api/Orders/mark-delivered', tok.vendor, { orderId: b._id });
    expect(delivered.order).toMatchObject({ status: 'Delivered', paymentStatus: 'Pending', paymentMethod: null });
    // delivered unpaid is supplied all the same: the next number of the series
    expect(seqOf(delivered.order.invoiceNumber)).toBe(seqOf(paid.order.invoiceNumber) + 1);
    // the rider records the cash afterwards: same call, the order is already delivered and keeps its number
    const later = await ok('PUT', '/api/Orders/mark-delivered', tok.vendor, { orderId: b._id, cashCollected: true });
    expect(later.order).toMatchObject({ status: 'Delivered', paymentStatus: 'Paid', paymentMethod: 'cash' });
    expect(later.order.invoiceNumber).toBe(delivered.order.invoiceNumber);

    const bad = await call('PUT', '/api/Orders/mark-delivered', tok.delivery, { orderId: a._id, cashCollected: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('mustBeTrueOrFalse', { field: 'cashCollected' }));
    // another vendor cannot record it: 404 as for a missing order, and nothing changes
    const [c] = await placeOrder(tok.customer, [{ productId: dal._id, quantity: 1.5 }]);
    const notTheirs = await call('PUT', '/api/Orders/mark-delivered', tok.vendor2, { orderId: c._id, cashCollected: true });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual(codedBody('orderNotFound'));
    expect(await ok('GET', `/api/Orders/${c._id}`, tok.customer)).toMatchObject({ paymentStatus: 'Pending', invoiceNumber: null });
  });

  it('walk-in sales record how they were paid; an unknown method is refused', async () => {
    const [rice] = await ownProducts(tok.vendor, 'Ponni Rice (loose)');
    const upi = await shopSale(tok.vendor, [{ productId: rice._id, quantity: 1 }], { paymentMethod: 'upi' });
    expect(upi.json().order).toMatchObject({ paymentStatus: 'Paid', paymentMethod: 'upi' });
    const plain = await shopSale(tok.vendor, [{ productId: rice._id, quantity: 1 }]);
    expect(plain.json().order).toMatchObject({ paymentStatus: 'Paid', paymentMethod: 'cash' });
    const later = await shopSale(tok.vendor, [{ productId: rice._id, quantity: 1 }], { paymentStatus: 'Pending', paymentMethod: 'card' });
    expect(later.json().order).toMatchObject({ paymentStatus: 'Pending', paymentMethod: null });
    const bad = await shopSale(tok.vendor, [{ productId: rice._id, quantity: 1 }], { paymentMethod: 'bitcoin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(codedBody('paymentMethodInvalid', { field: 'paymentMethod' }));
  });
});

describe("the day's close", () => {
  const summary = async (token: string, date = today, vendorId?: string) =>
    (await ok('GET', `/api/Orders/vendor/day-summary?date=${date}${vendorId ? `&vendorId=${vendorId}` : ''}`, token)) as DaySummary;

  /** The same figures from the vendor's own order list for the day (rupees to paise, summed). */
  async function fromOrders(token: string, date = today) {
    const orders: OrderDto[] = [];
    for (let page = 1; ; page++) {
      const p = (await ok('GET', `/api/Orders/vendor?startDate=${date}&endDate=${date}&limit=100&page=${page}`, token)) as {
        orders: OrderDto[];
        totalPages: number;
      };
      orders.push(...p.orders);
      if (page >= p.totalPages) break;
    }
    const bucket = (o: OrderDto) => (o.paymentStatus !== 'Paid' ? 'unpaid' : (o.paymentMethod ?? 'cash'));
    const pay = (b: string) =>
      sumCents(
        orders.filter((o) => bucket(o) === b),
        (o) => o.totalPayable,
      );
    const lines = orders.flatMap((o) => o.products);
    const rates = [...new Set(lines.map((l) => l.gstRate))].sort((a, b) => a - b);
    // the day's numbers: orders not delivered yet have none
    const numbers = orders
      .map((o) => o.invoiceNumber)
      .filter((n) => n !== null)
      .sort((a, b) => seqOf(a) - seqOf(b));
    return {
      sales: orders.length,
      gross: sumCents(orders, (o) => o.totalAmount + o.totalDiscount),
      discounts: sumCents(orders, (o) => o.totalDiscount + o.totalDeliveryDiscount),
      net: sumCents(orders, (o) => o.totalPayable),
      payments: { cash: pay('cash'), upi: pay('upi'), card: pay('card'), unpaid: pay('unpaid') },
      taxByRate: rates.map((rate) => {
        const of = lines.filter((l) => l.gstRate === rate);
        return { rate, taxable: sumCents(of, (l) => l.taxable), cgst: sumCents(of, (l) => l.cgst), sgst: sumCents(of, (l) => l.sgst) };
      }),
      first: numbers[0] ?? '',
      last: numbers.at(-1) ?? '',
    };
  }
  const inPaise = (s: DaySummary) => ({
    sales: s.sales,
    gross: cents(s.gross),
    discounts: cents(s.discounts),
    net: cents(s.net),
    payments: { cash: cents(s.payments.cash), upi: cents(s.payments.upi), card: cents(s.payments.card), unpaid: cents(s.payments.unpaid) },
    taxByRate: s.taxByRate.map((t) => ({ rate: t.rate, taxable: cents(t.taxable), cgst: cents(t.cgst), sgst: cents(t.sgst) })),
    first: s.firstInvoice,
    last: s.lastInvoice,
  });

  it("matches the day's orders to the paisa; a COD delivery recorded as cash collected shows under cash", async () => {
    const before = await summary(tok.vendor);
    expect(inPaise(before)).toEqual(await fromOrders(tok.vendor));
    expect(before.sales).toBeGreaterThan(0);
    expect(cents(before.gross) - cents(before.discounts)).toBe(cents(before.net));
    expect(cents(before.payments.cash) + cents(before.payments.upi) + cents(before.payments.card) + cents(before.payments.unpaid)).toBe(
      cents(before.net),
    );
    for (const t of before.taxByRate) expect(t.cgst).toBe(t.sgst);

    const [oil] = await ownProducts(tok.vendor, 'Groundnut Oil (loose)');
    const [order] = await placeOrder(tok.customer, [{ productId: oil._id, quantity: 3.25 }]);
    const unpaid = await summary(tok.vendor);
    expect(cents(unpaid.payments.unpaid) - cents(before.payments.unpaid)).toBe(cents(order.totalPayable));
    // ordered, not delivered: in the day's sales, but no number in the day's range yet
    expect(order.invoiceNumber).toBeNull();
    expect(unpaid.lastInvoice).toBe(before.lastInvoice);
    const { order: done } = await ok('PUT', '/api/Orders/mark-delivered', tok.delivery, { orderId: order._id, cashCollected: true });

    const after = await summary(tok.vendor);
    expect(inPaise(after)).toEqual(await fromOrders(tok.vendor));
    expect(after.sales).toBe(before.sales + 1);
    expect(cents(after.payments.cash) - cents(before.payments.cash)).toBe(cents(order.totalPayable));
    expect(after.payments.unpaid).toBe(before.payments.unpaid);
    expect(after.lastInvoice).toBe(done.invoiceNumber);
    expect(after.timezone).toBe('Asia/Kolkata');
  });

  it('a fresh vendor: first and last numbers, cancelled ones counted, gross - discounts = net, payment split', async () => {
    const v = await freshVendor('DC');
    const rice = await newProduct(v.token, 'Close Rice', { rate: 0, hsn: '1006', unit: 'kg', shopPrice: 68 });
    const soap = await newProduct(v.token, 'Close Soap', { rate: 18, shopPrice: 45.5 });
    expect(await summary(v.token)).toMatchObject({ sales: 0, gross: 0, net: 0, firstInvoice: '', lastInvoice: '', taxByRate: [] });
    await shopSale(v.token, [{ productId: rice._id, quantity: 1.25 }], { paymentMethod: 'cash' });
    await shopSale(v.token, [{ productId: soap._id, quantity: 2, discount: 1 }], { paymentMethod: 'upi' });
    const gone = (await shopSale(v.token, [{ productId: soap._id, quantity: 1 }], { paymentMethod: 'card' })).json().order as OrderDto;
    await shopSale(v.token, [{ productId: soap._id, quantity: 1 }], { paymentMethod: 'card' });
    await ok('DELETE', `/api/Orders/orders/${gone._id}`, v.token);

    const s = await summary(v.token);
    expect(s).toMatchObject({
      sales: 3,
      gross: 85 + 91 + 45.5,
      lineDiscounts: 1,
      deliveryDiscounts: 0,
      discounts: 1,
      net: 85 + 90 + 45.5,
      payments: { cash: 85, upi: 90, card: 45.5, unpaid: 0 },
      paymentCounts: { cash: 1, upi: 1, card: 1, unpaid: 0 },
      firstInvoice: `DC/${FY}/000001`,
      lastInvoice: `DC/${FY}/000004`,
      cancelledInvoices: 1,
    });
    expect(s.taxByRate.map((t) => [t.rate, t.charged])).toEqual([
      [0, 85],
      [18, 135.5],
    ]);
    expect(inPaise(s)).toEqual({ ...(await fromOrders(v.token)), first: `DC/${FY}/000001`, last: `DC/${FY}/000004` });
    // an admin reads any vendor's day; another day is empty
    expect(await summary(tok.admin, today, v.id)).toEqual(s);
    expect((await summary(v.token, '2020-01-01')).sales).toBe(0);
  });

  it('a vendor sees its own day only; an admin names the vendor; bad dates are refused', async () => {
    const url = `/api/Orders/vendor/day-summary?date=${today}`;
    const others = await call('GET', `${url}&vendorId=${murugan}`, tok.vendor2);
    expect(others.statusCode).toBe(403);
    expect(others.json()).toEqual(codedBody('ownSalesOnly'));
    const noVendor = await call('GET', url, tok.admin);
    expect(noVendor.statusCode).toBe(400);
    expect(noVendor.json()).toEqual(codedBody('chooseVendor', { field: 'vendorId' }));
    expect((await call('GET', url, tok.customer)).statusCode).toBe(403);
    expect((await call('GET', url, tok.delivery)).statusCode).toBe(403);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    for (const [q, code, field] of [
      ['', 'dayInvalid', 'date'],
      ['date=2026-02-30', 'dayInvalid', 'date'],
      ['date=23-11-2026', 'dayInvalid', 'date'],
      [`date=${today}&vendorId=nope`, 'idInvalid', 'vendorId'],
    ] as const) {
      const res = await call('GET', `/api/Orders/vendor/day-summary?${q}`, tok.vendor);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toEqual(codedBody(code, { field }));
    }
  });
});

describe('GSTR-1 reconciles to a generated month of orders', () => {
  it('B2CS, HSN and the document summary add up to the orders: mixed rates and units, discounts, deliveries, cancellations', async () => {
    const v = await freshVendor('RM');
    const catalogue = [
      await newProduct(v.token, 'Month Rice', { rate: 0, hsn: '1006', unit: 'kg', shopPrice: 68.4 }),
      await newProduct(v.token, 'Month Oil', { rate: 5, hsn: '1515', unit: 'l', shopPrice: 182.35, discount: 2.5 }),
      await newProduct(v.token, 'Month Ghee', { rate: 12, shopPrice: 339.99 }),
      await newProduct(v.token, 'Month Soap', { rate: 18, shopPrice: 45.5, discount: 0.5 }),
      await newProduct(v.token, 'Month Soda', { rate: 28, shopPrice: 19.99 }),
    ];
    let seed = 11;
    const rnd = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const start = Date.now() - 27 * 86_400_000;
    const made: OrderDto[] = [];
    // 36 walk-in sales spread over 27 days (the counter's sale time), then 8 delivery orders today;
    // each sale reaches the server on its day (a sale time may be at most 7 days old: core/act-time.ts)
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < 36; i++) {
      const picks = [...new Set(Array.from({ length: 1 + rnd(3) }, () => rnd(catalogue.length)))];
      const products = picks.map((k) => {
        const p = catalogue[k];
        const quantity = p.unit === 'pcs' ? 1 + rnd(4) : (250 + rnd(4000)) / 1000;
        return { productId: p._id, quantity, discount: rnd(4) === 0 ? 1.5 : 0 };
      });
      const createdAt = new Date(start + i * 18 * 3_600_000 + rnd(3_600_000)).toISOString();
      vi.setSystemTime(Date.parse(createdAt));
      const res = await shopSale(v.token, products, { createdAt, paymentMethod: ['cash', 'upi', 'card'][rnd(3)] });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().order);
    }
    vi.useRealTimers();
    for (let i = 0; i < 8; i++) {
      const products = catalogue
        .filter(() => rnd(2) === 0)
        .map((p) => ({
          productId: p._id,
          quantity: p.unit === 'pcs' ? 1 + rnd(5) : (1 + rnd(40)) / 4,
          price: p.shopPrice,
          discount: p.discount,
        }));
      if (!products.length) products.push({ productId: catalogue[2]._id, quantity: 2, price: 339.99, discount: 0 });
      made.push(...(await placeOrder(tok.customer, products)));
    }
    // two pending orders deleted: the paid counter sale's number stays, cancelled; the delivery order had
    // none yet (it is numbered at delivery) and leaves no trace
    expect(made[5].invoiceNumber).not.toBeNull();
    expect(made[40].invoiceNumber).toBeNull();
    await ok('DELETE', `/api/Orders/orders/${made[5]._id}`, v.token);
    await ok('DELETE', `/api/Orders/orders/${made[40]._id}`, v.token);
    const kept = made.filter((_, i) => i !== 5 && i !== 40);
    // the delivery orders are delivered (and numbered) today, all but the last, which stays pending
    for (const o of made.slice(36, 43)) if (o !== made[40]) await ok('PUT', '/api/Orders/mark-delivered', v.token, { orderId: o._id });
    const waiting = made[43];

    const from = istDay(start);
    const g = await ok('GET', `/api/Orders/gstr1/report?startDate=${from}&endDate=${today}`, v.token);
    const listed = (await ok('GET', `/api/Orders/vendor?startDate=${from}&endDate=${today}&limit=100`, v.token)) as {
      orders: OrderDto[];
      total: number;
    };
    expect(listed.total).toBe(kept.length);
    // the invoices of the period: every kept order but the one not delivered yet
    const invoiced = listed.orders.filter((o) => o.invoiceNumber !== null);
    expect(invoiced.map((o) => o._id).sort()).toEqual(
      kept
        .filter((o) => o !== waiting)
        .map((o) => o._id)
        .sort(),
    );

    // what the customers paid = the report's total value = taxable value + tax, to the paisa
    const paid = sumCents(invoiced, (o) => o.totalPayable);
    expect(cents(g.totals.totalValue)).toBe(paid);
    expect(cents(g.totals.sales)).toBe(paid);
    expect(cents(g.totals.taxable) + cents(g.totals.tax)).toBe(paid);
    // B2CS (taxed) + nil-rated = HSN = the total taxable value; CGST = SGST on every row
    const b2csTaxable = sumCents(g.b2cs, (b: { taxable: number }) => b.taxable);
    const nil = sumCents(g.nil, (n: { nilRated: number }) => n.nilRated);
    expect(b2csTaxable + nil).toBe(cents(g.totals.taxable));
    expect(sumCents(g.hsn, (h: { taxable: number }) => h.taxable)).toBe(cents(g.totals.taxable));
    expect(sumCents(g.hsn, (h: { totalValue: number }) => h.totalValue)).toBe(paid);
    for (const row of [...g.b2cs, ...g.hsn]) expect(row.cgst, JSON.stringify(row)).toBe(row.sgst);
    expect(new Set(g.b2cs.map((b: { rate: number }) => b.rate))).toEqual(new Set([5, 12, 18, 28]));
    // per rate, B2CS matches the order lines' own snapshots
    const lines = invoiced.flatMap((o) => o.products);
    for (const b of g.b2cs) {
      const of = lines.filter((l) => l.gstRate === b.rate);
      expect(cents(b.taxable)).toBe(sumCents(of, (l) => l.taxable));
      expect(cents(b.cgst)).toBe(sumCents(of, (l) => l.cgst));
      expect(cents(b.sgst)).toBe(sumCents(of, (l) => l.sgst));
    }
    // HSN quantities per unit code: the kilos of rice, the litres of oil, exact to the gram
    const qty = (unit: string) => lines.filter((l) => l.unit === unit).reduce((s, l) => s + Math.round(l.quantity * 1000), 0) / 1000;
    expect(g.hsn.find((h: { uqc: string }) => h.uqc === 'KGS').quantity).toBe(qty('kg'));
    expect(g.hsn.find((h: { uqc: string }) => h.uqc === 'LTR').quantity).toBe(qty('l'));
    expect(g.hsn.find((h: { uqc: string }) => h.uqc === 'KGS').hsn).toBe('1006');
    // table 13: every number given in the period, gap-free per series: the 36 counter sales (one deleted,
    // cancelled) and the 6 deliveries; the deleted and the waiting delivery orders took none
    const docs = g.docs as Array<{ series: string; from: string; to: string; count: number; cancelled: number; netIssued: number }>;
    expect(docs.reduce((n, d) => n + d.count, 0)).toBe(36 + 6);
    expect(docs.reduce((n, d) => n + d.cancelled, 0)).toBe(1);
    expect(docs.reduce((n, d) => n + d.netIssued, 0)).toBe(invoiced.length);
    expect(g.totals.invoices).toBe(invoiced.length);
    for (const d of docs) {
      expect(d.series).toMatch(/^RM\/\d{2}\/$/);
      expect(seqOf(d.to) - seqOf(d.from) + 1).toBe(d.count);
    }
    // the exports say the same
    expect(g.csv.charCodeAt(0)).toBe(0xfeff);
    expect(g.csv).toContain(`,KGS,${qty('kg')},`);
    for (const b of g.portalJson.b2cs as Array<{ camt: number; samt: number }>) expect(b.camt).toBe(b.samt);
    expect((g.portalJson.doc_issue.doc_det[0].docs as Array<{ cancel: number }>).reduce((n, d) => n + d.cancel, 0)).toBe(1);
  });
});
