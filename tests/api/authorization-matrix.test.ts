import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMessageCode } from '../../core/message-codes';
import { DEFAULT_TALLY_LEDGERS } from '../../core/schemas/tally';
import type { Db } from '../../server/db';
import { newId } from '../../server/lib/ids';
import { ACTORS, ROUTE_POLICY, routeKey, type Actor } from '../../server/security/route-policy';
import { bearer, createTestApp, DEMO, login, smsLog, type TestContext, tokenRequests } from './helpers';
import { address, productBody } from '../support/api-builders';
import { displayMessage } from '../support/display-bodies';
import { dayFromToday, makeBatchedProduct } from '../support/batch-builders';
import { makeGst, makeProduct, makeShelf, orderWriter, registerCustomer, userId, type Shelf } from '../support/db-builders';
import {
  razorpayAccount,
  type RazorpaySimulator,
  settingsBody,
  simulatorPayments,
  startRazorpaySimulator,
} from '../support/razorpay-simulator';

/**
 * Sends every API route a well-formed request as each actor and asserts the exact status from
 * server/security/route-policy.ts. Every request that changes something gets fresh data of its
 * own, so the order of actors does not matter.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let ctx: TestContext;
let db: Db;
let dataDir: string;
const sms = smsLog();
const creds: Record<Exclude<Actor, 'anonymous'>, { phone: string; password: string }> = {
  customer: { phone: DEMO.customer, password: DEMO.password },
  customer2: { phone: '', password: 'Secret@123' },
  vendor: { phone: DEMO.vendor, password: DEMO.password },
  vendor2: { phone: DEMO.vendor2, password: DEMO.password },
  delivery: { phone: DEMO.delivery, password: DEMO.password },
  admin: { phone: DEMO.admin, password: DEMO.password },
  // staff of the demo vendor's shop, added in beforeAll
  manager: { phone: '', password: 'Staff@2024x' },
  cashier: { phone: '', password: 'Staff@2024x' },
  stock: { phone: '', password: 'Staff@2024x' },
};
const STAFF = ['manager', 'cashier', 'stock'] as const;
const OWNER_PIN = '4826';
const tokens = {} as Record<Exclude<Actor, 'anonymous'>, string>;
const headers = {} as Record<Actor, Record<string, string>>;
const { sale, shopCustomer, openShift, paymentSettings, upiQr, newDisplay, pairedDisplay } = tokenRequests(() => ctx.app);
/** The demo vendor's Razorpay account, at the simulator this file starts (the UPI payment routes). */
let sim: RazorpaySimulator;
const razorpay = razorpayAccount();
let vendorId: string, customerId: string;
let shelf: Shelf;
let gstId: string;
let activeProduct: string, inactiveProduct: string;
let uploadName: string;
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A pending order of the demo customer with the demo vendor, written straight to the database. */
const makeOrder = orderWriter(
  () => db,
  () => ({ vendorId, customerId, lines: [{ productId: activeProduct, name: 'Matrix rice', price: 90 }] }),
);

function multipart(content: Buffer, filename = 'x.png', type = 'image/png') {
  const boundary = '----matrix' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Req {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}
type Builder = (actor: Actor) => Promise<Req> | Req;

const matrixProduct = () =>
  productBody(shelf, gstId, `Matrix ${uniq()}`, { price: 100, shopPrice: 90, discount: 0, countInStock: 50, reOrderLevel: 2 });
const freshUser = async () => (await registerCustomer(ctx.app)).id;
const freshCategory = async () => (await makeShelf(db)).categoryId;
const freshGst = () => makeGst(db, 12);
const freshProduct = () => makeProduct(db, { vendorId, shelf, shopPrice: 90, price: 100, stock: 50, gstId });
const purchaseBody = async () => ({
  supplier: { name: 'Matrix Supplier' },
  billNumber: `M-${uniq()}`,
  billDate: '2024-06-01',
  lines: [{ productId: await freshProduct(), quantity: 2, unitCost: 40, gstRate: 5 }],
});
/** A purchase of the demo vendor, received through the API. */
const makePurchase = async () => {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/purchases', headers: headers.vendor, payload: await purchaseBody() });
  if (made.statusCode !== 201) throw new Error(`no purchase: ${made.statusCode} ${made.body}`);
  return made.json()._id as string;
};
/** The supplier of a fresh purchase of the demo vendor (so there is something owed to pay). */
const makeSupplier = async () =>
  (
    (await ctx.app.inject({ method: 'GET', url: `/api/purchases/${await makePurchase()}`, headers: headers.vendor })).json() as {
      supplier: { _id: string };
    }
  ).supplier._id;
const priceListBody = async () => ({ name: `Matrix ${uniq()}`, rules: [{ productId: await freshProduct(), price: 80, minQuantity: 10 }] });
/** A price list of the demo vendor, made through the API. */
const makePriceList = async () => {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/price-lists', headers: headers.vendor, payload: await priceListBody() });
  if (made.statusCode !== 201) throw new Error(`no price list: ${made.statusCode} ${made.body}`);
  return made.json()._id as string;
};
const schemeBody = async () => {
  const productId = await freshProduct();
  const day = { from: '2026-01-01', to: '2026-12-31' };
  return { kind: 'buyXgetY', name: `Matrix ${uniq()}`, ...day, buy: { productId, quantity: 2 }, get: { productId, quantity: 1 } };
};
/** A scheme of the demo vendor, made through the API. */
const makeScheme = async () => {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/schemes', headers: headers.vendor, payload: await schemeBody() });
  if (made.statusCode !== 201) throw new Error(`no scheme: ${made.statusCode} ${made.body}`);
  return made.json()._id as string;
};
const purchaseOrderBody = async () => ({ supplierId: await makeSupplier(), lines: [{ productId: await freshProduct(), quantity: 5 }] });
/** A purchase order of the demo vendor, made through the API. */
const makePurchaseOrder = async () => {
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/purchase-orders',
    headers: headers.vendor,
    payload: await purchaseOrderBody(),
  });
  if (made.statusCode !== 201) throw new Error(`no purchase order: ${made.statusCode} ${made.body}`);
  return made.json()._id as string;
};
const returnBody = (productId: string) => ({ lines: [{ productId, quantity: 1 }], refundMethod: 'cash', restock: true });
/** A credit note of the demo vendor: one of two pieces of a fresh sale returned. */
const makeCreditNote = async () => {
  const productId = await freshProduct();
  const order = await sale(tokens.vendor, [{ productId, quantity: 2 }]);
  const made = await ctx.app.inject({
    method: 'POST',
    url: `/api/Orders/${order._id}/returns`,
    headers: headers.vendor,
    payload: returnBody(productId),
  });
  if (made.statusCode !== 201) throw new Error(`no credit note: ${made.statusCode} ${made.body}`);
  return made.json()._id as string;
};
/** What the IRP answers for an e-invoice, entered back. */
const irnBody = { irn: 'a'.repeat(64), ackNo: '112010000000001', signedQr: 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoiMSJ9.c2ln' };
/** A fresh purchase of the demo vendor and the body returning one of its two pieces to the supplier. */
const purchaseReturn = async () => {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/purchases', headers: headers.vendor, payload: await purchaseBody() });
  if (made.statusCode !== 201) throw new Error(`no purchase: ${made.statusCode} ${made.body}`);
  const p = made.json() as { _id: string; lines: Array<{ productId: string }> };
  return { url: `/api/purchases/${p._id}/returns`, payload: { lines: [{ productId: p.lines[0].productId, quantity: 1 }] } };
};
/** A debit note of the demo vendor: one of two pieces of a fresh purchase returned. */
const makeDebitNote = async () => {
  const r = await purchaseReturn();
  const made = await ctx.app.inject({ method: 'POST', url: r.url, headers: headers.vendor, payload: r.payload });
  if (made.statusCode !== 201) throw new Error(`no debit note: ${made.statusCode} ${made.body}`);
  return made.json()._id as string;
};
const freshPhone = () => `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
/** A till of the fixture vendor (POST /api/devices). */
const makeDevice = async () => {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/devices', headers: headers.vendor, payload: { name: 'Matrix till' } });
  if (made.statusCode !== 201) throw new Error(`no till: ${made.statusCode} ${made.body}`);
  return made.json()._id as string;
};
/** A cashier on the demo vendor's staff, added through the API. */
const makeStaff = async () => {
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/shop/staff',
    headers: headers.vendor,
    payload: { phone: freshPhone(), name: `Matrix helper ${uniq()}`, role: 'cashier', password: 'Staff@2024x' },
  });
  if (made.statusCode !== 201) throw new Error(`no staff: ${made.statusCode} ${made.body}`);
  return made.json()._id as string;
};
/** A UPI sale of the demo vendor waiting for its payment: its provider turned on (again), then the sale. */
const upiSaleWaiting = async () => {
  await paymentSettings(tokens.vendor, settingsBody(razorpay));
  return (await sale(tokens.vendor, [{ productId: await freshProduct(), quantity: 1 }], { paymentMethod: 'upi' }))._id;
};
/** A shop customer of the demo vendor owing an opening balance, made through the API. */
const makeCustomer = async () => (await shopCustomer(tokens.vendor, { name: 'Matrix Regular', openingBalance: 100 }))._id;
const freshInformation = async () => {
  const id = newId();
  await db
    .insertInto('announcements')
    .values({ id, information: `Matrix ${uniq()}` })
    .execute();
  return id;
};

/** One well-formed request per route; the key is `METHOD /pattern` as in the policy table. */
const REQUESTS: Record<string, Builder> = {
  'GET /api/health': () => ({ url: '/api/health' }),
  'GET /api/ready': () => ({ url: '/api/ready' }),
  'GET /api/openapi.json': () => ({ url: '/api/openapi.json' }),

  'POST /api/users/auth': () => ({ url: '/api/users/auth', payload: { phone: DEMO.customer, password: DEMO.password } }),
  'POST /api/users': () => ({
    url: '/api/users',
    payload: {
      name: 'Matrix New',
      phone: `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      password: 'Secret@123',
      address: { address: '1 Road', city: 'Chennai', pincode: '600020', area: 'Adyar' },
    },
  }),
  'POST /api/users/verify-registration': async () => {
    const phone = `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Matrix Verify',
        phone,
        password: 'Secret@123',
        address: { address: '1 Road', city: 'Chennai', pincode: '600020', area: 'Adyar' },
      },
    });
    const code = sms.codeFor(phone);
    if (first.statusCode !== 202 || !code) throw new Error(`no registration code: ${first.statusCode}`);
    return { url: '/api/users/verify-registration', payload: { phone, code } };
  },
  // A second session of the actor, so logging out does not end the session the other requests use.
  'POST /api/users/logout': async (a) => ({
    url: '/api/users/logout',
    headers: a === 'anonymous' ? {} : bearer(await login(ctx.app, creds[a].phone, creds[a].password)),
  }),
  'GET /api/users/profile': () => ({ url: '/api/users/profile' }),
  'PUT /api/users/profile': (a) => ({ url: '/api/users/profile', payload: { name: `Matrix ${a}` } }),
  // The actor asks for a new phone and confirms it with the texted code; its account then has that phone.
  'POST /api/users/verify-phone': async (a) => {
    const phone = `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    if (a === 'anonymous') return { url: '/api/users/verify-phone', payload: { phone, code: '123456' } };
    const asked = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: headers[a],
      payload: { name: `Matrix ${a}`, phone, currentPassword: creds[a].password },
    });
    const code = sms.codeFor(phone);
    if (asked.statusCode !== 202 || !code) throw new Error(`no phone-change code: ${asked.statusCode}`);
    creds[a].phone = phone;
    return { url: '/api/users/verify-phone', payload: { phone, code } };
  },
  // A fresh customer changes its phone; the code texted to the old number undoes it.
  'POST /api/users/undo-phone-change': async () => {
    const u = await registerCustomer(ctx.app);
    const token = u.token;
    const phone = `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(token),
      payload: { phone, currentPassword: 'Secret@123' },
    });
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/verify-phone',
      headers: bearer(token),
      payload: { phone, code: sms.codeFor(phone) },
    });
    const code = sms.codeFor(u.phone);
    if (confirmed.statusCode !== 200 || !code) throw new Error(`no undo code: ${confirmed.statusCode}`);
    return { url: '/api/users/undo-phone-change', payload: { phone: u.phone, code, password: 'Undone@2024' } };
  },
  'POST /api/users/forgot-password': () => ({ url: '/api/users/forgot-password', payload: { phone: DEMO.customer } }),
  'POST /api/users/reset-password': async () => {
    const u = await registerCustomer(ctx.app);
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { phone: u.phone } });
    const otp = sms.codeFor(u.phone);
    if (!otp) throw new Error('no code');
    return { url: '/api/users/reset-password', payload: { phone: u.phone, otp, password: 'Newpass@123' } };
  },
  'GET /api/users/misc/areas': () => ({ url: '/api/users/misc/areas' }),
  'PUT /api/users/addresses': () => ({ url: '/api/users/addresses', payload: { addresses: [address('Adyar')] } }),
  'GET /api/users/vendors': () => ({ url: '/api/users/vendors' }),
  'GET /api/users': () => ({ url: '/api/users' }),
  'GET /api/users/:id': () => ({ url: `/api/users/${customerId}` }),
  'DELETE /api/users/:id': async () => ({ url: `/api/users/${await freshUser()}` }),
  'PUT /api/users/:id': async () => {
    const id = await freshUser();
    return { url: `/api/users/${id}`, payload: { userId: id, role: 'delivery' } };
  },

  'POST /api/uploads': () => {
    const m = multipart(PNG);
    return { url: '/api/uploads', payload: m.payload, headers: m.headers };
  },
  'GET /api/uploads/:file': () => ({ url: `/api/uploads/${uploadName}` }),

  'GET /api/products/categories-subcategories': () => ({ url: '/api/products/categories-subcategories' }),
  'GET /api/products/search': () => ({ url: '/api/products/search?keyword=rice&minPrice=1&maxPrice=1000&sort=lowToHigh' }),
  'GET /api/products/subcategory/:subcategory': () => ({
    url: `/api/products/subcategory/${encodeURIComponent(shelf.subcategory)}?page=1&limit=10`,
  }),
  'GET /api/products/products': () => ({ url: '/api/products/products?keyword=matrix' }),
  'GET /api/products/counter-catalog': () => ({ url: '/api/products/counter-catalog?limit=5' }),
  'GET /api/products/:id': () => ({ url: `/api/products/${inactiveProduct}` }),
  'POST /api/products': () => ({ url: '/api/products', payload: matrixProduct() }),
  'PUT /api/products/:id': async () => ({ url: `/api/products/${await freshProduct()}`, payload: matrixProduct() }),
  'DELETE /api/products/:id': async () => ({ url: `/api/products/${await freshProduct()}` }),
  // a dry run: checks the file and saves nothing
  'POST /api/products/import': () => {
    const csv = `Name,Category,Subcategory,MRP,Selling price,GST rate,Stock\nMatrix ${uniq()},${shelf.category},${shelf.subcategory},100,90,5,3\n`;
    const m = multipart(Buffer.from(csv), 'p.csv', 'text/csv');
    return { url: '/api/products/import?dryRun=true', payload: m.payload, headers: m.headers };
  },
  'GET /api/products/import/template': () => ({ url: '/api/products/import/template' }),
  'GET /api/products/export': () => ({ url: '/api/products/export?format=csv' }),
  'POST /api/products/:id/reviews': async () => ({
    url: `/api/products/${await freshProduct()}/reviews`,
    payload: { rating: 4, comment: 'Good' },
  }),
  'POST /api/products/store-codes': async () => ({ url: '/api/products/store-codes', payload: { productIds: [await freshProduct()] } }),
  'GET /api/stock/reorder': () => ({ url: '/api/stock/reorder' }),
  'PUT /api/products/:id/toggle-status': () => ({ url: `/api/products/${vendorId}/toggle-status`, payload: { isActive: true } }),

  'GET /api/categories': () => ({ url: '/api/categories' }),
  'GET /api/categories/:id': () => ({ url: `/api/categories/${shelf.categoryId}` }),
  'GET /api/categories/:id/subcategories': () => ({ url: `/api/categories/${encodeURIComponent(shelf.category)}/subcategories` }),
  'GET /api/categories/:id/V2-subcategories': () => ({ url: `/api/categories/${encodeURIComponent(shelf.category)}/V2-subcategories` }),
  'POST /api/categories': () => ({ url: '/api/categories', payload: { name: `Matrix ${uniq()}`, subcategories: 'A, B' } }),
  'PUT /api/categories/:id': async () => ({
    url: `/api/categories/${await freshCategory()}`,
    payload: { name: `Matrix ${uniq()}`, subcategories: ['A'] },
  }),
  'DELETE /api/categories/:id': async () => ({ url: `/api/categories/${await freshCategory()}` }),

  'GET /api/gsts': () => ({ url: '/api/gsts' }),
  'GET /api/gsts/:id': () => ({ url: `/api/gsts/${gstId}` }),
  'POST /api/gsts': () => ({ url: '/api/gsts', payload: { name: `Matrix ${uniq()}`, rate: 5 } }),
  'PUT /api/gsts/:id': async () => ({ url: `/api/gsts/${await freshGst()}`, payload: { name: `Matrix ${uniq()}`, rate: 18 } }),
  'DELETE /api/gsts/:id': async () => ({ url: `/api/gsts/${await freshGst()}` }),

  'GET /api/informations': () => ({ url: '/api/informations' }),
  'POST /api/informations': () => ({ url: '/api/informations', payload: { information: 'Matrix notice' } }),
  'PUT /api/informations/:id': async () => ({
    url: `/api/informations/${await freshInformation()}`,
    payload: { information: 'Matrix notice, edited' },
  }),
  'DELETE /api/informations/:id': async () => ({ url: `/api/informations/${await freshInformation()}` }),

  // Customers check out; staff record a shop sale of the demo vendor's product.
  'POST /api/Orders': async (a) => {
    const productId = await freshProduct();
    if (a === 'customer' || a === 'customer2' || a === 'anonymous' || a === 'delivery') {
      return {
        url: '/api/Orders',
        payload: {
          products: [{ productId, quantity: 1, price: 90, discount: 0 }],
          totalAmount: 90,
          totalDiscount: 0,
          totalDeliveryDiscount: 0,
          shippingAddress: address('Adyar'),
        },
      };
    }
    return {
      url: '/api/Orders',
      payload: {
        isShop: true,
        products: [{ productId, quantity: 1, price: 90, discount: 0 }],
        shippingAddress: { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000002' },
        paymentStatus: 'Paid',
      },
    };
  },
  'GET /api/Orders/my': () => ({ url: '/api/Orders/my' }),
  'GET /api/Orders/:id': async () => ({ url: `/api/Orders/${await makeOrder()}` }),
  'GET /api/Orders/vendor/pending': () => ({ url: '/api/Orders/vendor/pending' }),
  'GET /api/Orders/vendor': () => ({ url: '/api/Orders/vendor?page=1&limit=10' }),
  'GET /api/Orders/vendor/customers': () => ({ url: '/api/Orders/vendor/customers' }),
  'GET /api/Orders/vendor/:id/distinct-products': () => ({ url: `/api/Orders/vendor/${vendorId}/distinct-products` }),
  'PUT /api/Orders/mark-delivered': async () => ({ url: '/api/Orders/mark-delivered', payload: { orderId: await makeOrder() } }),
  'PUT /api/Orders/:id/status': async () => ({ url: `/api/Orders/${await makeOrder()}/status`, payload: { status: 'Delivered' } }),
  // a counter sale of the demo vendor handed over just now, voided the same day
  'POST /api/Orders/:id/void': async () => ({
    url: `/api/Orders/${(await sale(tokens.vendor, [{ productId: await freshProduct(), quantity: 1 }]))._id}/void`,
    payload: { reason: 'Matrix void' },
  }),
  'DELETE /api/Orders/orders/:id': async () => ({ url: `/api/Orders/orders/${await makeOrder()}` }),
  'POST /api/Orders/pending-by-area': () => ({ url: '/api/Orders/pending-by-area', payload: { area: 'Adyar' } }),
  'POST /api/Orders/pending-by-area/cards': () => ({ url: '/api/Orders/pending-by-area/cards', payload: { area: 'Adyar' } }),
  'POST /api/Orders/details': async () => ({ url: '/api/Orders/details', payload: { ids: [await makeOrder()] } }),
  'GET /api/Orders/area-counts': () => ({ url: '/api/Orders/area-counts' }),
  'GET /api/riders/cash': () => ({ url: '/api/riders/cash' }),
  // the demo rider delivers a fresh order of the demo vendor with the cash, and the shop records ₹10 of it
  // (an admin names the shop; another vendor's shop has none of his cash: 409)
  'POST /api/riders/:id/handovers': async () => {
    const delivered = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: headers.delivery,
      payload: { orderId: await makeOrder(), cashCollected: true },
    });
    if (delivered.statusCode !== 200) throw new Error(`no cash delivery: ${delivered.statusCode} ${delivered.body}`);
    return { url: `/api/riders/${await userId(db, creds.delivery.phone)}/handovers`, payload: { amount: 10, vendorId } };
  },
  'GET /api/Orders/vendor/day-summary': () => ({ url: `/api/Orders/vendor/day-summary?date=2024-06-01&vendorId=${vendorId}` }),
  'GET /api/Orders/gstr1/report': () => ({ url: `/api/Orders/gstr1/report?startDate=2024-01-01&endDate=2024-12-31&vendorId=${vendorId}` }),
  'GET /api/reports/vendor/summary': () => ({ url: `/api/reports/vendor/summary?from=2024-06-01&to=2024-06-07&vendorId=${vendorId}` }),
  'GET /api/reports/admin/summary': () => ({ url: '/api/reports/admin/summary?from=2024-06-01&to=2024-06-07' }),
  'GET /api/reports/profit': () => ({ url: `/api/reports/profit?from=2024-06-01&to=2024-06-30&vendorId=${vendorId}` }),
  'GET /api/reports/gstr3b': () => ({ url: `/api/reports/gstr3b?month=2024-06&vendorId=${vendorId}` }),
  // goods received on a supplier's bill, for a fresh product of the demo vendor
  'POST /api/purchases': async () => ({ url: '/api/purchases', payload: await purchaseBody() }),
  'GET /api/purchases': () => ({ url: '/api/purchases?from=2024-01-01&to=2030-12-31' }),
  'GET /api/purchases/suppliers': () => ({ url: '/api/purchases/suppliers' }),
  'GET /api/purchases/input-gst': () => ({ url: '/api/purchases/input-gst?from=2024-01-01&to=2030-12-31' }),
  'GET /api/purchases/:id': async () => ({ url: `/api/purchases/${await makePurchase()}` }),
  'POST /api/purchases/:id/cancel': async () => ({
    url: `/api/purchases/${await makePurchase()}/cancel`,
    payload: { reason: 'Matrix cancel' },
  }),
  'POST /api/purchases/:id/returns': purchaseReturn,
  'GET /api/debit-notes/:id': async () => ({ url: `/api/debit-notes/${await makeDebitNote()}` }),
  'GET /api/debit-notes/:id/eway-bill': async () => ({
    url: `/api/debit-notes/${await makeDebitNote()}/eway-bill?transMode=1&transDistance=12&vehicleNo=TN01AB1234&toPincode=600001`,
  }),
  'PUT /api/debit-notes/:id/eway-bill': async () => ({
    url: `/api/debit-notes/${await makeDebitNote()}/eway-bill`,
    payload: { ewayBillNo: '123456789012' },
  }),
  // a purchase order to the supplier of a fresh purchase, for a fresh product of the demo vendor
  'POST /api/purchase-orders': async () => ({ url: '/api/purchase-orders', payload: await purchaseOrderBody() }),
  'GET /api/purchase-orders': () => ({ url: '/api/purchase-orders?status=open' }),
  'GET /api/purchase-orders/:id': async () => ({ url: `/api/purchase-orders/${await makePurchaseOrder()}` }),
  'POST /api/purchase-orders/:id/close': async () => ({ url: `/api/purchase-orders/${await makePurchaseOrder()}/close`, payload: {} }),
  // what the demo vendor owes the supplier of a fresh purchase
  'GET /api/suppliers': () => ({ url: '/api/suppliers' }),
  'GET /api/suppliers/payables': () => ({ url: '/api/suppliers/payables' }),
  'PUT /api/suppliers/:id': async () => ({ url: `/api/suppliers/${await makeSupplier()}`, payload: { creditDays: 15 } }),
  'POST /api/suppliers/:id/payments': async () => ({
    url: `/api/suppliers/${await makeSupplier()}/payments`,
    payload: { amount: 1, method: 'bank' },
  }),
  'GET /api/suppliers/:id/ledger': async () => ({ url: `/api/suppliers/${await makeSupplier()}/ledger` }),

  // a return of one piece of a fresh counter sale, and the credit notes
  'POST /api/Orders/:id/returns': async () => {
    const productId = await freshProduct();
    const order = await sale(tokens.vendor, [{ productId, quantity: 2 }]);
    return { url: `/api/Orders/${order._id}/returns`, payload: returnBody(productId) };
  },
  'GET /api/Orders/:id/returns': async () => ({
    url: `/api/Orders/${(await sale(tokens.vendor, [{ productId: await freshProduct(), quantity: 2 }]))._id}/returns`,
  }),
  'GET /api/credit-notes': () => ({ url: '/api/credit-notes?from=2024-01-01&to=2030-12-31' }),
  'GET /api/credit-notes/:id': async () => ({ url: `/api/credit-notes/${await makeCreditNote()}` }),
  // e-way bills (a sale worth more than ₹1 lakh) and e-invoices (the demo shop is not over ₹5 crore: 409)
  'GET /api/Orders/:id/eway-bill': async () => {
    const productId = await makeProduct(db, { vendorId, shelf, shopPrice: 60000, price: 60000, stock: 50, gstId });
    const order = await sale(tokens.vendor, [{ productId, quantity: 2 }]);
    return { url: `/api/Orders/${order._id}/eway-bill?transMode=1&transDistance=12&vehicleNo=TN01AB1234` };
  },
  'PUT /api/Orders/:id/eway-bill': async () => ({
    url: `/api/Orders/${(await sale(tokens.vendor, [{ productId: await freshProduct(), quantity: 1 }]))._id}/eway-bill`,
    payload: { ewayBillNo: '123456789012' },
  }),
  'GET /api/Orders/:id/einvoice': async () => ({
    url: `/api/Orders/${(await sale(tokens.vendor, [{ productId: await freshProduct(), quantity: 1 }]))._id}/einvoice`,
  }),
  'PUT /api/Orders/:id/einvoice': async () => ({
    url: `/api/Orders/${(await sale(tokens.vendor, [{ productId: await freshProduct(), quantity: 1 }]))._id}/einvoice`,
    payload: irnBody,
  }),
  'GET /api/credit-notes/:id/einvoice': async () => ({ url: `/api/credit-notes/${await makeCreditNote()}/einvoice` }),
  'PUT /api/credit-notes/:id/einvoice': async () => ({ url: `/api/credit-notes/${await makeCreditNote()}/einvoice`, payload: irnBody }),

  'GET /api/stock/ledger': () => ({ url: `/api/stock/ledger?productId=${activeProduct}&limit=10` }),
  'POST /api/stock/adjustments': async () => ({
    url: '/api/stock/adjustments',
    payload: { productId: await freshProduct(), quantity: -1, reason: 'damaged', note: 'Matrix' },
  }),
  'GET /api/stock/batches': () => ({ url: `/api/stock/batches?productId=${activeProduct}` }),
  'GET /api/stock/expiring': () => ({ url: '/api/stock/expiring?days=30' }),
  'POST /api/stock/expiring/write-off': async () => {
    const { batchIds } = await makeBatchedProduct(db, { vendorId, shelf, shopPrice: 90, price: 100, gstId }, [
      { number: `M${freshPhone()}`, expiry: dayFromToday(-1), quantity: 3 },
    ]);
    return { url: '/api/stock/expiring/write-off', payload: { batchIds } };
  },
  'POST /api/stock/counts': async () => ({
    url: '/api/stock/counts',
    payload: { lines: [{ productId: await freshProduct(), counted: 7 }] },
  }),
  'POST /api/customers': () => ({ url: '/api/customers', payload: { name: 'Matrix Regular', phone: freshPhone(), vendorId } }),
  'GET /api/customers': () => ({ url: '/api/customers?query=Matrix' }),
  'GET /api/customers/dues': () => ({ url: '/api/customers/dues' }),
  'GET /api/customers/:id': async () => ({ url: `/api/customers/${await makeCustomer()}` }),
  'PUT /api/customers/:id': async () => ({
    url: `/api/customers/${await makeCustomer()}`,
    payload: { name: 'Matrix Renamed', phone: freshPhone() },
  }),
  'POST /api/customers/:id/payments': async () => ({
    url: `/api/customers/${await makeCustomer()}/payments`,
    payload: { amount: 10, method: 'cash' },
  }),
  'GET /api/customers/:id/ledger': async () => ({ url: `/api/customers/${await makeCustomer()}/ledger` }),
  'POST /api/customers/:id/pay-link': async () => ({ url: `/api/customers/${await makeCustomer()}/pay-link` }),
  'GET /api/customers/:id/points': async () => ({ url: `/api/customers/${await makeCustomer()}/points` }),
  'POST /api/customers/:id/points/message': async () => ({ url: `/api/customers/${await makeCustomer()}/points/message` }),
  // a link the demo vendor made for a fresh customer owing its opening balance
  'GET /api/pay/:token': async () => {
    const made = await ctx.app.inject({ method: 'POST', url: `/api/customers/${await makeCustomer()}/pay-link`, headers: headers.vendor });
    if (made.statusCode !== 201) throw new Error(`no pay link: ${made.statusCode} ${made.body}`);
    return { url: new URL(made.json().url as string).pathname.replace(/^\/pay\//, '/api/pay/') };
  },
  'POST /api/devices': () => ({ url: '/api/devices', payload: { name: 'Matrix till' } }),
  'GET /api/devices': () => ({ url: '/api/devices' }),
  'POST /api/devices/:id/numbers': async () => ({ url: `/api/devices/${await makeDevice()}/numbers`, payload: { count: 5 } }),
  'DELETE /api/devices/:id': async () => ({ url: `/api/devices/${await makeDevice()}` }),
  'GET /api/devices/:id/people': async () => ({ url: `/api/devices/${await makeDevice()}/people` }),
  'POST /api/devices/:id/switch': async () => ({
    url: `/api/devices/${await makeDevice()}/switch`,
    payload: { staffId: vendorId, pin: OWNER_PIN },
  }),
  // a shift on a fresh till of the demo vendor: opened by each actor, or opened by the owner for the others to act on
  'POST /api/shifts': async () => ({ url: '/api/shifts', payload: { deviceId: await makeDevice(), float: 500 } }),
  'POST /api/shifts/:id/cash': async () => ({
    url: `/api/shifts/${(await openShift(tokens.vendor, await makeDevice(), 500))._id}/cash`,
    payload: { kind: 'out', amount: 20, reason: 'Tea' },
  }),
  'POST /api/shifts/:id/close': async () => ({
    url: `/api/shifts/${(await openShift(tokens.vendor, await makeDevice(), 500))._id}/close`,
    payload: { counted: { '500': 1 } },
  }),
  'GET /api/shifts': () => ({ url: `/api/shifts?vendorId=${vendorId}` }),
  'POST /api/expenses': () => ({ url: '/api/expenses', payload: { category: 'rent', amount: 10, method: 'cash', date: '2026-01-15' } }),
  'GET /api/expenses': () => ({ url: '/api/expenses?from=2026-01-01&to=2026-01-31' }),
  'GET /api/expense-categories': () => ({ url: '/api/expense-categories' }),
  'POST /api/expense-categories': () => ({ url: '/api/expense-categories', payload: { name: `Matrix ${freshPhone()}` } }),
  'GET /api/reports/cashbook': () => ({ url: '/api/reports/cashbook?date=2026-01-15' }),
  'POST /api/price-lists': async () => ({ url: '/api/price-lists', payload: await priceListBody() }),
  'GET /api/price-lists': () => ({ url: '/api/price-lists' }),
  'GET /api/price-lists/:id': async () => ({ url: `/api/price-lists/${await makePriceList()}` }),
  'PUT /api/price-lists/:id': async () => ({ url: `/api/price-lists/${await makePriceList()}`, payload: await priceListBody() }),
  'DELETE /api/price-lists/:id': async () => ({ url: `/api/price-lists/${await makePriceList()}` }),
  'POST /api/schemes': async () => ({ url: '/api/schemes', payload: await schemeBody() }),
  'GET /api/schemes': () => ({ url: '/api/schemes' }),
  'PUT /api/schemes/:id': async () => ({ url: `/api/schemes/${await makeScheme()}`, payload: await schemeBody() }),
  'DELETE /api/schemes/:id': async () => ({ url: `/api/schemes/${await makeScheme()}` }),
  'GET /api/sales/till-differences': () => ({ url: '/api/sales/till-differences' }),
  'GET /api/exports/tally': () => ({ url: '/api/exports/tally?from=2026-01-01&to=2026-01-31' }),
  'GET /api/exports/tally/settings': () => ({ url: '/api/exports/tally/settings' }),
  'PUT /api/exports/tally/settings': () => ({ url: '/api/exports/tally/settings', payload: DEFAULT_TALLY_LEDGERS }),
  'POST /api/shop/staff': () => ({
    url: '/api/shop/staff',
    payload: { phone: freshPhone(), name: 'Matrix new helper', role: 'stock', password: 'Staff@2024x', shopId: vendorId },
  }),
  'GET /api/shop/staff': () => ({ url: '/api/shop/staff' }),
  'GET /api/shop/settings': () => ({ url: '/api/shop/settings' }),
  'GET /api/shop/loyalty': () => ({ url: '/api/shop/loyalty' }),
  'PUT /api/shop/loyalty': () => ({ url: '/api/shop/loyalty', payload: { pointsPer100: 1, rupeesPerPoint: 0.25 } }),
  'PUT /api/shop/settings': () => ({ url: '/api/shop/settings', payload: { approvalLimits: { discountPercent: 10, returnAmount: 1000 } } }),
  'GET /api/shop/scale-barcode': () => ({ url: '/api/shop/scale-barcode' }),
  'PUT /api/shop/scale-barcode': () => ({ url: '/api/shop/scale-barcode', payload: { prefix: '21', itemDigits: 5, value: 'weight' } }),
  'GET /api/shop/audit': () => ({ url: '/api/shop/audit' }),
  'GET /api/payments/settings': () => ({ url: '/api/payments/settings' }),
  'PUT /api/payments/settings': () => ({ url: '/api/payments/settings', payload: settingsBody(razorpay) }),
  'DELETE /api/payments/settings': () => ({ url: '/api/payments/settings' }),
  'POST /api/Orders/:id/upi-qr': async () => ({ url: `/api/Orders/${await upiSaleWaiting()}/upi-qr` }),
  'POST /api/Orders/:id/confirm-payment': async () => ({
    url: `/api/Orders/${await upiSaleWaiting()}/confirm-payment`,
    payload: { reason: 'Matrix bank SMS' },
  }),
  // the simulator's signed event for a payment to a fresh sale's QR
  'POST /api/payments/webhooks/razorpay': async () => {
    const qr = await upiQr(tokens.vendor, await upiSaleWaiting());
    const hook = await sim.pay(qr.json().qrId as string);
    return {
      url: '/api/payments/webhooks/razorpay',
      payload: Buffer.from(hook.rawBody),
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hook.signature },
    };
  },
  'GET /api/payments/reconciliation': () => ({ url: `/api/payments/reconciliation?date=2024-06-01&vendorId=${vendorId}` }),
  'POST /api/payments/statements': () => {
    const m = multipart(
      Buffer.from('utr,amount,time,payer\n412345678901,45.50,2024-06-01T10:15:00+05:30,Matrix payer\n'),
      's.csv',
      'text/csv',
    );
    return { url: '/api/payments/statements', payload: m.payload, headers: m.headers };
  },
  'GET /api/shop/approvers': () => ({ url: '/api/shop/approvers' }),
  'POST /api/shop/drawer': () => ({ url: '/api/shop/drawer', payload: { reason: 'Change for a note' } }),
  'GET /api/shop/staff/:id': async () => ({ url: `/api/shop/staff/${await makeStaff()}` }),
  'PUT /api/shop/staff/:id': async () => ({ url: `/api/shop/staff/${await makeStaff()}`, payload: { role: 'stock' } }),
  'DELETE /api/shop/staff/:id': async () => ({ url: `/api/shop/staff/${await makeStaff()}` }),
  'PUT /api/shop/staff/me/pin': (a) => ({
    url: '/api/shop/staff/me/pin',
    payload: { pin: '5937', currentPassword: a === 'anonymous' ? 'x' : creds[a].password },
  }),

  'GET /api/push/public-key': () => ({ url: '/api/push/public-key' }),
  // a literal public address: no DNS needed to accept it
  'POST /api/push/subscriptions': (actor) => ({
    url: '/api/push/subscriptions',
    payload: { endpoint: `https://8.8.8.8/push/${actor}-${uniq()}`, keys: { p256dh: 'BPkey', auth: 'authkey' }, areas: ['Adyar'] },
  }),
  'DELETE /api/push/subscriptions': (actor) => ({ url: '/api/push/subscriptions', payload: { endpoint: `https://8.8.8.8/push/${actor}` } }),
  'POST /api/events/ticket': () => ({ url: '/api/events/ticket' }),
  // a made-up ticket: a valid one would open a stream that inject waits on
  'GET /api/events': () => ({ url: `/api/events?ticket=${uniq()}` }),

  'POST /api/displays': () => ({ url: '/api/displays' }),
  'POST /api/displays/ticket': async () => ({ url: '/api/displays/ticket', payload: { token: (await newDisplay()).token } }),
  // a made-up ticket, as for /api/events
  'GET /api/displays/stream': () => ({ url: `/api/displays/stream?ticket=${uniq()}` }),
  'POST /api/displays/pair': async () => ({ url: '/api/displays/pair', payload: { code: (await newDisplay()).code } }),
  'PUT /api/displays/state': () => ({ url: '/api/displays/state', payload: displayMessage() }),
  'GET /api/displays': () => ({ url: '/api/displays' }),
  'DELETE /api/displays/:id': async () => ({ url: `/api/displays/${(await pairedDisplay(tokens.vendor)).id}` }),
};

/** Every route the app serves, from Fastify's own route tree (HEAD mirrors GET and is left out). */
const servedRoutes = () => parsePrintRoutes(ctx.app.printRoutes({ commonPrefix: false })).sort();

/** Turns Fastify's printRoutes tree (commonPrefix: false) into `METHOD /path` lines. */
function parsePrintRoutes(text: string): string[] {
  const out: string[] = [];
  const stack: Array<{ depth: number; path: string }> = [];
  for (const line of text.split('\n')) {
    const m = /^([│\s]*)(?:├──|└──)\s(\S+)\s\(([^)]+)\)/.exec(line);
    if (!m) continue;
    const depth = m[1].length;
    while (stack.length && stack.at(-1)!.depth >= depth) stack.pop();
    const full = (stack.at(-1)?.path ?? '') + m[2];
    stack.push({ depth, path: full });
    for (const method of m[3].split(',').map((s) => s.trim())) {
      if (method === 'HEAD') continue;
      out.push(routeKey(method, full.replace(/\/+/g, '/')));
    }
  }
  return [...new Set(out)];
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matrix-'));
  sim = await startRazorpaySimulator({ accounts: [razorpay] });
  ctx = await createTestApp(
    {
      dataDir,
      payments: simulatorPayments(sim, 'ab'.repeat(32)),
      // every display route asks for fresh displays and codes, ten actors each, from one address
      rateLimits: { displays: { max: 1000, windowMs: 60_000 }, displayPairs: { max: 1000, windowMs: 60_000 } },
    },
    { logger: sms.logger },
  );
  db = ctx.handle.db;
  const c2 = await registerCustomer(ctx.app);
  creds.customer2.phone = c2.phone;
  headers.anonymous = {};
  const ownerToken = await login(ctx.app, creds.vendor.phone, creds.vendor.password);
  for (const role of STAFF) {
    creds[role].phone = freshPhone();
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop/staff',
      headers: bearer(ownerToken),
      payload: { phone: creds[role].phone, name: `Matrix ${role}`, role, password: creds[role].password },
    });
    if (added.statusCode !== 201) throw new Error(`no ${role}: ${added.statusCode} ${added.body}`);
  }
  const pin = await ctx.app.inject({
    method: 'PUT',
    url: '/api/shop/staff/me/pin',
    headers: bearer(ownerToken),
    payload: { pin: OWNER_PIN, currentPassword: creds.vendor.password },
  });
  if (pin.statusCode !== 200) throw new Error(`no owner PIN: ${pin.statusCode} ${pin.body}`);
  for (const a of ACTORS) {
    if (a === 'anonymous') continue;
    tokens[a] = await login(ctx.app, creds[a].phone, creds[a].password);
    headers[a] = bearer(tokens[a]);
  }
  vendorId = await userId(db, DEMO.vendor);
  customerId = await userId(db, DEMO.customer);
  shelf = await makeShelf(db);
  gstId = await makeGst(db, 5);
  activeProduct = await makeProduct(db, { vendorId, shelf, shopPrice: 90, price: 100, stock: 1000, gstId });
  inactiveProduct = await makeProduct(db, { vendorId, shelf, shopPrice: 90, price: 100, stock: 10, gstId, isActive: false });
  const m = multipart(PNG);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headers.vendor, ...m.headers },
    payload: m.payload,
  });
  uploadName = (up.json().secure_url as string).split('/').pop()!;
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('authorization matrix', () => {
  it('lists every served API route exactly once, and nothing that is not served', async () => {
    // /api/docs/* is the API reference's page and static files (public, no data): tests/api/openapi.test.ts
    const served = servedRoutes().filter((r) => r.split(' ')[1].startsWith('/api') && !r.split(' ')[1].startsWith('/api/docs'));
    const table = ROUTE_POLICY.map((p) => routeKey(p.method, p.url));
    expect(new Set(table).size).toBe(table.length);
    expect(served.length).toBeGreaterThan(50);
    expect(
      served.filter((r) => !table.includes(r)),
      'routes missing from server/security/route-policy.ts',
    ).toEqual([]);
    expect(
      table.filter((r) => !served.includes(r)),
      'table rows for routes that do not exist',
    ).toEqual([]);
    expect(
      table.filter((r) => !REQUESTS[r]),
      'routes without a request in this test',
    ).toEqual([]);
  });

  for (const policy of ROUTE_POLICY) {
    const key = routeKey(policy.method, policy.url);
    it(`${key}: ${ACTORS.map((a) => `${a} ${policy.expect[a]}`).join(', ')}`, async () => {
      const got: Record<string, number> = {};
      for (const actor of ACTORS) {
        const req = await REQUESTS[key](actor);
        const res = await ctx.app.inject({
          method: policy.method,
          url: req.url,
          headers: { ...headers[actor], ...(req.headers ?? {}) },
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        });
        got[actor] = res.statusCode;
        if (res.statusCode >= 400) {
          expect(typeof res.json().message, `${key} as ${actor}: error body has a message`).toBe('string');
          expect(isMessageCode(res.json().code), `${key} as ${actor}: error body has a message code: ${res.body}`).toBe(true);
        }
      }
      expect(got).toEqual(policy.expect);
    });
  }
});
