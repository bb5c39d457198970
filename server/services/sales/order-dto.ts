import { type Kysely, sql } from 'kysely';
import { sentLater } from '../../../core/act-time';
import { billLanguage } from '../../../core/bill-language';
import { toRupees } from '../../../core/money';
import { isPaymentMethod, upiPaise } from '../../../core/payments';
import { unitOf } from '../../../core/units';
import type { OrderDto, OrderLineDto } from '../../../core/schemas/order';
import type { Address } from '../../../core/schemas/user';
import type { Database } from '../../db/types';
import type { OrderPaymentDto } from '../../../core/schemas/payment';
import {
  LINE_TAX_COLUMNS,
  ORDER_BY_COLUMNS,
  ORDER_CUSTOMER_COLUMNS,
  ORDER_PARTS_COLUMN,
  ORDER_PAYMENT_COLUMNS,
  ordersJoined,
} from './order-queries';

const iso = (d: Date | string | null | undefined) => (d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** `{ [key]: when it was received }` for an act that reached the server a minute or more after its time; else nothing. */
function received<K extends string>(key: K, at: Date | string | null, receivedAt: Date | string | null): { [k in K]?: string } {
  const later = sentLater(at, receivedAt);
  return later ? ({ [key]: later.toISOString() } as { [k in K]: string }) : {};
}

/** Orders with their customer and vendor in one query; aliases o (orders), cu (customer), sc (shop customer), ve (vendor). */
export function orderQuery(db: Kysely<Database>) {
  return ordersJoined(db).select([
    ...ORDER_CUSTOMER_COLUMNS,
    ...ORDER_BY_COLUMNS,
    ...ORDER_PAYMENT_COLUMNS,
    ORDER_PARTS_COLUMN,
    'o.id',
    'o.order_number',
    'o.customer_id',
    'o.vendor_id',
    'o.status',
    'o.items_paise',
    'o.discount_paise',
    'o.delivery_discount_paise',
    'o.shipping_address',
    'o.area',
    'o.payment_status',
    'o.payment_method',
    'o.is_shop',
    'o.created_at',
    'o.delivered_at',
    'o.received_at',
    'o.delivered_received_at',
    'o.voided_at',
    'o.void_reason',
    'o.shop_customer_id',
    'o.buyer',
    'o.place_of_supply',
    've.name as vendor_name',
    've.shop_name as vendor_shop_name',
    've.gst_number as vendor_gst_number',
    've.addresses as vendor_addresses',
    've.upi_id as vendor_upi_id',
    'inv.number as invoice_number',
    'inv.issued_at as invoice_issued_at',
    'o.eway_bill_no',
    'o.eway_bill_at',
    'o.irn',
    'o.irn_ack_no',
    'o.irn_ack_at',
    'o.signed_qr',
    'o.points_redeemed',
    'o.points_earned',
  ]);
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

/** A line's batches (migration 048), earliest expiry first; null when it took none (a product not kept in batches). */
export interface LineBatchRow {
  number: string;
  expiry: string | null;
  quantity: string | number;
}
const lineBatchesSql = sql<LineBatchRow[] | null>`(SELECT jsonb_agg(jsonb_build_object('number', pb.number,
    'expiry', to_char(pb.expiry, 'YYYY-MM-DD'), 'quantity', olb.quantity) ORDER BY pb.expiry NULLS LAST, pb.number)
  FROM order_line_batches olb JOIN product_batches pb ON pb.id = olb.batch_id WHERE olb.order_line_id = l.id)`;

/** The batches each of these order lines took (a sale's answer, built from what was written). */
export async function lineBatches(db: Kysely<Database>, lineIds: readonly string[]): Promise<Map<string, LineBatchRow[]>> {
  const rows = await db
    .selectFrom('order_line_batches as olb')
    .innerJoin('product_batches as pb', 'pb.id', 'olb.batch_id')
    .select(['olb.order_line_id', 'pb.number', sql<string | null>`to_char(pb.expiry, 'YYYY-MM-DD')`.as('expiry'), 'olb.quantity'])
    .where('olb.order_line_id', 'in', lineIds as string[])
    .orderBy(sql`pb.expiry NULLS LAST`)
    .orderBy('pb.number')
    .execute();
  const by = new Map<string, LineBatchRow[]>();
  for (const r of rows)
    by.set(r.order_line_id, [...(by.get(r.order_line_id) ?? []), { number: r.number, expiry: r.expiry, quantity: r.quantity }]);
  return by;
}

function lineQuery(db: Kysely<Database>, orderIds: readonly string[]) {
  return db
    .selectFrom('order_lines as l')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.order_id',
      'l.product_id',
      'l.position',
      'l.name',
      'l.name_ta',
      'l.image',
      'l.quantity',
      'l.unit',
      'l.unit_price_paise',
      'l.unit_discount_paise',
      'l.line_total_paise',
      'l.delivery_discount_paise',
      'l.points_discount_paise',
      'l.price_list_name',
      'l.scheme_name',
      'l.scheme_discount_paise',
      'l.pack_name',
      'l.pack_factor',
      ...LINE_TAX_COLUMNS,
      'p.images as product_images',
      lineBatchesSql.as('batches'),
    ])
    .where('l.order_id', 'in', orderIds as string[])
    .orderBy('l.order_id')
    .orderBy('l.position');
}
export type OrderLineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['executeTakeFirstOrThrow']>>;

export function toOrderLineDto(l: OrderLineRow): OrderLineDto {
  const image = l.image ?? '';
  const images = Array.isArray(l.product_images) && l.product_images.length ? l.product_images : image ? [image] : [];
  return {
    productId: { _id: l.product_id, name: l.name, image: image || images[0] || '', images },
    name: l.name,
    nameTa: l.name_ta,
    image,
    quantity: Number(l.quantity),
    unit: unitOf(l.unit),
    // a pack line: quantity and price are per pack of `packFactor` units (migration 047)
    ...(l.pack_name && l.pack_factor !== null ? { packName: l.pack_name, packFactor: Number(l.pack_factor) } : {}),
    price: toRupees(l.unit_price_paise),
    discount: toRupees(l.unit_discount_paise),
    lineTotal: toRupees(l.line_total_paise),
    deliveryDiscount: toRupees(l.delivery_discount_paise),
    gstRate: Number(l.gst_rate) || 0,
    hsnCode: l.hsn_code,
    taxable: toRupees(l.taxable_paise),
    cgst: toRupees(l.cgst_paise),
    sgst: toRupees(l.sgst_paise),
    igst: toRupees(l.igst_paise),
    ...(Number(l.points_discount_paise) ? { pointsDiscount: toRupees(Number(l.points_discount_paise)) } : {}),
    // the price list and the scheme that priced the line (core/pricing.ts), for the bill
    ...(l.price_list_name ? { priceListName: l.price_list_name } : {}),
    ...(l.scheme_name ? { schemeName: l.scheme_name, schemeDiscount: toRupees(Number(l.scheme_discount_paise)) } : {}),
    // the batches it took, for the bill (a medicine's batch and expiry are printed on it)
    ...(l.batches?.length ? { batches: l.batches.map((b) => ({ number: b.number, expiry: b.expiry, quantity: Number(b.quantity) })) } : {}),
  };
}

/** The shop's address on its bills: the vendor's first saved address on one line. */
export function shopAddress(addresses: Partial<Address>[] | null | undefined): string {
  const a = Array.isArray(addresses) ? addresses[0] : undefined;
  if (!a) return '';
  return [a.address, a.city, a.pincode]
    .map((v) => (v ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * Who an order is for: the app account that placed it, else the shop customer the sale was made to
 * (as saved now; the bill keeps the buyer as at the sale); null for a walk-in sale.
 */
function customerOf(o: OrderRow): OrderDto['customer'] {
  if (o.customer_id) return { name: o.customer_name ?? '', phone: o.customer_phone ?? '' };
  const name = o.shop_customer_name ?? o.buyer?.name;
  return name ? { name, phone: o.shop_customer_phone ?? o.buyer?.phone ?? '' } : null;
}

/** An order's payment as the rules of core/payments.ts read it. */
const saleOf = (o: OrderRow) => ({
  paymentStatus: o.payment_status,
  paymentMethod: o.payment_method,
  totalPaise: Number(o.items_paise) - Number(o.delivery_discount_paise),
  parts: (o.payment_parts ?? []).map((p) => ({ method: p.method, amountPaise: Number(p.amountPaise) })),
});

/**
 * How its UPI payment was confirmed: the provider's payment (with who signed for it by hand first, when
 * someone did), or a confirmation by hand alone; null when neither was recorded.
 */
function paymentOf(o: OrderRow): OrderPaymentDto | null {
  const p = o.provider_payment;
  if (!p && !o.payment_confirmed_by) return null;
  return {
    provider: p?.provider ?? null,
    paymentId: p?.paymentId ?? null,
    utr: p?.utr ?? null,
    payerVpa: p?.payerVpa ?? null,
    amount: toRupees(p ? Number(p.amountPaise) : upiPaise(saleOf(o))),
    confirmedBy: o.payment_confirmed_by ? { _id: o.payment_confirmed_by, name: o.payment_confirmed_by_name ?? '' } : 'provider',
  };
}

export function toOrderDto(o: OrderRow, lines: OrderLineRow[]): OrderDto {
  const products = lines.map(toOrderLineDto);
  return {
    _id: o.id,
    orderNumber: o.order_number,
    // no invoice row: a pending order numbered at delivery (core/invoice)
    invoiceNumber: o.invoice_number ?? null,
    invoiceDate: iso(o.invoice_issued_at),
    customerId: o.customer_id
      ? { _id: o.customer_id, name: o.customer_name ?? '', email: o.customer_email ?? '', phone: o.customer_phone ?? '' }
      : null,
    customer: customerOf(o),
    vendorId: {
      _id: o.vendor_id,
      name: o.vendor_name ?? '',
      shopName: o.vendor_shop_name ?? '',
      gstNumber: o.vendor_gst_number ?? '',
      address: shopAddress(o.vendor_addresses),
      upiId: o.vendor_upi_id ?? '',
    },
    createdBy: o.created_by,
    by: o.created_by ? { _id: o.created_by, name: o.by_name ?? '' } : null,
    status: o.status,
    products,
    productDetails: products.map((p) => p.name),
    totalAmount: toRupees(o.items_paise),
    totalDiscount: toRupees(o.discount_paise),
    totalDeliveryDiscount: toRupees(o.delivery_discount_paise),
    totalPayable: toRupees(o.items_paise - o.delivery_discount_paise),
    ...(o.points_redeemed ? { pointsRedeemed: o.points_redeemed } : {}),
    ...(o.points_earned ? { pointsEarned: o.points_earned } : {}),
    shippingAddress: o.shipping_address ?? {},
    area: o.area,
    paymentStatus: o.payment_status,
    paymentMethod:
      isPaymentMethod(o.payment_method) || o.payment_method === 'credit' || o.payment_method === 'split' ? o.payment_method : null,
    payments:
      o.payment_method === 'split'
        ? (o.payment_parts ?? []).map((p) => ({ method: p.method, amount: toRupees(Number(p.amountPaise)) }))
        : null,
    shopCustomerId: o.shop_customer_id,
    buyer: o.buyer ?? null,
    placeOfSupply: o.place_of_supply,
    billLanguage: billLanguage({ customerLanguage: o.customer_language, shopCustomerLanguage: o.shop_customer_language, buyer: o.buyer }),
    isShop: o.is_shop,
    createdAt: iso(o.created_at)!,
    deliveredAt: iso(o.delivered_at),
    // recorded offline: when each act reached the server, shown beside its own time
    ...received('receivedAt', o.created_at, o.received_at),
    ...received('deliveredReceivedAt', o.delivered_at, o.delivered_received_at),
    voidedAt: iso(o.voided_at),
    voidReason: o.void_reason,
    voidedBy: o.voided_by ? { _id: o.voided_by, name: o.voided_by_name ?? '' } : null,
    payment: paymentOf(o),
    ewayBill: o.eway_bill_no ? { number: o.eway_bill_no, at: iso(o.eway_bill_at)! } : null,
    einvoice: einvoiceOf(o),
  };
}

/** The e-invoice entered back for an order or a credit note (core/einvoice.ts); null: none. */
export function einvoiceOf(r: {
  irn: string | null;
  irn_ack_no: string | null;
  irn_ack_at: Date | string | null;
  signed_qr: string | null;
}): OrderDto['einvoice'] {
  return r.irn ? { irn: r.irn, ackNo: r.irn_ack_no ?? '', at: iso(r.irn_ack_at)!, signedQr: r.signed_qr ?? '' } : null;
}

/**
 * Loads orders by id with their parties and lines in two queries (no N+1), returned in the
 * order of `ids` (missing ids are skipped). Vendor/delivery lists: select the page of ids with
 * your own filters and ordering, then call this.
 */
export async function loadOrders(db: Kysely<Database>, ids: readonly string[]): Promise<OrderDto[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [orders, lines] = await Promise.all([orderQuery(db).where('o.id', 'in', unique).execute(), lineQuery(db, unique).execute()]);
  const linesByOrder = new Map<string, OrderLineRow[]>();
  for (const l of lines) {
    const list = linesByOrder.get(l.order_id);
    if (list) list.push(l);
    else linesByOrder.set(l.order_id, [l]);
  }
  const byId = new Map(orders.map((o) => [o.id, o]));
  return unique.flatMap((id) => {
    const o = byId.get(id);
    return o ? [toOrderDto(o, linesByOrder.get(id) ?? [])] : [];
  });
}
