import type { Insertable } from 'kysely';
import type { Db } from '.';
import type { InvoicesTable, OrderLinesTable, OrdersTable } from './types';
import { cappedDiscountPaise } from '../../core/cart';
import { lineTax } from '../../core/gst';
import { defaultInvoicePrefix, financialYear, invoicedAtSale, invoiceNumber, invoiceSeries } from '../../core/invoice';
import { splitByVendor } from '../../core/order-rules';
import { DEFAULT_UNIT, type Unit } from '../../core/units';
import { toPaise } from '../../core/money';
import { tamilSearchKey } from '../../core/transliterate';
import { hashPassword } from '../services/accounts/auth.service';
import { settleSales } from '../services/khata/customers.service';
import type { Buyer } from '../../core/place-of-supply';
import { newId } from '../lib/ids';
import { makePinVerifier } from '../../core/pin';
import { createHash } from 'node:crypto';
import { UPLOAD_URL_PREFIX } from '../services/platform/uploads.service';
import {
  ACCOUNTS,
  ANNOUNCEMENTS,
  AREAS,
  CATEGORIES,
  GSTS,
  ORDERS as CATALOGUE_ORDERS,
  PRODUCTS as CATALOGUE_PRODUCTS,
  SHOP_CUSTOMERS,
  SHOP_PAYMENTS,
  STAFF,
  DEMO_PIN,
} from './seed-catalog';
import { productPicture } from './seed-images';
import { SHOWCASE_ORDERS, SHOWCASE_PRODUCTS } from './seed-showcase';
import { FEATURE_PRODUCTS, seedFeatures } from './seed-features';

const PRODUCTS = [...CATALOGUE_PRODUCTS, ...SHOWCASE_PRODUCTS, ...FEATURE_PRODUCTS];
const ORDERS = [...CATALOGUE_ORDERS, ...SHOWCASE_ORDERS];

export const DEMO_PASSWORD = 'Demo@1234';

/**
 * What `npm start` prints after seeding: a phone to sign in with for each demo role. The password is
 * in the README, not here: the output is the server's log, which never holds a password.
 */
export const demoAccountLines = (): string[] => [
  'Demo accounts (the demo password is in README.md):',
  ...ACCOUNTS.filter((a, i, all) => all.findIndex((b) => b.role === a.role) === i).map(
    (a) => `  ${(a.role === 'user' ? 'customer' : a.role).padEnd(9)}${a.phone}  ${a.name}`,
  ),
];

const HOUR = 3_600_000;

/**
 * The demo data (seed-catalog.ts, seed-showcase.ts): accounts, areas, categories, GST records,
 * products with a picture each (drawn by seed-images.ts, stored as uploads), announcements and orders
 * with GST snapshots. One password hash, one insert per table, in one transaction; then the demo shop's
 * packs, batches, price lists, schemes and loyalty (seed-features.ts).
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
    upi_id: a.upiId ?? null,
    commission_percentage: a.commission,
    // oldest first, so "newest first" lists look natural
    created_at: new Date(now - (30 - i) * 24 * HOUR),
    updated_at: new Date(now - (30 - i) * 24 * HOUR),
  }));

  const categories: Array<{ id: string; name: string; name_ta: string; created_at: Date }> = [];
  const subcategories: Array<{ id: string; category_id: string; name: string; name_ta: string; position: number }> = [];
  const subcategoryOf = new Map<string, { id: string; categoryId: string }>();
  CATEGORIES.forEach((c, i) => {
    const id = newId();
    categories.push({ id, name: c.name, name_ta: c.nameTa, created_at: new Date(now - (40 - i) * 24 * HOUR) });
    c.subcategories.forEach((name, position) => {
      const sid = newId();
      subcategories.push({ id: sid, category_id: id, name, name_ta: c.subcategoriesTa[position] ?? '', position });
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

  // a demo shop buys at 70 to 82 % of its selling price (to the 50 paise), so its margins and profit read like a real shop's
  const demoCostPaise = (shopPricePaise: number, i: number) =>
    shopPricePaise > 0 ? Math.max(50, Math.round((shopPricePaise * (70 + (i % 5) * 3)) / 100 / 50) * 50) : null;
  const productOf = new Map<
    string,
    {
      id: string;
      vendorId: string;
      shopPrice: number;
      discount: number;
      gst: { rate: number; hsn: string };
      image: string;
      unit: Unit;
      tamil: string;
      /** What one unit cost the shop (weighted average), for the sales' recorded cost and the profit report. */
      cost: number | null;
    }
  >();
  const uploads = new Map<
    string,
    { sha256: string; ext: 'png'; content_type: string; bytes: Buffer; size: number; uploader_id: string; created_at: Date; used_at: Date }
  >();
  const products = PRODUCTS.map((p, i) => {
    const id = newId();
    const sub = subcategoryOf.get(p.subcategory);
    const gst = gstOf.get(p.gst);
    if (!sub || !gst) throw new Error(`seed: unknown subcategory or GST on ${p.name}`);
    const vendorId = userIds.get(p.vendor)!;
    // the product's picture, stored as its vendor's upload (served at /api/uploads/<sha256>.png)
    const png = productPicture(p.name, p.subcategory);
    const sha256 = createHash('sha256').update(png).digest('hex');
    const at = new Date(now - 40 * 24 * HOUR);
    uploads.set(sha256, {
      sha256,
      ext: 'png',
      content_type: 'image/png',
      bytes: png,
      size: png.length,
      uploader_id: vendorId,
      created_at: at,
      used_at: at,
    });
    const image = `${UPLOAD_URL_PREFIX}${sha256}.png`;
    const unit = p.unit ?? DEFAULT_UNIT;
    const cost = demoCostPaise(toPaise(p.shopPrice), i);
    productOf.set(p.name, {
      id,
      vendorId,
      shopPrice: toPaise(p.shopPrice),
      discount: toPaise(p.discount),
      gst,
      image,
      unit,
      tamil: p.tamil,
      cost,
    });
    const created = new Date(now - (20 - (i % 20)) * 24 * HOUR - i * 60_000);
    return {
      id,
      vendor_id: vendorId,
      name: p.name,
      tamil: p.tamil,
      tamil_key: tamilSearchKey(p.tamil),
      description: p.description,
      price_paise: toPaise(p.price),
      shop_price_paise: toPaise(p.shopPrice),
      discount_paise: toPaise(p.discount),
      count_in_stock: p.stock,
      cost_price_paise: cost,
      unit,
      reorder_level: p.reorder,
      category_id: sub.categoryId,
      subcategory_id: sub.id,
      gst_id: gst.id,
      images: JSON.stringify([image]),
      created_at: created,
      updated_at: created,
    };
  });

  // Orders oldest first so that order numbers follow the dates; priced and taxed as checkout and
  // the counter do (core/order-rules). Invoices as the server gives them (core/invoice): a walk-in
  // sale is numbered at its sale time, a delivered order at its delivery, a pending one not yet.
  const shopCustomers = SHOP_CUSTOMERS.map((c) => ({
    id: newId(),
    key: c.key,
    vendor_id: userIds.get(c.vendor)!,
    name: c.name,
    phone: c.phone,
    gstin: c.gstin ?? null,
    address: c.address ?? null,
    state_code: c.stateCode ?? null,
    credit_limit_paise: c.creditLimit === undefined ? null : toPaise(c.creditLimit),
    credit_days: c.creditDays ?? null,
    opening_balance_paise: toPaise(c.openingBalance ?? 0),
    language: c.language,
    price_list_id: null,
    user_id: null,
    created_at: new Date(now - 60 * 24 * HOUR),
  }));
  const shopCustomerOf = new Map(shopCustomers.map((c) => [c.key, c]));
  const orders: Array<Insertable<OrdersTable>> = [];
  const lines: Array<Insertable<OrderLinesTable>> = [];
  const supplied: Array<{ orderId: string; vendorId: string; prefix: string; at: Date }> = [];
  for (const o of [...ORDERS].sort((a, b) => b.hoursAgo - a.hoursAgo)) {
    const orderId = newId();
    // a credit sale is a walk-in sale too: handed over, paid later (the khata)
    const regular = o.credit ? shopCustomerOf.get(o.credit) : undefined;
    if (o.credit && !regular) throw new Error(`seed: unknown shop customer ${o.credit}`);
    const shop = o.shop ?? (regular ? ('credit' as const) : undefined);
    const vendor = ACCOUNTS.find((a) => a.key === o.vendor)!;
    const account = shop ? vendor : ACCOUNTS.find((a) => a.key === o.customer)!;
    const shipping = account.addresses[o.address];
    const vendorId = userIds.get(o.vendor)!;
    if (!shop && vendor.deliveryAreas && !vendor.deliveryAreas.includes(shipping.area))
      throw new Error(`seed: ${o.vendor} does not deliver to ${shipping.area}`);
    const priced = o.lines.map(([name, quantity]) => {
      const p = productOf.get(name);
      if (!p) throw new Error(`seed: order names unknown product ${name}`);
      if (p.vendorId !== vendorId) throw new Error(`seed: ${name} is not sold by ${o.vendor}`);
      const unitDiscountPaise = cappedDiscountPaise(p.shopPrice, p.discount);
      return { productId: p.id, vendorId, quantity, unitPricePaise: p.shopPrice, unitDiscountPaise, name, p };
    });
    const [plan] = splitByVendor(priced, !shop);
    plan.lines.forEach((l, position) => {
      const total = plan.lineTotalsPaise[position];
      const delivery = plan.lineDeliveryDiscountsPaise[position];
      const tax = lineTax(total - delivery, l.p.gst.rate);
      lines.push({
        id: newId(),
        order_id: orderId,
        product_id: l.p.id,
        position,
        name: l.name,
        name_ta: l.p.tamil,
        image: l.p.image,
        quantity: l.quantity,
        unit: l.p.unit,
        unit_price_paise: l.unitPricePaise,
        unit_discount_paise: l.unitDiscountPaise,
        line_total_paise: total,
        delivery_discount_paise: delivery,
        gst_rate: l.p.gst.rate,
        hsn_code: l.p.gst.hsn,
        taxable_paise: tax.taxablePaise,
        cgst_paise: tax.cgstPaise,
        sgst_paise: tax.sgstPaise,
        igst_paise: tax.igstPaise,
        cost_paise: l.p.cost,
      });
    });
    const createdAt = new Date(now - o.hoursAgo * HOUR);
    // a walk-in sale is handed over at the counter; a delivered order was paid in cash to the rider
    const delivered = o.delivered || !!shop;
    const deliveredAt = delivered ? new Date(createdAt.getTime() + (shop ? 0 : 20 * HOUR)) : null;
    const status = delivered ? 'Delivered' : 'Pending';
    const paymentStatus = delivered && shop !== 'credit' ? 'Paid' : 'Pending';
    orders.push({
      id: orderId,
      customer_id: shop ? null : userIds.get(o.customer!)!,
      vendor_id: vendorId,
      created_by: shop ? vendorId : userIds.get(o.customer!)!,
      status,
      items_paise: plan.itemsPaise,
      discount_paise: plan.discountPaise,
      delivery_discount_paise: plan.deliveryDiscountPaise,
      shipping_address: JSON.stringify(shop ? { ...shipping, area: '' } : shipping),
      area: shop ? '' : shipping.area,
      payment_status: paymentStatus,
      payment_method: shop ?? (delivered ? 'cash' : null),
      is_shop: !!shop,
      shop_customer_id: regular?.id ?? null,
      buyer: regular ? JSON.stringify(buyerOf(regular)) : null,
      created_at: createdAt,
      delivered_at: deliveredAt,
    });
    if (invoicedAtSale({ status, paymentStatus })) {
      // handed over at the counter: numbered at the sale; a delivery order: at its delivery
      supplied.push({ orderId, vendorId, prefix: defaultInvoicePrefix(vendor.shopName), at: shop ? createdAt : deliveredAt! });
    }
  }
  // each vendor's numbers follow their invoice dates, from 1 in each financial year
  const invoices: Array<Insertable<InvoicesTable>> = [];
  const counters = new Map<string, number>();
  for (const inv of supplied.sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const fy = financialYear(inv.at);
    const seq = (counters.get(`${inv.vendorId}|${fy}`) ?? 0) + 1;
    counters.set(`${inv.vendorId}|${fy}`, seq);
    const series = invoiceSeries(inv.prefix, fy);
    invoices.push({
      vendor_id: inv.vendorId,
      fy,
      series,
      seq,
      number: invoiceNumber(series, seq),
      order_id: inv.orderId,
      status: 'issued',
      issued_at: inv.at,
    });
  }
  const invoiceCounters = [...counters].map(([key, last_seq]) => {
    const [vendor_id, fy] = key.split('|');
    return { vendor_id, fy, last_seq };
  });

  const announcements = ANNOUNCEMENTS.map((a) => ({ id: newId(), information: a.text, created_at: new Date(now - a.daysAgo * 24 * HOUR) }));

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('areas')
      .values(AREAS.map((name) => ({ id: newId(), name })))
      .execute();
    await trx.insertInto('users').values(users).execute();
    await trx
      .insertInto('shop_staff')
      .values(STAFF.map((m) => ({ user_id: userIds.get(m.key)!, shop_id: userIds.get(m.shop)!, name: m.name, role: m.role })))
      .execute();
    const pin = await makePinVerifier(DEMO_PIN);
    await trx
      .updateTable('users')
      .set({ pin_verifier: pin })
      .where(
        'id',
        'in',
        [...new Set(STAFF.flatMap((m) => [m.key, m.shop]))].map((k) => userIds.get(k)!),
      )
      .execute();
    const vendorAreas = ACCOUNTS.flatMap((a) => (a.deliveryAreas ?? []).map((area) => ({ vendor_id: userIds.get(a.key)!, area })));
    if (vendorAreas.length) await trx.insertInto('vendor_areas').values(vendorAreas).execute();
    await trx.insertInto('categories').values(categories).execute();
    await trx.insertInto('subcategories').values(subcategories).execute();
    await trx.insertInto('gsts').values(gsts).execute();
    await trx
      .insertInto('uploads')
      .values([...uploads.values()])
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    await trx.insertInto('products').values(products).execute();
    await trx.insertInto('announcements').values(announcements).execute();
    await trx
      .insertInto('shop_customers')
      .values(shopCustomers.map(({ key: _key, ...c }) => c))
      .execute();
    await trx.insertInto('orders').values(orders).execute();
    await trx.insertInto('order_lines').values(lines).execute();
    await trx.insertInto('invoice_counters').values(invoiceCounters).execute();
    await trx.insertInto('invoices').values(invoices).execute();
    if (SHOP_PAYMENTS.length) {
      await trx
        .insertInto('customer_payments')
        .values(
          SHOP_PAYMENTS.map((pay) => {
            const c = shopCustomerOf.get(pay.customer)!;
            return {
              id: newId(),
              vendor_id: c.vendor_id,
              customer_id: c.id,
              amount_paise: toPaise(pay.amount),
              method: pay.method,
              paid_at: new Date(now - pay.hoursAgo * HOUR),
              created_by: c.vendor_id,
            };
          }),
        )
        .execute();
    }
    // the sales the payments cover, oldest first, are Paid (as a payment at the counter leaves them)
    for (const c of shopCustomers) await settleSales(trx, c);
  });

  // packs, batches, price lists, schemes and loyalty, through the services that keep them (their own transactions)
  const murugan = ACCOUNTS.find((a) => a.key === 'murugan')!;
  await seedFeatures(db, now, {
    shop: { id: userIds.get('murugan')!, name: murugan.name, phone: murugan.phone },
    productId: (name) => productOf.get(name)!.id,
    categoryId: (name) => categories.find((c) => c.name === name)!.id,
    regularId: shopCustomerOf.get('selvi')!.id,
  });
}

/** The buyer a regular's bill names (core/place-of-supply.ts). */
const buyerOf = (c: { name: string; phone: string; gstin: string | null; address: string | null; state_code: string | null }): Buyer => ({
  name: c.name,
  phone: c.phone,
  gstin: c.gstin ?? '',
  address: c.address ?? '',
  stateCode: c.state_code ?? '',
});
