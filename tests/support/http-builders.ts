import type { z } from 'zod';
import type { createCustomerSchema, CustomerDto } from '../../core/schemas/customer';
import type { OrderDto } from '../../core/schemas/order';
import type { PurchaseDto } from '../../core/schemas/purchase';
import type { RiderHandoverResponse, RidersCash } from '../../core/schemas/rider-cash';
import type { createStaffSchema, StaffDto } from '../../core/schemas/staff';
import type { StaffRole } from '../../core/roles';
import type { VendorProductDto } from '../../core/schemas/product';
import type { ScaleLayoutDto } from '../../core/schemas/scale-barcode';
import type { Unit } from '../../core/units';
import { DEMO } from './demo-accounts';
import { type RazorpaySimulator, type RazorpayTestAccount, razorpayAccount, settingsBody } from './razorpay-simulator';
import { COUNTER_ADDRESS, type OrderLine, type SaleLine, type ShippingAddress, type ShopSaleBody } from './order-bodies';

/**
 * The shared builders of browser tests: the orders and sales a test needs, made over the real HTTP API
 * of the test's server (`baseURL`) as a customer or a vendor makes them, so they pass every rule the
 * server applies. The bodies' shapes are those of the API tests' builders (./order-bodies).
 */

/** Signs in through the API (for arranging data) and answers the session's token. */
export async function apiToken(baseURL: string, phone: string, password: string = DEMO.password): Promise<string> {
  const res = await fetch(`${baseURL}/api/users/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  if (!res.ok) throw new Error(`login failed ${res.status}`);
  return (await res.json()).token;
}

/**
 * An API call as a signed-in user: a JSON body (or a form, for an upload) in, JSON out, an empty answer as
 * undefined; a refusal throws with its status and body.
 */
export async function call<T>(baseURL: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(`${baseURL}/api/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An order as its customer, its vendor or a rider reads it now. */
export const getOrder = (baseURL: string, token: string, id: string) => call<OrderDto>(baseURL, token, 'GET', `Orders/${id}`);

/** The products of the vendor signed in with `token`, as Your Products lists them. */
export const vendorProducts = (baseURL: string, token: string) => call<VendorProductDto[]>(baseURL, token, 'GET', 'products/products');

/** A product of the demo vendor to sell in a test: active, with more than `minStock` in stock, and `also` true of it. */
export async function stockedProduct(
  baseURL: string,
  minStock = 10,
  also: (p: VendorProductDto) => boolean = () => true,
): Promise<VendorProductDto> {
  const products = await vendorProducts(baseURL, await apiToken(baseURL, DEMO.vendor));
  const found = products.find((p) => p.isActive && p.countInStock > minStock && also(p));
  if (!found) throw new Error(`no active product of the demo vendor with more than ${minStock} in stock`);
  return found;
}

/** A product a test made, as makeProduct answers it. */
export interface MadeProduct {
  _id: string;
  name: string;
  Tamil: string;
  category: string;
  subcategory: string;
  vendorId: string;
}

/** What a test says of a product it makes; the rest comes from makeProduct's defaults. */
export interface ProductFields {
  name: string;
  price: number;
  shopPrice: number;
  Tamil?: string;
  discount?: number;
  countInStock?: number;
  unit?: Unit;
  /** A category and one of its subcategories; left out: the first of the catalogue that has one. */
  category?: string;
  subcategory?: string;
  /** Its photos (uploadPhoto's URLs); left out: the app's icon. */
  images?: string[];
  /** Its barcode (a packet's EAN-13, a loose product's zero-value scale label); left out: none. */
  barcode?: string;
  /** Its packs (bag, carton: core/packs.ts); left out: none. */
  packs?: Array<{ name: string; factor: number; barcode?: string; price?: number }>;
  /** Its stock kept in batches with an expiry (core/batch.ts); left out: not. */
  tracksBatches?: boolean;
}

/** A product of the given vendor: 40 in stock, reorder at 2, the active GST rate, in the first category/subcategory unless `p` names one. */
export async function makeProduct(baseURL: string, vendorPhone: string, p: ProductFields): Promise<MadeProduct> {
  const token = await apiToken(baseURL, vendorPhone);
  const categories = await call<Array<{ name: string; subcategories: string[] }>>(baseURL, token, 'GET', 'categories');
  const first = categories.find((c) => c.subcategories.length > 0)!;
  const gsts = await call<Array<{ _id: string; isActive: boolean }>>(baseURL, token, 'GET', 'gsts');
  const gst = gsts.find((g) => g.isActive) ?? gsts[0];
  const body = {
    description: 'Made by a browser test.',
    countInStock: 40,
    reOrderLevel: 2,
    category: first.name,
    subcategory: first.subcategories[0],
    gst: gst._id,
    images: ['/icons/icon-192.png'],
    isActive: true,
    ...p,
  };
  const { _id, vendorId } = await call<{ _id: string; vendorId: string }>(baseURL, token, 'POST', 'products', body);
  return { _id, vendorId, name: p.name, Tamil: p.Tamil ?? '', category: body.category, subcategory: body.subcategory };
}

/** The scale label layout of the shop signed in with `token` (PUT /api/shop/scale-barcode): the counter reads its labels by it. */
export const setScaleLayout = (baseURL: string, token: string, layout: ScaleLayoutDto) =>
  call<ScaleLayoutDto>(baseURL, token, 'PUT', 'shop/scale-barcode', layout);

/**
 * The shop signed in with `token` takes UPI through Razorpay (PUT /api/payments/settings) with a fresh test
 * account that `sim`, the server's simulator, knows. Answers the account.
 */
export async function connectRazorpay(baseURL: string, token: string, sim: RazorpaySimulator): Promise<RazorpayTestAccount> {
  const account = razorpayAccount();
  sim.accounts.push(account);
  await call(baseURL, token, 'PUT', 'payments/settings', settingsBody(account));
  return account;
}

/** The shop's payment provider turned off (DELETE /api/payments/settings): its own static QR again. */
export const disconnectPayments = (baseURL: string, token: string) => call(baseURL, token, 'DELETE', 'payments/settings');

/**
 * A photo of `bytes` bytes uploaded as the vendor signed in with `token` (POST /api/uploads): a PNG's
 * signature, then bytes of its own, so each call stores a new image. Answers the URL it is served at.
 */
export async function uploadPhoto(baseURL: string, token: string, bytes: number): Promise<string> {
  const png = Buffer.alloc(bytes);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  png.write(`${Date.now()}-${Math.random()}`, 8);
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
  return (await call<{ url: string }>(baseURL, token, 'POST', 'uploads', form)).url;
}

/** What a test says of a shop customer it makes; a fresh phone unless it gives one. */
export type ShopCustomerFields = Partial<z.input<typeof createCustomerSchema>> & { name: string };

/** A shop customer of the vendor signed in with `token` (POST /api/customers), as the Customers page adds one. */
export const shopCustomer = (baseURL: string, token: string, c: ShopCustomerFields) =>
  call<CustomerDto>(baseURL, token, 'POST', 'customers', {
    phone: `6${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`,
    ...c,
  });

/** A customer's line: `quantity` of a product at the price and discount it shows now (what the cart sends). */
export const lineOf = (p: Pick<VendorProductDto, '_id' | 'shopPrice' | 'discount'>, quantity = 1): OrderLine => ({
  productId: p._id,
  quantity,
  price: p.shopPrice,
  discount: p.discount,
});

/**
 * A customer's checkout (POST /api/Orders): the lines to `to`, which defaults to a Chennai address in
 * Adyar with the demo customer's phone. Answers the orders made, one per vendor; pending and unpaid.
 */
export async function placeOrder(
  baseURL: string,
  token: string,
  lines: OrderLine[],
  to: Partial<ShippingAddress> & { address: string },
): Promise<OrderDto[]> {
  const shippingAddress = { city: 'Chennai', pincode: '600020', phoneNumber: DEMO.customer, area: 'Adyar', ...to };
  return (await call<{ orders: OrderDto[] }>(baseURL, token, 'POST', 'Orders', { products: lines, shippingAddress })).orders;
}

/** A walk-in sale as the counter sends it (POST /api/Orders, isShop); answers the order. */
async function postSale(baseURL: string, token: string, lines: SaleLine[], body: ShopSaleBody): Promise<OrderDto> {
  const res = await call<{ order?: OrderDto; orders: OrderDto[] }>(baseURL, token, 'POST', 'Orders', {
    ...body,
    isShop: true,
    products: lines,
  });
  return res.order ?? res.orders[0];
}

/** A counter sale handed over and paid in cash (`extra` overrides the body); answers the order, numbered at once. */
export const shopSale = (baseURL: string, token: string, lines: SaleLine[], extra: ShopSaleBody = {}) =>
  postSale(baseURL, token, lines, { shippingAddress: COUNTER_ADDRESS, paymentMethod: 'cash', handedOver: true, ...extra });

/** A credit sale to a shop customer, handed over unless `extra` says otherwise, with the customer's phone as the counter sends it. */
export const creditSale = (
  baseURL: string,
  token: string,
  customer: { _id: string; phone: string },
  lines: SaleLine[],
  extra: ShopSaleBody = {},
) =>
  shopSale(baseURL, token, lines, {
    shippingAddress: { ...COUNTER_ADDRESS, phoneNumber: customer.phone },
    customerId: customer._id,
    paymentMethod: 'credit',
    ...extra,
  });

/** Where a walk-in sale is delivered: a street and its area; the rest defaults to Chennai 600020 and a contact number. */
export type DeliveryAddress = Partial<ShippingAddress> & { address: string; area: string };

/** A walk-in sale to deliver later at `to`, paid unless `extra` says Pending; answers the order, pending delivery. */
export const deliverySale = (baseURL: string, token: string, lines: SaleLine[], to: DeliveryAddress, extra: ShopSaleBody = {}) =>
  postSale(baseURL, token, lines, {
    shippingAddress: { city: 'Chennai', pincode: '600020', phoneNumber: '9000012345', ...to },
    paymentStatus: 'Paid',
    ...extra,
  });

/**
 * `count` walk-in sales of the demo vendor to deliver in `area`, one piece each, unpaid (cash on delivery) unless
 * `extra` says otherwise: sale n goes to "`lane` n", Chennai 600042, phone "90000 1234n". Answers them in that order.
 */
export async function makeOrders(
  baseURL: string,
  area: string,
  lane: string,
  count: number,
  extra: ShopSaleBody = {},
): Promise<OrderDto[]> {
  const vendor = await apiToken(baseURL, DEMO.vendor);
  const p = await stockedProduct(baseURL);
  const made: OrderDto[] = [];
  for (let n = 1; n <= count; n++) {
    const to = { address: `${lane} ${n}`, pincode: '600042', phoneNumber: `90000 1234${n}`, area };
    made.push(await deliverySale(baseURL, vendor, [{ productId: p._id, quantity: 1 }], to, { paymentStatus: 'Pending', ...extra }));
  }
  return made;
}

/** Marks an order delivered as the rider (or shop) of `token`, the cash collected at the door unless `cashCollected` is false; answers the order. */
export const deliverOrder = async (baseURL: string, token: string, orderId: string, cashCollected = true) =>
  (await call<{ order: OrderDto }>(baseURL, token, 'PUT', 'Orders/mark-delivered', { orderId, cashCollected })).order;

/** The cash riders hold as the user of `token` sees it (a rider: his own entry, shop by shop). */
export const ridersCash = (baseURL: string, token: string) => call<RidersCash>(baseURL, token, 'GET', 'riders/cash');

/** The shop of `token` records cash it received from a rider; answers the hand-over and what he still holds for the shop. */
export const recordHandover = (baseURL: string, token: string, riderId: string, amount: number, note?: string) =>
  call<RiderHandoverResponse>(baseURL, token, 'POST', `riders/${riderId}/handovers`, { amount, ...(note ? { note } : {}) });

/** What a test says of a person it adds to a shop's staff; a fresh phone unless it gives one, the demo password as their first. */
export type StaffFields = Partial<z.input<typeof createStaffSchema>> & { name: string; role: StaffRole };

/** A person on the staff of the shop signed in with `token` (POST /api/shop/staff), as the Staff page adds one. */
export const addStaff = (baseURL: string, token: string, s: StaffFields) =>
  call<StaffDto>(baseURL, token, 'POST', 'shop/staff', {
    phone: `8${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`,
    password: DEMO.password,
    ...s,
  });

/** The till PIN of the person signed in with `token` (PUT /api/shop/staff/me/pin), with their password. */
export const setPin = (baseURL: string, token: string, pin: string, currentPassword: string = DEMO.password) =>
  call<{ message: string }>(baseURL, token, 'PUT', 'shop/staff/me/pin', { pin, currentPassword });

/** What a test says of a supplier's bill it receives: one line of the product, 1 at `unitCost` rupees before GST unless told. */
export interface PurchaseFields {
  supplier: string;
  productId: string;
  unitCost: number;
  billNumber: string;
  quantity?: number;
  gstRate?: number;
  /** India day (YYYY-MM-DD); left out: today. */
  billDate?: string;
}

/** Goods received on a supplier's bill as the shop of `token` (POST /api/purchases), as Receive goods sends it; answers the purchase. */
export const receivePurchase = (baseURL: string, token: string, b: PurchaseFields) =>
  call<PurchaseDto>(baseURL, token, 'POST', 'purchases', {
    supplier: { name: b.supplier },
    billNumber: b.billNumber,
    billDate: b.billDate ?? new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
    lines: [{ productId: b.productId, quantity: b.quantity ?? 1, unitCost: b.unitCost, gstRate: b.gstRate ?? 0 }],
  });
