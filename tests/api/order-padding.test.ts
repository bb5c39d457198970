import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYear, fyTag } from '../../core/invoice';
import type { DaySummary, Gstr1Report, OrderDto } from '../../core/schemas/order';
import { loadConfig } from '../../server/config';
import { createTestApp, DEMO, listedShelf, login, tokenRequests, type TestContext, codedBody } from './helpers';
import { registerCustomer, stockOf } from '../support/db-builders';

/**
 * A customer padding a shop's invoice series: placing and deleting orders in a loop. The per-account
 * limits on checkouts and deletions stop the loop, and an order takes its invoice number only when it
 * is supplied (recorded handed over or paid, or marked Delivered), so the loop leaves nothing in the
 * GSTR-1 document summary (table 13). The app runs with the real default limits.
 */
const DEFAULTS = loadConfig({}).rateLimits;
const CYCLES = 200;
const HOUR = 3_600_000;
const IST_MS = 330 * 60_000;
const istDay = (t: number) => new Date(t + IST_MS).toISOString().slice(0, 10);
const FY = fyTag(financialYear(new Date()));

let ctx: TestContext;
const tok: Record<string, string> = {};
const { call, checkout, ok, placeOrder, shopSale } = tokenRequests(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: { orders: DEFAULTS.orders, orderDeletes: DEFAULTS.orderDeletes } });
  for (const k of ['admin', 'vendor2'] as const) tok[k] = await login(ctx.app, DEMO[k]);
});
afterAll(async () => ctx?.close());

/** A new vendor with its own invoice prefix (its series starts at 1) and one product at ₹50, GST 5 %. */
async function freshVendor(prefix: string) {
  const u = await registerCustomer(ctx.app);
  await ok('PUT', `/api/users/${u.id}`, tok.admin, { userId: u.id, role: 'vendor' });
  await ok('PUT', '/api/users/profile', u.token, {
    name: `Shop ${prefix}`,
    vendorDetails: { shopName: `Shop ${prefix}`, invoicePrefix: prefix },
  });
  const shelf = await listedShelf(ctx.app, u.token);
  const gsts = (await ok('GET', '/api/gsts?active=true', u.token)) as Array<{ _id: string; rate: number }>;
  const product = await ok(
    'POST',
    '/api/products',
    u.token,
    {
      name: `Padding Rice ${prefix}`,
      price: 50,
      shopPrice: 50,
      discount: 0,
      countInStock: 1000,
      reOrderLevel: 1,
      category: shelf.name,
      subcategory: shelf.subcategories[0],
      gst: gsts.find((g) => g.rate === 5)!._id,
      images: ['/images/x.svg'],
    },
    201,
  );
  return { id: u.id, token: u.token, productId: product._id as string };
}

/** A customer's line of one piece of a fresh vendor's product, at its ₹50. */
const onePiece = (productId: string) => [{ productId, quantity: 1, price: 50 }];

const gstr1 = async (token: string, day: string) =>
  (await ok('GET', `/api/Orders/gstr1/report?startDate=${day}&endDate=${day}`, token)) as Gstr1Report;
const daySummary = async (token: string, day: string) =>
  (await ok('GET', `/api/Orders/vendor/day-summary?date=${day}`, token)) as DaySummary;
const vendorInvoices = (vendorId: string) =>
  ctx.handle.db.selectFrom('invoices').select(['number', 'status', 'issued_at']).where('vendor_id', '=', vendorId).orderBy('seq').execute();
const lastSeq = async (vendorId: string) =>
  (await ctx.handle.db.selectFrom('invoice_counters').select('last_seq').where('vendor_id', '=', vendorId).executeTakeFirst())?.last_seq ??
  0;

/**
 * Limits count in fixed windows of the database clock: a loop that started just before a window ends
 * would be counted in two. Waits until the next window is at least `margin` away.
 */
async function clearOfWindowEnd(windowMs: number, margin = 60_000) {
  const { rows } = await sql<{ ms: string }>`SELECT (extract(epoch FROM now()) * 1000)::bigint::text AS ms`.execute(ctx.handle.db);
  const left = windowMs - (Number(rows[0].ms) % windowMs);
  if (left < margin) await new Promise((r) => setTimeout(r, left + 1_000));
}

/** Moves a limit's counts of an account one window back: what an hour's wait would do. */
const anHourLater = (name: string, userId: string) =>
  sql`UPDATE rate_counters SET window_start = window_start - interval '1 hour' WHERE key = ${`${name}:user:${userId}`}`.execute(
    ctx.handle.db,
  );

describe('a customer placing and deleting orders in a loop', () => {
  it('the documented defaults: 30 checkouts and 30 deletions an hour per customer', () => {
    expect(DEFAULTS.orders).toEqual({ max: 30, windowMs: HOUR });
    expect(DEFAULTS.orderDeletes).toEqual({ max: 30, windowMs: HOUR });
  });

  it(`is stopped at the limit over ${CYCLES} cycles and leaves no number, cancelled or not, in the vendor's series`, async () => {
    const v = await freshVendor('PAD');
    const c = await registerCustomer(ctx.app);
    const stock = await stockOf(ctx.handle.db, v.productId);
    await clearOfWindowEnd(HOUR);

    const placed: number[] = [];
    const deleted: number[] = [];
    let last = '';
    for (let i = 0; i < CYCLES; i++) {
      const p = await checkout(c.token, onePiece(v.productId));
      placed.push(p.statusCode);
      if (p.statusCode === 201) {
        const order = p.json().orders[0] as OrderDto;
        // a cash-on-delivery order is not supplied yet: no invoice number
        expect(order).toMatchObject({ status: 'Pending', invoiceNumber: null, invoiceDate: null });
        last = order._id;
      } else {
        expect(p.json()).toEqual(codedBody('tooManyRequests'));
      }
      // the loop deletes what it placed, or tries the last one again once placing is refused
      const d = await call('DELETE', `/api/Orders/orders/${last}`, c.token);
      deleted.push(d.statusCode);
      if (d.statusCode !== 200) expect(d.json()).toEqual(codedBody('tooManyRequests'));
    }
    const max = DEFAULTS.orders.max;
    expect(placed).toEqual([...Array<number>(max).fill(201), ...Array<number>(CYCLES - max).fill(429)]);
    expect(deleted).toEqual([...Array<number>(max).fill(200), ...Array<number>(CYCLES - max).fill(429)]);

    // nothing is left: no order, the stock back, and the vendor's series untouched
    expect((await ok('GET', '/api/Orders/my', c.token)) as OrderDto[]).toEqual([]);
    expect(await stockOf(ctx.handle.db, v.productId)).toBe(stock);
    expect(await vendorInvoices(v.id)).toEqual([]);
    expect(await lastSeq(v.id)).toBe(0);
    const g = await gstr1(v.token, istDay(Date.now()));
    expect(g.docs).toEqual([]);
    expect(g.totals).toMatchObject({ invoices: 0, totalValue: 0 });
    expect((await daySummary(v.token, istDay(Date.now()))).cancelledInvoices).toBe(0);

    // another customer is not held back by this one's limit
    const other = await registerCustomer(ctx.app);
    await placeOrder(other.token, onePiece(v.productId));
  });

  it('an idempotent replay is not counted again; a checkout refused at the limit is not stored under its key', async () => {
    const v = await freshVendor('IDEM');
    const c = await registerCustomer(ctx.app);
    await clearOfWindowEnd(HOUR);
    const max = DEFAULTS.orders.max;
    for (let i = 0; i < max - 1; i++)
      expect((await checkout(c.token, onePiece(v.productId), { headers: { 'idempotency-key': `k-${i}` } })).statusCode).toBe(201);
    // the outbox (or a flaky network) sends the last one again, five times: the same order, not counted
    const first = await checkout(c.token, onePiece(v.productId), { headers: { 'idempotency-key': `k-${max - 2}` } });
    for (let i = 0; i < 5; i++) {
      const again = await checkout(c.token, onePiece(v.productId), { headers: { 'idempotency-key': `k-${max - 2}` } });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().orders[0]._id).toBe(first.json().orders[0]._id);
    }
    expect((await checkout(c.token, onePiece(v.productId), { headers: { 'idempotency-key': `k-${max - 1}` } })).statusCode).toBe(201);
    const refused = await checkout(c.token, onePiece(v.productId), { headers: { 'idempotency-key': 'k-late' } });
    expect(refused.statusCode).toBe(429);
    expect(((await ok('GET', '/api/Orders/my', c.token)) as OrderDto[]).length).toBe(max);

    // an hour later the same request with the same key is placed, not answered 429 again
    await anHourLater('orders', c.id);
    const later = await checkout(c.token, onePiece(v.productId), { headers: { 'idempotency-key': 'k-late' } });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(((await ok('GET', '/api/Orders/my', c.token)) as OrderDto[]).length).toBe(max + 1);
  });

  it("a shop's counter is not limited: vendors and admins sell and delete past the customers' limit", async () => {
    const v = await freshVendor('CTR');
    await clearOfWindowEnd(HOUR);
    const n = DEFAULTS.orders.max + 5;
    for (const token of [v.token, tok.admin]) {
      for (let i = 0; i < n; i++) {
        const sale = await shopSale(token, [{ productId: v.productId, quantity: 1 }], { paymentStatus: 'Pending' });
        expect(sale.statusCode, sale.body).toBe(201);
        // an unpaid sale to deliver later is numbered at its delivery: deleted before, it leaves no trace
        const order = sale.json().order as OrderDto;
        expect(order.invoiceNumber).toBeNull();
        expect((await call('DELETE', `/api/Orders/orders/${order._id}`, token)).statusCode).toBe(200);
      }
    }
    expect(await vendorInvoices(v.id)).toEqual([]);
  });
});

describe('invoice numbers at the time of supply', () => {
  it('numbered when delivered (dated then), or at once when paid; a paid deleted one stays cancelled; refused and rolled back deliveries take none', async () => {
    const v = await freshVendor('TOS');
    const today = istDay(Date.now());
    const yesterday = istDay(Date.now() - 86_400_000);
    const number = (seq: number) => `TOS/${FY}/${String(seq).padStart(6, '0')}`;
    const c = await registerCustomer(ctx.app);
    const deliver = (orderId: string, token = v.token) => call('PUT', '/api/Orders/mark-delivered', token, { orderId });

    // 1. a counter sale handed over: numbered at the sale
    const handed = (await shopSale(v.token, [{ productId: v.productId, quantity: 1 }], { handedOver: true })).json().order as OrderDto;
    expect(handed.invoiceNumber).toBe(number(1));
    expect(handed.invoiceDate).toBe(handed.createdAt);

    // 2. a cash-on-delivery order placed yesterday and delivered today: numbered and dated at delivery
    const [cod] = await placeOrder(c.token, onePiece(v.productId));
    expect(cod.invoiceNumber).toBeNull();
    await sql`UPDATE orders SET created_at = created_at - interval '1 day' WHERE id = ${cod._id}`.execute(ctx.handle.db);
    const before = await gstr1(v.token, yesterday);
    const delivered = await deliver(cod._id);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const codDone = delivered.json().order as OrderDto;
    expect(codDone.invoiceNumber).toBe(number(2));
    expect(codDone.invoiceDate).toBe(codDone.deliveredAt);
    expect(Date.parse(codDone.invoiceDate!) - Date.parse(codDone.createdAt)).toBeGreaterThan(23 * HOUR);
    // the return puts it on the day of its invoice: B2CS, HSN and table 13 alike
    expect((await gstr1(v.token, yesterday)).totals).toEqual(before.totals);
    const g = await gstr1(v.token, today);
    expect(g.totals).toMatchObject({ invoices: 2, totalValue: 100 });
    expect(g.hsn.reduce((s, h) => s + h.quantity, 0)).toBe(2);
    expect(g.docs).toEqual([{ series: `TOS/${FY}/`, from: number(1), to: number(2), count: 2, cancelled: 0, netIssued: 2 }]);
    // the day's close: the sale counts on the day it was ordered, its number on the day it was delivered
    const closeYesterday = await daySummary(v.token, yesterday);
    expect(closeYesterday).toMatchObject({ sales: 1, firstInvoice: '', lastInvoice: '' });
    expect(await daySummary(v.token, today)).toMatchObject({ sales: 1, firstInvoice: number(1), lastInvoice: number(2) });

    // 3. a paid counter sale to deliver later: numbered at once; deleted, its number stays cancelled
    const paidLater = (await shopSale(v.token, [{ productId: v.productId, quantity: 1 }], { paymentMethod: 'upi' })).json()
      .order as OrderDto;
    expect(paidLater).toMatchObject({ status: 'Pending', paymentStatus: 'Paid', invoiceNumber: number(3) });
    expect((await call('DELETE', `/api/Orders/orders/${paidLater._id}`, v.token)).statusCode).toBe(200);
    // an unpaid one has no number yet: deleted, it leaves none
    const unpaidLater = (await shopSale(v.token, [{ productId: v.productId, quantity: 1 }], { paymentStatus: 'Pending' })).json()
      .order as OrderDto;
    expect(unpaidLater.invoiceNumber).toBeNull();
    expect((await call('DELETE', `/api/Orders/orders/${unpaidLater._id}`, v.token)).statusCode).toBe(200);
    // a paid one delivered later keeps the number it took at the sale
    const paidKept = (await shopSale(v.token, [{ productId: v.productId, quantity: 1 }], { paymentMethod: 'card' })).json()
      .order as OrderDto;
    expect(paidKept.invoiceNumber).toBe(number(4));
    expect(((await deliver(paidKept._id)).json().order as OrderDto).invoiceNumber).toBe(number(4));

    // 4. deliveries refused (another vendor's order, a customer, a deleted order) take no number
    const [refused] = await placeOrder(c.token, onePiece(v.productId));
    expect((await deliver(refused._id, tok.vendor2)).statusCode).toBe(404);
    expect((await deliver(refused._id, c.token)).statusCode).toBe(403);
    const [gone] = await placeOrder(c.token, onePiece(v.productId));
    expect((await call('DELETE', `/api/Orders/orders/${gone._id}`, c.token)).statusCode).toBe(200);
    expect((await deliver(gone._id)).statusCode).toBe(404);
    expect(await lastSeq(v.id)).toBe(4);

    // 5. a delivery rolled back after taking its number (the invoice row refused) gives the number back
    await sql
      .raw(
        `CREATE FUNCTION refuse_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.order_id = '${refused._id}' THEN RAISE EXCEPTION 'invoice refused by the test'; END IF; RETURN NEW; END $$`,
      )
      .execute(ctx.handle.db);
    await sql`CREATE TRIGGER refuse_invoice BEFORE INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION refuse_invoice()`.execute(
      ctx.handle.db,
    );
    try {
      expect((await deliver(refused._id)).statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_invoice ON invoices`.execute(ctx.handle.db);
      await sql`DROP FUNCTION refuse_invoice()`.execute(ctx.handle.db);
    }
    expect(await ok('GET', `/api/Orders/${refused._id}`, v.token)).toMatchObject({
      status: 'Pending',
      invoiceNumber: null,
      deliveredAt: null,
    });
    expect(await lastSeq(v.id)).toBe(4);
    // the next delivery takes the next number, and so does the retried one
    const [next] = await placeOrder(c.token, onePiece(v.productId));
    expect(((await deliver(next._id)).json().order as OrderDto).invoiceNumber).toBe(number(5));
    expect(((await deliver(refused._id)).json().order as OrderDto).invoiceNumber).toBe(number(6));

    // table 13: one gap-free range; only the paid sale deleted is cancelled
    const docs = (await gstr1(v.token, today)).docs;
    expect(docs).toEqual([{ series: `TOS/${FY}/`, from: number(1), to: number(6), count: 6, cancelled: 1, netIssued: 5 }]);
    const rows = await vendorInvoices(v.id);
    expect(rows.map((r) => [r.number, r.status])).toEqual([
      [number(1), 'issued'],
      [number(2), 'issued'],
      [number(3), 'cancelled'],
      [number(4), 'issued'],
      [number(5), 'issued'],
      [number(6), 'issued'],
    ]);
  });
});
