import { expect } from 'vitest';
import type { CreateCustomerInput, CustomerDto } from '../../core/schemas/customer';
import type { StaffRole } from '../../core/roles';
import type { StaffDto } from '../../core/schemas/staff';
import type { CreatedDeviceDto } from '../../core/schemas/device';
import type { ShiftDto } from '../../core/schemas/shift';
import type { ExpenseDto, ExpenseInput } from '../../core/schemas/expense';
import { istDay } from '../../core/dates';
import type { ScaleLayoutDto } from '../../core/schemas/scale-barcode';
import type { OrderDto } from '../../core/schemas/order';
import type { ProductCreateBody, ProductDto } from '../../core/schemas/product';
import type { PurchaseDto } from '../../core/schemas/purchase';
import type { App } from '../../server/app-type';
import { COUNTER_ADDRESS, type OrderLine, type SaleLine, type ShippingAddress, type ShopSaleBody } from './order-bodies';

/** A delivery address in Chennai, in `area`: where a customer's order of the API tests goes. */
export const address = (area = 'Adyar') => ({
  address: '5 Beach Road',
  city: 'Chennai',
  pincode: '600020',
  phoneNumber: '9000000001',
  area,
});

/** A shelf a product is put on: a category the app lists and its subcategories (listedShelf), or one made in the database (makeShelf). */
export type ShelfRef = { name: string; subcategories: string[] } | { category: string; subcategory: string };

/** A POST /api/products body for a product on the shelf (its first subcategory): ₹50 MRP, ₹45 selling price, 10 in stock (`extra` overrides). */
export const productBody = (shelf: ShelfRef, gst: string, name: string, extra: Partial<ProductCreateBody> = {}): ProductCreateBody => ({
  name,
  price: 50,
  shopPrice: 45,
  countInStock: 10,
  reOrderLevel: 1,
  ...('category' in shelf
    ? { category: shelf.category, subcategory: shelf.subcategory }
    : { category: shelf.name, subcategory: shelf.subcategories[0] }),
  gst,
  images: ['/images/x.svg'],
  ...extra,
});

/** A line of a customer's order to place: a product, 1 unless `quantity` says, at the price shown now unless `price` gives it. */
export type PlaceLine = Pick<OrderLine, 'productId'> & Partial<OrderLine>;

/** Where a customer's order goes and what else its request carries (an Accept-Language, an Idempotency-Key). */
export interface CheckoutOptions {
  /** The delivery area of `address(area)` (Adyar unless given). */
  area?: string;
  /** The whole shipping address, instead of `address(area)`. */
  shippingAddress?: ShippingAddress;
  headers?: Record<string, string>;
}

const phoneBase = String(Math.floor(Math.random() * 100000)).padStart(5, '0');
let seq = 0;

/**
 * The shared builders of API tests: the orders, sales and shop customers a test needs, made through the
 * API as a user makes them, so they pass every rule the server applies. `app()` answers the test's app
 * (it may be made in beforeAll).
 */
export function apiBuilders(app: () => App) {
  const auth = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const post = (token: string | null, body: object, headers: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url: '/api/Orders', headers: { ...auth(token), ...headers }, payload: body });

  /**
   * A walk-in sale as sent (POST /api/Orders, isShop): the response; `extra` may be anything, for a test
   * of a refusal, and `headers` go with the request (an Idempotency-Key).
   */
  const shopSale = (
    token: string | null,
    products: SaleLine[],
    extra: ShopSaleBody | Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => post(token, { isShop: true, products, shippingAddress: COUNTER_ADDRESS, ...extra }, headers);

  /** A counter sale handed over and paid in cash (`extra` overrides the body); answers the order. */
  const sale = async (token: string, products: SaleLine[], extra: ShopSaleBody = {}): Promise<OrderDto> => {
    const res = await shopSale(token, products, { paymentMethod: 'cash', handedOver: true, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { order: OrderDto }).order;
  };

  /** A credit sale to a shop customer, handed over unless `extra` says otherwise; answers the order. */
  const creditSale = (token: string, customerId: string, products: SaleLine[], extra: ShopSaleBody = {}) =>
    sale(token, products, { customerId, paymentMethod: 'credit', ...extra });

  /** A customer's checkout as sent (POST /api/Orders): the lines as given, to `address(area)`; the response. */
  const checkout = (token: string | null, products: OrderLine[], opts: CheckoutOptions = {}) =>
    post(token, { products, shippingAddress: opts.shippingAddress ?? address(opts.area) }, opts.headers);

  /** The price and discount a product's page shows the user of `token` now: what the cart sends. */
  const shownPrice = async (token: string, productId: string) => {
    const res = await app().inject({ method: 'GET', url: `/api/products/${productId}`, headers: auth(token) });
    expect(res.statusCode, `GET /api/products/${productId}: ${res.body}`).toBe(200);
    const p = res.json() as ProductDto;
    return { price: p.shopPrice, discount: p.discount };
  };

  /**
   * A customer's order placed through checkout, each line at the price its product shows now unless the
   * line gives one; answers the orders made, one per vendor (pending and unpaid).
   */
  const placeOrder = async (token: string, lines: PlaceLine[], opts: CheckoutOptions = {}): Promise<OrderDto[]> => {
    const products = await Promise.all(
      lines.map(async (l) => ({ quantity: 1, ...(l.price === undefined ? await shownPrice(token, l.productId) : {}), ...l })),
    );
    const res = await checkout(token, products as OrderLine[], opts);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { orders: OrderDto[] }).orders;
  };

  /** A shop customer of the vendor of `token` (POST /api/customers): a fresh name and phone unless `body` gives them. */
  const shopCustomer = async (token: string, body: Partial<CreateCustomerInput> = {}): Promise<CustomerDto> => {
    const n = seq++;
    const res = await app().inject({
      method: 'POST',
      url: '/api/customers',
      headers: auth(token),
      payload: { name: `Regular ${n}`, phone: `8${phoneBase}${String(n).padStart(4, '0')}`, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CustomerDto;
  };

  /**
   * Marks an order delivered as the user of `token` (PUT /api/Orders/mark-delivered), the cash collected at
   * the door unless `cashCollected` is false; `at` is the tap's time (offline, sent later). Answers the order.
   */
  const deliver = async (token: string, orderId: string, cashCollected = true, at?: string): Promise<OrderDto> => {
    const res = await app().inject({
      method: 'PUT',
      url: '/api/Orders/mark-delivered',
      headers: auth(token),
      payload: { orderId, cashCollected, ...(at ? { at } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { order: OrderDto }).order;
  };

  /** A rider's cash hand-over as the shop of `token` records it (POST /api/riders/:id/handovers), as sent: the response. */
  const handover = (token: string, riderId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url: `/api/riders/${riderId}/handovers`, headers: { ...auth(token), ...headers }, payload: body });

  /**
   * A staff member of the shop of `token` (POST /api/shop/staff) with a fresh phone and a first password,
   * signed in; `pin` sets their till PIN too. Answers the staff row and the person's token.
   */
  const addStaff = async (token: string, role: StaffRole, opts: { name?: string; pin?: string } = {}) => {
    const n = seq++;
    const password = 'Staff@2024x';
    const res = await app().inject({
      method: 'POST',
      url: '/api/shop/staff',
      headers: auth(token),
      payload: { phone: `7${phoneBase}${String(n).padStart(4, '0')}`, name: opts.name ?? `Helper ${n}`, role, password },
    });
    expect(res.statusCode, res.body).toBe(201);
    const staff = res.json() as StaffDto;
    const signIn = await app().inject({ method: 'POST', url: '/api/users/auth', payload: { phone: staff.phone, password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const personToken = (signIn.json() as { token: string }).token;
    if (opts.pin) await setPin(personToken, opts.pin, password);
    return { staff, token: personToken, password };
  };

  /** The till PIN of the person of `token` (PUT /api/shop/staff/me/pin). */
  const setPin = async (token: string, pin: string, currentPassword: string) => {
    const res = await app().inject({
      method: 'PUT',
      url: '/api/shop/staff/me/pin',
      headers: auth(token),
      payload: { pin, currentPassword },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** A till of the shop of `token` (POST /api/devices), with its first block of invoice numbers. */
  const registerTill = async (token: string, name = `Till ${seq++}`): Promise<CreatedDeviceDto> => {
    const res = await app().inject({ method: 'POST', url: '/api/devices', headers: auth(token), payload: { name } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CreatedDeviceDto;
  };

  /**
   * A shift opened on a till by the person of `token` (POST /api/shifts) with a float of `float` rupees
   * (`extra`: the shift's own id, or `at` for one opened offline); answers the shift. A counter sale at a
   * till needs one open at its time.
   */
  const openShift = async (token: string, deviceId: string, float = 0, extra: { id?: string; at?: string } = {}): Promise<ShiftDto> => {
    const res = await app().inject({ method: 'POST', url: '/api/shifts', headers: auth(token), payload: { deviceId, float, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ShiftDto;
  };

  /**
   * The scale label layout of the shop of `token` (PUT /api/shop/scale-barcode; an admin names the shop):
   * the counter reads its scale labels by it. Answers the layout as saved.
   */
  const setScaleLayout = async (token: string, layout: ScaleLayoutDto, shopId?: string): Promise<ScaleLayoutDto> => {
    const res = await app().inject({
      method: 'PUT',
      url: `/api/shop/scale-barcode${shopId ? `?shopId=${shopId}` : ''}`,
      headers: auth(token),
      payload: layout,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ScaleLayoutDto;
  };

  /** A file sent as the multipart field `file` to `url` by the user of `token` (and `headers`): the response. */
  const uploadFile = (
    token: string | null,
    url: string,
    content: string | Buffer,
    filename: string,
    headers: Record<string, string> = {},
  ) => {
    const boundary = `----upload${seq++}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app().inject({
      method: 'POST',
      url,
      headers: { ...auth(token), ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  /** A product file imported by the user of `token` (POST /api/products/import, multipart), `query` as given ('?setStock=true'): the response. */
  const importProducts = (token: string, content: string, filename = 'products.csv', query = '') =>
    uploadFile(token, `/api/products/import${query}`, content, filename);

  /**
   * A settlement statement uploaded by the user of `token` (POST /api/payments/statements, multipart), `query`
   * as given ('?shopId=…') and `headers` (Accept-Language): the response.
   */
  const uploadStatement = (token: string | null, content: string | Buffer, query = '', headers: Record<string, string> = {}) =>
    uploadFile(token, `/api/payments/statements${query}`, content, 'statement.csv', headers);

  /** The payment provider of the shop of `token` (PUT /api/payments/settings): a body from razorpay-simulator's settingsBody. */
  const paymentSettings = async (token: string, body: object, query = '') => {
    const res = await app().inject({ method: 'PUT', url: `/api/payments/settings${query}`, headers: auth(token), payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { provider: string | null; keyId: string | null; configured: boolean };
  };

  /** A sale's UPI QR as the user of `token` asks for it (POST /api/Orders/:id/upi-qr): the response. */
  const upiQr = (token: string | null, orderId: string) =>
    app().inject({ method: 'POST', url: `/api/Orders/${orderId}/upi-qr`, headers: auth(token) });

  /**
   * A provider's webhook as it reaches the app (POST /api/payments/webhooks/razorpay): the exact body and
   * its signature (razorpay-simulator's `pay` or `credited`), or any signature given; the response.
   */
  const razorpayWebhook = (hook: { rawBody: string; signature?: string }) =>
    app().inject({
      method: 'POST',
      url: '/api/payments/webhooks/razorpay',
      headers: { 'content-type': 'application/json', ...(hook.signature !== undefined ? { 'x-razorpay-signature': hook.signature } : {}) },
      payload: hook.rawBody,
    });

  /** A new customer display asking to be paired (POST /api/displays, not signed in): its code and token. */
  const newDisplay = async (): Promise<{ code: string; token: string; expiresAt: string }> => {
    const res = await app().inject({ method: 'POST', url: '/api/displays' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  /** A display's code entered at the counter of the user of `token` (POST /api/displays/pair): the response. */
  const pairDisplay = (token: string | null, code: string, deviceId?: string) =>
    app().inject({ method: 'POST', url: '/api/displays/pair', headers: auth(token), payload: { code, ...(deviceId ? { deviceId } : {}) } });

  /** A new display paired with the shop of `token` (and its till `deviceId`): its id and its own token. */
  const pairedDisplay = async (token: string, deviceId?: string): Promise<{ id: string; token: string }> => {
    const display = await newDisplay();
    const res = await pairDisplay(token, display.code, deviceId);
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json()._id as string, token: display.token };
  };

  /** The till's bill for its displays (PUT /api/displays/state) as the user of `token` sends it: the response. */
  const displayState = (token: string | null, body: object | string) =>
    app().inject({
      method: 'PUT',
      url: '/api/displays/state',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** An expense as sent (POST /api/expenses): the response; `headers` go with it (an Idempotency-Key). */
  const postExpense = (token: string | null, body: object, headers: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url: '/api/expenses', headers: { ...auth(token), ...headers }, payload: body });

  /** An expense recorded (201): paid in cash today under rent unless `body` says otherwise; answers the expense. */
  const addExpense = async (token: string, body: Partial<ExpenseInput> & { amount: number }): Promise<ExpenseDto> => {
    const res = await postExpense(token, { category: 'Rent', method: 'cash', date: istDay(), ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ExpenseDto;
  };

  /** Cash put in (`in`) or taken out (`out`) of an open shift's drawer; answers the shift. */
  const moveCash = async (token: string, shiftId: string, kind: 'in' | 'out', amount: number, reason = 'Change'): Promise<ShiftDto> => {
    const res = await app().inject({
      method: 'POST',
      url: `/api/shifts/${shiftId}/cash`,
      headers: auth(token),
      payload: { kind, amount, reason },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ShiftDto;
  };

  /**
   * A supplier's bill received as the user of `token` (POST /api/purchases): one line of the product,
   * 1 at `unitCost` rupees before GST unless `quantity` says, at `gstRate` % (0 unless given); answers the purchase.
   */
  const addPurchase = async (
    token: string,
    b: {
      supplier: string;
      productId: string;
      billDate: string;
      unitCost: number;
      quantity?: number;
      gstRate?: number;
      billNumber?: string;
      /** The supplier's GSTIN (none unless given): another state's makes the bill IGST. */
      gstin?: string;
    },
  ): Promise<PurchaseDto> => {
    const res = await app().inject({
      method: 'POST',
      url: '/api/purchases',
      headers: auth(token),
      payload: {
        supplier: { name: b.supplier, ...(b.gstin ? { gstin: b.gstin } : {}) },
        billNumber: b.billNumber ?? `SB-${seq++}`,
        billDate: b.billDate,
        lines: [{ productId: b.productId, quantity: b.quantity ?? 1, unitCost: b.unitCost, gstRate: b.gstRate ?? 0 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PurchaseDto;
  };

  /** A payment to a supplier as sent (POST /api/suppliers/:id/payments), `headers` with it (an Idempotency-Key); the response. */
  const paySupplier = (token: string, supplierId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url: `/api/suppliers/${supplierId}/payments`, headers: { ...auth(token), ...headers }, payload: body });

  /**
   * Goods sent back to the supplier of a bill as sent (POST /api/purchases/:id/returns): `lines` of
   * products and quantities, `headers` with it (an Idempotency-Key); the response.
   */
  const returnToSupplier = (
    token: string,
    purchaseId: string,
    body: { lines: Array<{ productId: string; quantity: number }>; reason?: string; _id?: string },
    headers: Record<string, string> = {},
  ) =>
    app().inject({ method: 'POST', url: `/api/purchases/${purchaseId}/returns`, headers: { ...auth(token), ...headers }, payload: body });

  /** POST /api/purchase-orders as the user of `token`: `lines` of [productId, quantity]; answers the response (check its status). */
  const postPurchaseOrder = (token: string, supplierId: string, lines: Array<[string, number]>, headers: Record<string, string> = {}) =>
    app().inject({
      method: 'POST',
      url: '/api/purchase-orders',
      headers: { ...auth(token), ...headers },
      payload: { supplierId, lines: lines.map(([productId, quantity]) => ({ productId, quantity })) },
    });

  /**
   * A bill received against a purchase order (POST /api/purchases with purchaseOrderId), dated today, 0 % GST:
   * `lines` of [productId, quantity, unitCost]; answers the response (check its status).
   */
  const receiveOnOrder = (
    token: string,
    b: { supplier: string; purchaseOrderId: string; lines: Array<[string, number, number]>; billNumber?: string },
  ) =>
    app().inject({
      method: 'POST',
      url: '/api/purchases',
      headers: auth(token),
      payload: {
        supplier: { name: b.supplier },
        billNumber: b.billNumber ?? `PO-R-${seq++}`,
        billDate: istDay(),
        purchaseOrderId: b.purchaseOrderId,
        lines: b.lines.map(([productId, quantity, unitCost]) => ({ productId, quantity, unitCost, gstRate: 0 })),
      },
    });

  /** A customer's payment on account (POST /api/customers/:id/payments) as sent; the response. */
  const payOnAccount = (token: string, customerId: string, body: { amount: number; method: string; note?: string }) =>
    app().inject({ method: 'POST', url: `/api/customers/${customerId}/payments`, headers: auth(token), payload: body });

  /** Goods back from a customer (POST /api/Orders/:id/returns) as sent, restocked unless the body says; the response. */
  const returnSale = (
    token: string,
    orderId: string,
    body: { lines: Array<{ productId: string; quantity: number }>; refundMethod: string; restock?: boolean },
  ) => app().inject({ method: 'POST', url: `/api/Orders/${orderId}/returns`, headers: auth(token), payload: { restock: true, ...body } });

  /** The shop's Tally ledger names saved (PUT /api/exports/tally/settings); the response. */
  const saveTallyLedgers = (token: string, body: object) =>
    app().inject({ method: 'PUT', url: '/api/exports/tally/settings', headers: auth(token), payload: body });

  return {
    addPurchase,
    postPurchaseOrder,
    payOnAccount,
    returnSale,
    saveTallyLedgers,
    receiveOnOrder,
    returnToSupplier,
    paySupplier,
    postExpense,
    addExpense,
    moveCash,
    paymentSettings,
    upiQr,
    newDisplay,
    pairDisplay,
    pairedDisplay,
    displayState,
    razorpayWebhook,
    shopSale,
    sale,
    creditSale,
    checkout,
    placeOrder,
    shopCustomer,
    deliver,
    handover,
    addStaff,
    setPin,
    registerTill,
    openShift,
    importProducts,
    uploadStatement,
    setScaleLayout,
  };
}
