import type { Insertable } from 'kysely';
import type { Db } from '.';
import type { OrderLinesTable, OrdersTable } from './types';
import { cappedDiscountPaise, lineTotalPaise } from '../../core/cart';
import { deliveryDiscountPaise } from '../../core/delivery-discount';
import { lineTax } from '../../core/gst';
import { toPaise } from '../../core/money';
import { hashPassword } from '../services/auth.service';
import { newId } from '../lib/ids';
import { ACCOUNTS, ANNOUNCEMENTS, AREAS, CATEGORIES, GSTS, ORDERS, PRODUCTS, subcategoryImage } from './seed-catalog';

export const DEMO_PASSWORD = 'Demo@1234';

const HOUR = 3_600_000;

/**
 * The demo data (seed-catalog.ts): accounts, areas, categories, GST records, products, announcements
 * and orders with GST snapshots. One password hash, one insert per table, in one transaction.
 */
export async function seedDemo(db: Db): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();

  const userIds = new Map(ACCOUNTS.map((a) => [a.key, newId()]));
  const users = ACCOUNTS.map((a, i) => ({
    id: userIds.get(a.key)!,
    name: a.name,
    phone: a.phone,
    role: a.role,
    password_hash: hash,
    addresses: JSON.stringify(a.addresses),
    email: a.email,
    gst_number: a.gstNumber,
    shop_name: a.shopName,
    commission_percentage: a.commission,
    // oldest first, so "newest first" lists look natural
    created_at: new Date(now - (30 - i) * 24 * HOUR),
    updated_at: new Date(now - (30 - i) * 24 * HOUR),
  }));

  const categories: Array<{ id: string; name: string; created_at: Date }> = [];
  const subcategories: Array<{ id: string; category_id: string; name: string; position: number }> = [];
  const subcategoryOf = new Map<string, { id: string; categoryId: string }>();
  CATEGORIES.forEach((c, i) => {
    const id = newId();
    categories.push({ id, name: c.name, created_at: new Date(now - (40 - i) * 24 * HOUR) });
    c.subcategories.forEach((name, position) => {
      const sid = newId();
      subcategories.push({ id: sid, category_id: id, name, position });
      subcategoryOf.set(name, { id: sid, categoryId: id });
    });
  });

  const gstOf = new Map<string, { id: string; rate: number; hsn: string }>();
  const gsts = GSTS.map((g) => {
    const id = newId();
    gstOf.set(g.key, { id, rate: g.rate, hsn: g.hsn });
    return {
      id,
      name: g.name,
      rate: g.rate,
      hsn_code: g.hsn,
      cgst: g.rate / 2,
      sgst: g.rate / 2,
      igst: g.rate,
      created_at: new Date(now - 40 * 24 * HOUR),
    };
  });

  const productOf = new Map<
    string,
    { id: string; vendorId: string; shopPrice: number; discount: number; gst: { rate: number; hsn: string }; image: string }
  >();
  const products = PRODUCTS.map((p, i) => {
    const id = newId();
    const sub = subcategoryOf.get(p.subcategory);
    const gst = gstOf.get(p.gst);
    if (!sub || !gst) throw new Error(`seed: unknown subcategory or GST on ${p.name}`);
    const image = subcategoryImage(p.subcategory);
    const vendorId = userIds.get(p.vendor)!;
    productOf.set(p.name, { id, vendorId, shopPrice: toPaise(p.shopPrice), discount: toPaise(p.discount), gst, image });
    const created = new Date(now - (20 - (i % 20)) * 24 * HOUR - i * 60_000);
    return {
      id,
      vendor_id: vendorId,
      name: p.name,
      tamil: p.tamil,
      description: p.description,
      price_paise: toPaise(p.price),
      shop_price_paise: toPaise(p.shopPrice),
      discount_paise: toPaise(p.discount),
      count_in_stock: p.stock,
      reorder_level: p.reorder,
      category_id: sub.categoryId,
      subcategory_id: sub.id,
      gst_id: gst.id,
      images: JSON.stringify([image]),
      created_at: created,
      updated_at: created,
    };
  });

  // Orders oldest first so that order numbers follow the dates.
  const orders: Array<Insertable<OrdersTable>> = [];
  const lines: Array<Insertable<OrderLinesTable>> = [];
  for (const o of [...ORDERS].sort((a, b) => b.hoursAgo - a.hoursAgo)) {
    const orderId = newId();
    const account = ACCOUNTS.find((a) => a.key === o.customer)!;
    const shipping = account.addresses[o.address];
    const vendorId = userIds.get(o.vendor)!;
    let items = 0;
    let discount = 0;
    o.lines.forEach(([name, quantity], position) => {
      const p = productOf.get(name);
      if (!p) throw new Error(`seed: order names unknown product ${name}`);
      if (p.vendorId !== vendorId) throw new Error(`seed: ${name} is not sold by ${o.vendor}`);
      const lineTotal = lineTotalPaise(p.shopPrice, p.discount, quantity);
      const tax = lineTax(lineTotal, p.gst.rate);
      items += lineTotal;
      discount += cappedDiscountPaise(p.shopPrice, p.discount) * quantity;
      lines.push({
        id: newId(),
        order_id: orderId,
        product_id: p.id,
        position,
        name,
        image: p.image,
        quantity,
        unit_price_paise: p.shopPrice,
        unit_discount_paise: p.discount,
        line_total_paise: lineTotal,
        gst_rate: p.gst.rate,
        hsn_code: p.gst.hsn,
        taxable_paise: tax.taxablePaise,
        cgst_paise: tax.cgstPaise,
        sgst_paise: tax.sgstPaise,
        igst_paise: tax.igstPaise,
      });
    });
    const createdAt = new Date(now - o.hoursAgo * HOUR);
    orders.push({
      id: orderId,
      customer_id: userIds.get(o.customer)!,
      vendor_id: vendorId,
      created_by: userIds.get(o.customer)!,
      status: o.delivered ? 'Delivered' : 'Pending',
      items_paise: items,
      discount_paise: discount,
      delivery_discount_paise: deliveryDiscountPaise(items),
      shipping_address: JSON.stringify(shipping),
      area: shipping.area,
      payment_status: o.delivered ? 'Paid' : 'Pending',
      is_shop: false,
      created_at: createdAt,
      delivered_at: o.delivered ? new Date(createdAt.getTime() + 20 * HOUR) : null,
    });
  }

  const announcements = ANNOUNCEMENTS.map((a) => ({ id: newId(), information: a.text, created_at: new Date(now - a.daysAgo * 24 * HOUR) }));

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('areas')
      .values(AREAS.map((name) => ({ id: newId(), name })))
      .execute();
    await trx.insertInto('users').values(users).execute();
    await trx.insertInto('categories').values(categories).execute();
    await trx.insertInto('subcategories').values(subcategories).execute();
    await trx.insertInto('gsts').values(gsts).execute();
    await trx.insertInto('products').values(products).execute();
    await trx.insertInto('announcements').values(announcements).execute();
    await trx.insertInto('orders').values(orders).execute();
    await trx.insertInto('order_lines').values(lines).execute();
  });
}
