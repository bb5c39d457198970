import { sql } from 'kysely';
import type { Unit } from '../../core/units';
import type { App } from '../../server/app-type';
import type { Db } from '../../server/db';
import { newId } from '../../server/lib/ids';
import { registerUser } from './helpers';

/** Test data made straight in the database (catalogue, checkout and category tests). */

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
  gstId?: string | null;
  isActive?: boolean;
  images?: string[];
  createdAt?: Date;
}

export async function makeProduct(db: Db, spec: ProductSpec): Promise<string> {
  const id = newId();
  await db
    .insertInto('products')
    .values({
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
      reorder_level: 2,
      category_id: spec.shelf.categoryId,
      subcategory_id: spec.shelf.subcategoryId,
      gst_id: spec.gstId ?? null,
      images: JSON.stringify(spec.images ?? [`/uploads/${id}.jpg`]),
      is_active: spec.isActive ?? true,
      rating: 0,
      ...(spec.createdAt ? { created_at: spec.createdAt } : {}),
    })
    .execute();
  return id;
}

export async function stockOf(db: Db, productId: string): Promise<number> {
  const p = await db.selectFrom('products').select('count_in_stock').where('id', '=', productId).executeTakeFirstOrThrow();
  return Number(p.count_in_stock); // numeric(12,3): read as text
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
/** Registers a new customer through the API and returns its token and id. */
export async function registerCustomer(app: App, area = 'Adyar'): Promise<{ token: string; id: string; phone: string }> {
  const phone = `7${phoneBase}${String(phoneSeq++).padStart(4, '0')}`;
  const res = await registerUser(app, {
    name: `Customer ${phone}`,
    phone,
    password: 'Secret@123',
    address: { address: '1 Main Road', city: 'Chennai', pincode: '600020', area },
  });
  if (res.statusCode !== 201) throw new Error(`register ${phone}: ${res.statusCode} ${res.body}`);
  return { token: res.json().token, id: res.json()._id, phone };
}

export const address = (area = 'Adyar') => ({
  address: '5 Beach Road',
  city: 'Chennai',
  pincode: '600020',
  phoneNumber: '9000000001',
  area,
});
