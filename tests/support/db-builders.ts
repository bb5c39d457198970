import type { AuthUser } from '../../server/services/accounts/auth.service';
import { type Insertable, sql } from 'kysely';
import type { OrderStatus } from '../../core/order-statuses';
import type { AccountRole } from '../../core/roles';
import type { Unit } from '../../core/units';
import type { App } from '../../server/app-type';
import type { Db } from '../../server/db';
import type { OrderLinesTable, OrdersTable, ProductsTable, UsersTable } from '../../server/db/types';
import { newId, newToken, sha256 } from '../../server/lib/ids';
import { setStockContext } from '../../server/services/stock/stock-context';
import { registerUser } from '../api/helpers';
import { DEMO } from './demo-accounts';
import { address } from './api-builders';

/**
 * The shared builders of API tests that write straight to the database (rows typed by server/db/types.ts):
 * shelves, GST rates and products (and a long run of stock movements), orders as they stand (dated at will, no stock taken, no invoice),
 * users and sessions; and registerCustomer, a customer registered through the API.
 */

export async function userId(db: Db, phone: string): Promise<string> {
  const u = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  return u.id;
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface Shelf {
  categoryId: string;
  category: string;
  subcategoryId: string;
  subcategory: string;
}

/** A fresh category with one subcategory (names made unique unless given). */
export async function makeShelf(db: Db, opts: { category?: string; subcategory?: string } = {}): Promise<Shelf> {
  const category = opts.category ?? `Cat ${unique()}`;
  const subcategory = opts.subcategory ?? `Sub ${unique()}`;
  const categoryId = newId();
  const subcategoryId = newId();
  await db.insertInto('categories').values({ id: categoryId, name: category }).execute();
  await db.insertInto('subcategories').values({ id: subcategoryId, category_id: categoryId, name: subcategory, position: 0 }).execute();
  return { categoryId, category, subcategoryId, subcategory };
}

export async function makeGst(db: Db, rate: number, hsnCode = '1006'): Promise<string> {
  const id = newId();
  await db
    .insertInto('gsts')
    .values({ id, name: `GST ${rate}% ${unique()}`, rate, hsn_code: hsnCode, cgst: rate / 2, sgst: rate / 2, igst: rate })
    .execute();
  return id;
}

export interface ProductSpec {
  vendorId: string;
  shelf: Shelf;
  name?: string;
  tamil?: string;
  description?: string;
  /** Rupees. */
  price?: number;
  shopPrice: number;
  discount?: number;
  /** In `unit` (decimals for kg, l, metre). */
  stock?: number;
  unit?: Unit;
  /** Default 2. */
  reorderLevel?: number;
  gstId?: string | null;
  isActive?: boolean;
  images?: string[];
  createdAt?: Date;
}

const productRow = (spec: ProductSpec): Insertable<ProductsTable> => {
  const id = newId();
  return {
    id,
    vendor_id: spec.vendorId,
    name: spec.name ?? `Product ${unique()}`,
    tamil: spec.tamil ?? '',
    description: spec.description ?? '',
    price_paise: Math.round((spec.price ?? spec.shopPrice) * 100),
    shop_price_paise: Math.round(spec.shopPrice * 100),
    discount_paise: Math.round((spec.discount ?? 0) * 100),
    count_in_stock: spec.stock ?? 100,
    unit: spec.unit ?? 'pcs',
    reorder_level: spec.reorderLevel ?? 2,
    category_id: spec.shelf.categoryId,
    subcategory_id: spec.shelf.subcategoryId,
    gst_id: spec.gstId ?? null,
    images: JSON.stringify(spec.images ?? [`/uploads/${id}.jpg`]),
    is_active: spec.isActive ?? true,
    rating: 0,
    ...(spec.createdAt ? { created_at: spec.createdAt } : {}),
  };
};

export async function makeProduct(db: Db, spec: ProductSpec): Promise<string> {
  const [id] = await makeProducts(db, [spec]);
  return id;
}

/** Products in one insert, in the order given (for searches past the count cap). */
export async function makeProducts(db: Db, specs: ProductSpec[]): Promise<string[]> {
  const rows = specs.map(productRow);
  await db.insertInto('products').values(rows).execute();
  return rows.map((r) => r.id);
}

export interface OrderLineSpec {
  productId: string;
  /** The name the line keeps (the product's at the sale). */
  name: string;
  /** Default 1. */
  quantity?: number;
  /** Rupees a unit, before its discount. */
  price: number;
  /** Rupees off a unit. */
  discount?: number;
  image?: string | null;
}

export interface OrderSpec {
  vendorId: string;
  customerId: string;
  /** Default Pending; a Delivered order was delivered now. */
  status?: OrderStatus;
  /** The delivery area, also in the shipping address (default Adyar). */
  area?: string;
  createdAt?: Date;
  lines: OrderLineSpec[];
}

/** A line of `quantity` units of a product, keeping its name, at ₹90 less ₹10 a unit. */
export const lineOf = (product: { _id: string; name: string }, quantity = 1): OrderLineSpec => ({
  productId: product._id,
  name: product.name,
  quantity,
  price: 90,
  discount: 10,
});

/** `count` lines of one product (lineOf): line n is named "`product.name` n" and has n units. */
export const numberedLines = (product: { _id: string; name: string }, count: number): OrderLineSpec[] =>
  Array.from({ length: count }, (_, i) => lineOf({ _id: product._id, name: `${product.name} ${i + 1}` }, i + 1));

/** The row of an order's line at `position`: its total is what its units come to after their discount; it records no tax. */
export function orderLineRow(orderId: string, line: OrderLineSpec, position: number): Insertable<OrderLinesTable> {
  const quantity = line.quantity ?? 1;
  const unitPrice = Math.round(line.price * 100);
  const unitDiscount = Math.round((line.discount ?? 0) * 100);
  return {
    id: newId(),
    order_id: orderId,
    product_id: line.productId,
    position,
    name: line.name,
    image: line.image ?? null,
    quantity,
    unit_price_paise: unitPrice,
    unit_discount_paise: unitDiscount,
    line_total_paise: quantity * (unitPrice - unitDiscount),
    gst_rate: 5,
    hsn_code: '',
    taxable_paise: 0,
    cgst_paise: 0,
    sgst_paise: 0,
    igst_paise: 0,
  };
}

/**
 * An order of a customer's and its lines written straight to the database (no stock taken, no invoice
 * entry): the items total is what the lines come to after their discounts; the lines record no tax.
 */
export async function insertOrder(db: Db, spec: OrderSpec): Promise<string> {
  const id = newId();
  const status = spec.status ?? 'Pending';
  const area = spec.area ?? 'Adyar';
  const lines = spec.lines.map((l, position) => orderLineRow(id, l, position));
  const order: Insertable<OrdersTable> = {
    id,
    customer_id: spec.customerId,
    vendor_id: spec.vendorId,
    created_by: spec.customerId,
    status,
    items_paise: lines.reduce((s, l) => s + l.line_total_paise, 0),
    discount_paise: lines.reduce((s, l) => s + Number(l.quantity) * l.unit_discount_paise, 0),
    delivery_discount_paise: 0,
    shipping_address: JSON.stringify(address(area)),
    area,
    payment_status: 'Pending',
    is_shop: false,
    created_at: spec.createdAt ?? new Date(),
    delivered_at: status === 'Delivered' ? new Date() : null,
  };
  await db.insertInto('orders').values(order).execute();
  await db.insertInto('order_lines').values(lines).execute();
  return id;
}

/**
 * insertOrder for the orders of one test file: `shared()` gives what they have in common (read at each
 * order, so it may name ids set in beforeAll), and each call what differs.
 */
export function orderWriter<S extends Partial<OrderSpec>>(db: () => Db, shared: () => S) {
  type Rest = Omit<OrderSpec, keyof S> & Partial<OrderSpec>;
  return (spec: Rest = {} as Rest) => insertOrder(db(), { ...shared(), ...spec } as OrderSpec);
}

export async function stockOf(db: Db, productId: string): Promise<number> {
  const p = await db.selectFrom('products').select('count_in_stock').where('id', '=', productId).executeTakeFirstOrThrow();
  return Number(p.count_in_stock); // numeric(12,3): read as text
}

/**
 * A long ledger without an API call per row: each change of `changes` in turn is an adjustment of the
 * product's stock (one ledger row each, by the trigger of migration 018), noted with its place ("1", "2"...).
 */
export async function adjustStockMany(db: Db, productId: string, changes: readonly number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [i, change] of changes.entries()) {
      await setStockContext(trx, { kind: 'adjustment', reason: 'other', note: String(i + 1) });
      await trx
        .updateTable('products')
        .set({ count_in_stock: sql`count_in_stock + ${String(change)}::numeric` })
        .where('id', '=', productId)
        .execute();
    }
  });
}

export async function countOrders(db: Db): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const phoneBase = String(Math.floor(Math.random() * 100000)).padStart(5, '0');
let phoneSeq = 0;
/** A phone number no other user of this test file has. */
const newPhone = () => `7${phoneBase}${String(phoneSeq++).padStart(4, '0')}`;

/** Registers a new customer through the API and returns its token and id. */
export async function registerCustomer(app: App, area = 'Adyar'): Promise<{ token: string; id: string; phone: string }> {
  const phone = newPhone();
  const res = await registerUser(app, {
    name: `Customer ${phone}`,
    phone,
    password: 'Secret@123',
    address: { address: '1 Main Road', city: 'Chennai', pincode: '600020', area },
  });
  if (res.statusCode !== 201) throw new Error(`register ${phone}: ${res.statusCode} ${res.body}`);
  return { token: res.json().token, id: res.json()._id, phone };
}

export interface UserSpec {
  name: string;
  role: AccountRole;
  /** Default: a new number. */
  phone?: string;
  email?: string | null;
  shopName?: string | null;
  /** The shop's own GSTIN; default none. */
  gstNumber?: string | null;
}

/** A user written straight to the database: no address, and a password hash no password matches. */
export async function insertUser(db: Db, spec: UserSpec): Promise<string> {
  const user: Insertable<UsersTable> = {
    id: newId(),
    name: spec.name,
    email: spec.email ?? null,
    phone: spec.phone ?? newPhone(),
    role: spec.role,
    password_hash: 'x',
    addresses: '[]',
    gst_number: spec.gstNumber ?? null,
    shop_name: spec.shopName ?? null,
    commission_percentage: 0,
  };
  await db.insertInto('users').values(user).execute();
  return user.id;
}

/** An hour-long session of a user, written straight to the database: its token. */
export async function sessionFor(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ id: newId(), user_id: userId, token_hash: sha256(token), expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return token;
}

/** The demo vendor as a signed-in caller of a service (its session's user), for calls made without HTTP. */
export const vendorActor = (vendorId: string): AuthUser => ({
  id: vendorId,
  role: 'vendor',
  name: 'Vendor',
  phone: DEMO.vendor,
  shopId: vendorId,
  deviceId: null,
});

/**
 * A UPI payment a shop's provider reported, written straight to the database: matched to the sale `orderId`,
 * or kept as mismatched (a QR of no sale) without one. Answers its payment id.
 */
export async function insertProviderPayment(
  db: Db,
  spec: { shopId: string; utr: string; amount: number; orderId?: string | null; paidAt?: Date },
): Promise<string> {
  const paymentId = `pay_${newId().replace(/-/g, '').slice(0, 14)}`;
  await db
    .insertInto('upi_payments')
    .values({
      shop_id: spec.shopId,
      payment_id: paymentId,
      provider: 'razorpay',
      qr_id: null,
      order_id: spec.orderId ?? null,
      amount_paise: Math.round(spec.amount * 100),
      utr: spec.utr,
      payer_vpa: null,
      status: 'captured',
      matched: spec.orderId ? 'provider' : 'mismatched',
      mismatch: spec.orderId ? null : 'unknownQr',
      paid_at: spec.paidAt ?? new Date(),
      raw: JSON.stringify(null),
    })
    .execute();
  return paymentId;
}

/** A payment to a new supplier of the shop, written straight to the database (as recorded at `paidAt`, now by default). */
export async function insertSupplierPayment(
  db: Db,
  spec: { shopId: string; supplier: string; amount: number; method?: 'cash' | 'upi' | 'card' | 'bank'; byUser?: string; paidAt?: Date },
): Promise<string> {
  const supplierId = newId();
  await db.insertInto('suppliers').values({ id: supplierId, vendor_id: spec.shopId, name: spec.supplier }).execute();
  const id = newId();
  await db
    .insertInto('supplier_payments')
    .values({
      id,
      vendor_id: spec.shopId,
      supplier_id: supplierId,
      amount_paise: Math.round(spec.amount * 100),
      method: spec.method ?? 'cash',
      paid_at: spec.paidAt ?? new Date(),
      created_by: spec.byUser ?? spec.shopId,
    })
    .execute();
  return id;
}
