import { sql } from 'kysely';
import type { MismatchReason, PaymentProviderName } from '../../../core/schemas/payment';
import type { Db } from '../../db';
import { UPI_PAISE } from '../sales/order-queries';
import { personName } from '../staff/staff-queries';
import type { ProviderPayment, ProviderQr } from './payment-provider';

/** The database side of the payment providers (server/services/payments): every query in one place. */

/** A shop's provider settings row (secrets still sealed). */
export const settingsOf = (db: Db, shopId: string) =>
  db.selectFrom('payment_settings').selectAll().where('shop_id', '=', shopId).executeTakeFirst();

/** Every shop's settings with a provider: the candidates that may have signed a webhook. */
export const settingsWith = (db: Db, provider: PaymentProviderName) =>
  db.selectFrom('payment_settings').selectAll().where('provider', '=', provider).orderBy('shop_id').execute();

export interface SettingsRow {
  shopId: string;
  provider: PaymentProviderName;
  keyId: string;
  keySecretEnc: string;
  webhookSecretEnc: string;
  updatedBy: string;
}

export async function saveSettings(db: Db, s: SettingsRow): Promise<void> {
  const values = {
    provider: s.provider,
    key_id: s.keyId,
    key_secret_enc: s.keySecretEnc,
    webhook_secret_enc: s.webhookSecretEnc,
    updated_by: s.updatedBy,
    updated_at: new Date(),
  };
  await db
    .insertInto('payment_settings')
    .values({ shop_id: s.shopId, ...values })
    .onConflict((oc) => oc.column('shop_id').doUpdateSet(values))
    .execute();
}

export const removeSettings = (db: Db, shopId: string) => db.deleteFrom('payment_settings').where('shop_id', '=', shopId).execute();

/** Which of these shops have a provider (a UPI sale there waits for its confirmation). */
export async function shopsWithProvider(db: Pick<Db, 'selectFrom'>, shopIds: readonly string[]): Promise<Set<string>> {
  if (!shopIds.length) return new Set();
  const rows = await db
    .selectFrom('payment_settings')
    .select('shop_id')
    .where('shop_id', 'in', [...shopIds])
    .execute();
  return new Set(rows.map((r) => r.shop_id));
}

/** The shops whose products these are. */
export async function vendorsOfProducts(db: Pick<Db, 'selectFrom'>, productIds: readonly string[]): Promise<string[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('products')
    .select('vendor_id')
    .distinct()
    .where('id', 'in', [...productIds])
    .execute();
  return rows.map((r) => r.vendor_id);
}

/**
 * A sale as its payment needs it: its shop, state, bill reference and what its UPI payment comes to
 * (`upi_paise`: the total of a UPI sale, a split sale's UPI part, null for any other); `lock` in a transaction.
 */
export function saleOf(db: Db, orderId: string, lock = false) {
  let q = db
    .selectFrom('orders as o')
    .innerJoin('users as ve', 've.id', 'o.vendor_id')
    .leftJoin('invoices as inv', 'inv.order_id', 'o.id')
    .select([
      'o.id',
      'o.vendor_id',
      'o.customer_id',
      'o.order_number',
      'o.payment_status',
      'o.payment_method',
      'o.voided_at',
      'o.created_at',
      UPI_PAISE.as('upi_paise'),
      've.shop_name',
      've.name as vendor_name',
      'inv.number as invoice_number',
    ])
    .where('o.id', '=', orderId);
  if (lock) q = q.forUpdate('o');
  return q.executeTakeFirst();
}

/** The sale's QRs, newest first (a payment may come to one that closed after another was made). */
export const qrsOf = (db: Db, orderId: string) =>
  db.selectFrom('upi_qrs').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').execute();

export async function insertQr(db: Db, q: ProviderQr & { provider: PaymentProviderName; shopId: string; orderId: string; by: string }) {
  await db
    .insertInto('upi_qrs')
    .values({
      id: q.qrId,
      provider: q.provider,
      shop_id: q.shopId,
      order_id: q.orderId,
      amount_paise: q.amountPaise,
      upi_uri: q.upiUri,
      image_url: q.imageUrl,
      close_by: q.closeBy,
      created_by: q.by,
    })
    .execute();
}

/** The shop a QR was made for, whoever asks (only to know whose webhook secret to try first). */
export async function shopOfQr(db: Db, qrId: string): Promise<string | undefined> {
  return (await db.selectFrom('upi_qrs').select('shop_id').where('id', '=', qrId).executeTakeFirst())?.shop_id;
}

/** A shop's QR by the provider's id, locked for the payment's transaction; another shop's is not found. */
export const shopQr = (db: Db, shopId: string, qrId: string) =>
  db.selectFrom('upi_qrs').selectAll().where('id', '=', qrId).where('shop_id', '=', shopId).forUpdate().executeTakeFirst();

export const paymentKnown = (db: Db, shopId: string, paymentId: string) =>
  db.selectFrom('upi_payments').select('payment_id').where('shop_id', '=', shopId).where('payment_id', '=', paymentId).executeTakeFirst();

/** Whether the provider already confirmed another payment for the sale. */
export const providerPaid = (db: Db, orderId: string) =>
  db.selectFrom('upi_payments').select('payment_id').where('order_id', '=', orderId).where('matched', '=', 'provider').executeTakeFirst();

export interface PaymentRow {
  shopId: string;
  provider: PaymentProviderName;
  qrId: string;
  orderId: string | null;
  payment: ProviderPayment;
  mismatch: MismatchReason | null;
}

/** Keeps a payment once per shop and payment id; false when it was already kept (a repeated webhook). */
export async function insertPayment(db: Db, r: PaymentRow): Promise<boolean> {
  const kept = await db
    .insertInto('upi_payments')
    .values({
      shop_id: r.shopId,
      payment_id: r.payment.paymentId,
      provider: r.provider,
      qr_id: r.qrId,
      order_id: r.orderId,
      amount_paise: r.payment.amountPaise,
      utr: r.payment.utr,
      payer_vpa: r.payment.payerVpa,
      status: r.payment.status,
      matched: r.mismatch ? 'mismatched' : 'provider',
      mismatch: r.mismatch,
      paid_at: r.payment.paidAt,
      raw: JSON.stringify(r.payment.raw ?? null),
    })
    .onConflict((oc) => oc.columns(['shop_id', 'payment_id']).doNothing())
    .returning('payment_id')
    .executeTakeFirst();
  return !!kept;
}

export const markQrPaid = (db: Db, qrId: string) => db.updateTable('upi_qrs').set({ status: 'paid' }).where('id', '=', qrId).execute();

/** A UPI sale waiting for its payment becomes Paid (the orders trigger sends its `payment` event). */
export const markSalePaid = (db: Db, orderId: string) =>
  db.updateTable('orders').set({ payment_status: 'Paid' }).where('id', '=', orderId).where('payment_status', '!=', 'Paid').execute();

/** A UPI sale confirmed by hand: Paid, with who signed for it and when. */
export const markSalePaidByHand = (db: Db, orderId: string, by: string, at: Date) =>
  db
    .updateTable('orders')
    .set({ payment_status: 'Paid', payment_confirmed_by: by, payment_confirmed_at: at })
    .where('id', '=', orderId)
    .execute();

/**
 * A shop's UPI sales of a time range (not voided, split sales with a UPI part among them) with how each was confirmed: the provider's payment that
 * matched it (the first), and who confirmed it by hand (else who made it: a sale paid by UPI at the till).
 */
export const upiSalesBetween = (db: Db, shopId: string, from: Date, to: Date) =>
  db
    .selectFrom('orders as o')
    .leftJoin('invoices as inv', 'inv.order_id', 'o.id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('upi_payments as p')
          .select(['p.payment_id', 'p.utr', 'p.payer_vpa'])
          .whereRef('p.order_id', '=', 'o.id')
          .where('p.matched', '=', 'provider')
          .orderBy('p.received_at')
          .limit(1)
          .as('pp'),
      (join) => join.onTrue(),
    )
    // the settlement statement's line that matched it (one a sale at most)
    .leftJoin('upi_statement_lines as sl', 'sl.order_id', 'o.id')
    .select([
      'o.id',
      'o.created_at',
      'o.payment_status',
      'o.payment_confirmed_by',
      personName('o.payment_confirmed_by').as('confirmed_by_name'),
      'o.created_by',
      personName('o.created_by').as('created_by_name'),
      // what its UPI payment comes to: the total of a UPI sale, the UPI part of a split sale
      sql<number>`${UPI_PAISE}`.as('total_paise'),
      'inv.number as invoice_number',
      'pp.payment_id',
      'pp.utr',
      'pp.payer_vpa',
      'sl.utr as statement_utr',
    ])
    .where('o.vendor_id', '=', shopId)
    .where(UPI_PAISE, 'is not', null)
    .where('o.voided_at', 'is', null)
    .where('o.created_at', '>=', from)
    .where('o.created_at', '<', to)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();

/** A shop's mismatched payments made in a time range, with the sale of their QR where there is one. */
export const mismatchesBetween = (db: Db, shopId: string, from: Date, to: Date) =>
  db
    .selectFrom('upi_payments as p')
    .leftJoin('invoices as inv', 'inv.order_id', 'p.order_id')
    .select([
      'p.payment_id',
      'p.order_id',
      'p.amount_paise',
      'p.utr',
      'p.payer_vpa',
      'p.mismatch',
      'p.paid_at',
      'inv.number as invoice_number',
    ])
    .where('p.shop_id', '=', shopId)
    .where('p.matched', '=', 'mismatched')
    .where('p.paid_at', '>=', from)
    .where('p.paid_at', '<', to)
    .orderBy('p.paid_at')
    .orderBy('p.payment_id')
    .execute();
