import { sql } from 'kysely';
import type { PaymentProviderName } from '../../../core/schemas/payment';
import type { SalePaymentMethod } from '../../../core/payments';
import type { Db } from '../../db';
import { personName } from '../staff/staff-queries';

/**
 * The order joins and column lists, written once: every service that reads orders with their people,
 * their invoice or their lines' tax starts here, so a join or a column changes in this file alone.
 */

/**
 * Orders with the app customer (cu), the shop customer (sc), the vendor (ve) and the invoice (inv),
 * aliased as every order query names them. Joins a query does not read cost nothing: each is a left
 * join on a unique key, which PostgreSQL leaves out of the plan.
 */
export const ordersJoined = (db: Db) =>
  db
    .selectFrom('orders as o')
    .leftJoin('users as cu', 'cu.id', 'o.customer_id')
    .leftJoin('shop_customers as sc', 'sc.id', 'o.shop_customer_id')
    .leftJoin('users as ve', 've.id', 'o.vendor_id')
    .leftJoin('invoices as inv', 'inv.order_id', 'o.id');

/** Who made an order and who voided it, by the name their shop knows them by (a staff member's) or their account's. */
export const ORDER_BY_COLUMNS = [
  'o.created_by',
  personName('o.created_by').as('by_name'),
  'o.voided_by',
  personName('o.voided_by').as('voided_by_name'),
] as const;

/** The provider's payment that confirmed an order (migration 034), as ORDER_PAYMENT_COLUMNS reads it. */
export interface ProviderPaymentJson {
  provider: PaymentProviderName;
  paymentId: string;
  utr: string | null;
  payerVpa: string | null;
  amountPaise: number;
}

/**
 * How an order's UPI payment was confirmed: who signed for it by hand, and the first payment the provider
 * confirmed for it (upi_payments matched to it), as one JSON object or null.
 */
export const ORDER_PAYMENT_COLUMNS = [
  'o.payment_confirmed_by',
  personName('o.payment_confirmed_by').as('payment_confirmed_by_name'),
  sql<ProviderPaymentJson | null>`(SELECT json_build_object('provider', p.provider, 'paymentId', p.payment_id, 'utr', p.utr,
    'payerVpa', p.payer_vpa, 'amountPaise', p.amount_paise) FROM upi_payments p
    WHERE p.order_id = o.id AND p.matched = 'provider' ORDER BY p.received_at LIMIT 1)`.as('provider_payment'),
] as const;

/** A split sale's part as ORDER_PARTS_COLUMN reads it (order_payments, migration 037). */
export interface OrderPartJson {
  method: SalePaymentMethod;
  amountPaise: number;
}

/** A split sale's parts (cash, UPI, card, credit in that order) as one JSON array; null for any other order. */
export const ORDER_PARTS_COLUMN = sql<OrderPartJson[] | null>`(SELECT json_agg(json_build_object('method', p.method,
  'amountPaise', p.amount_paise) ORDER BY array_position(ARRAY['cash', 'upi', 'card', 'credit']::text[], p.method))
  FROM order_payments p WHERE p.order_id = o.id)`.as('payment_parts');

/** Whether the shop's payment provider confirmed the order's UPI payment: a payment it reported matched it. */
export const UPI_BY_PROVIDER = sql<boolean>`EXISTS (SELECT 1 FROM upi_payments p WHERE p.order_id = o.id AND p.matched = 'provider')`;

/**
 * What an order's UPI payment comes to, in paise (core/payments.ts upiPaise in SQL): the total of a UPI sale,
 * the UPI part of a split sale, null for any other.
 */
export const UPI_PAISE = sql<number | null>`(CASE o.payment_method WHEN 'upi' THEN o.items_paise - o.delivery_discount_paise
  WHEN 'split' THEN (SELECT p.amount_paise FROM order_payments p WHERE p.order_id = o.id AND p.method = 'upi') END)`;

/** Invoice lines: each order line (l) with its order (o) and the order's invoice (inv); a line of an order with no invoice yet is left out. */
export const invoicedLines = (db: Db) =>
  db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').innerJoin('invoices as inv', 'inv.order_id', 'o.id');

/** Credit notes (cn) with the order they reverse (o) and that order's invoice (inv), if it has one. */
export const creditNotesJoined = (db: Db) =>
  db.selectFrom('credit_notes as cn').innerJoin('orders as o', 'o.id', 'cn.order_id').leftJoin('invoices as inv', 'inv.order_id', 'o.id');

/**
 * Who an order is for: the app customer's name, email, phone and language, else the shop customer's name,
 * phone and language (a bill opens in the customer's language: core/bill-language.ts).
 */
export const ORDER_CUSTOMER_COLUMNS = [
  'cu.name as customer_name',
  'cu.email as customer_email',
  'cu.phone as customer_phone',
  'cu.language as customer_language',
  'sc.name as shop_customer_name',
  'sc.phone as shop_customer_phone',
  'sc.language as shop_customer_language',
] as const;

/** The tax of an invoice or credit note line (order_lines or credit_note_lines as l), as it was worked out at the sale. */
export const LINE_TAX_COLUMNS = ['l.gst_rate', 'l.hsn_code', 'l.taxable_paise', 'l.cgst_paise', 'l.sgst_paise', 'l.igst_paise'] as const;

/**
 * A line's quantity in the product's base unit, the unit stock and GST quantities are in: a pack line
 * counts packs (quantity) of `pack_factor` base units each (migration 047); a base line's factor is 1.
 * `quantity` names the quantity column (an order line's, a credit note line's or a purchase line's),
 * `factor` the pack factor column of the line sold or bought. Every reader that means stock, GST
 * quantities, sales velocity or cost per base unit reads this, never `quantity` alone.
 */
export const baseQuantitySql = (quantity = 'l.quantity', factor = 'l.pack_factor') =>
  sql<string>`(${sql.ref(quantity)} * coalesce(${sql.ref(factor)}, 1))`;
