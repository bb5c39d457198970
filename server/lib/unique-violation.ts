import { coded, type PlainCode } from '../../core/coded';
import { HttpError } from './errors';

/** The 409 answer to a unique violation: the message's code, and the request field it is about where one is. */
interface UniqueViolationAnswer {
  code: PlainCode;
  field?: string;
}

/**
 * What each unique index or constraint of the migrations means to the user. The services check
 * first and give these messages in the common case; when two requests race past the check, the index
 * refuses the second write and the app's error handler answers from here, so the loser gets the same
 * 409 as a later request would. Primary keys of ids the server makes are left out (they cannot
 * collide); those a client chooses are in. Any index not listed answers the generic text.
 */
export const UNIQUE_ANSWERS: Readonly<Record<string, UniqueViolationAnswer>> = {
  // migration 010: a barcode is unique among one vendor's products
  products_vendor_barcode: { code: 'barcodeTaken', field: 'barcode' },
  // migration 047: a pack's barcode is unique among one vendor's packs (the service checks products' too)
  product_packs_vendor_barcode: { code: 'barcodeTaken', field: 'packs' },
  // migration 047: a pack name once per product, any case (the service answers packNameTaken first)
  product_packs_name: { code: 'alreadyExists', field: 'packs' },
  // migration 018: a SKU is unique among one vendor's products, ignoring case
  products_vendor_sku: { code: 'skuTaken', field: 'sku' },
  // the same answer the profile and phone-change checks give
  users_phone_key: { code: 'phoneTaken', field: 'phone' },
  // a shop sale's `_id` comes from the offline outbox
  orders_pkey: { code: 'orderIdTaken', field: '_id' },
  categories_name_ci: { code: 'alreadyExists', field: 'name' },
  subcategories_name_ci: { code: 'alreadyExists', field: 'subcategories' },
  areas_name_key: { code: 'alreadyExists', field: 'name' },
  vendor_areas_pkey: { code: 'alreadyExists', field: 'deliveryAreas' },
  // migration 019: a bill of a supplier is entered once while not cancelled (the service answers purchaseBillTaken first)
  purchases_supplier_bill: { code: 'alreadyExists', field: 'billNumber' },
  // written with ON CONFLICT (or by the server alone): listed so that none is unknown
  reviews_product_id_user_id_key: { code: 'alreadyExists' },
  idempotency_keys_pkey: { code: 'alreadyExists' },
  suppliers_vendor_name: { code: 'alreadyExists' },
  uploads_pkey: { code: 'alreadyExists' },
  sessions_token_hash_key: { code: 'alreadyExists' },
  orders_order_number_key: { code: 'alreadyExists' },
  invoices_order_id_key: { code: 'alreadyExists' },
  invoices_series_seq: { code: 'alreadyExists' },
  // migration 022: a till's number is taken once (the service answers tillNumberUsed first; two sales racing meet here)
  invoices_device_seq: { code: 'tillNumberUsed', field: 'invoiceNumber' },
  invoices_pkey: { code: 'tillNumberUsed', field: 'invoiceNumber' },
  devices_vendor_id_till_no_key: { code: 'alreadyExists' },
  device_counters_pkey: { code: 'alreadyExists' },
  // migration 020: a credit note's `_id` may come from the outbox; its number is taken under the counter's lock
  credit_notes_pkey: { code: 'alreadyExists', field: '_id' },
  credit_notes_vendor_id_fy_seq_key: { code: 'alreadyExists' },
  credit_notes_vendor_id_number_key: { code: 'alreadyExists' },
  // a shop's customers: one per phone (two counters adding the same regular at once); ids may come from the outbox
  shop_customers_vendor_phone: { code: 'alreadyExists', field: 'phone' },
  shop_customers_pkey: { code: 'alreadyExists', field: '_id' },
  customer_payments_pkey: { code: 'alreadyExists', field: '_id' },
  // a till's shift: one open at a time (two opens racing meet here); its id may come from the outbox
  shifts_one_open_per_till: { code: 'shiftAlreadyOpen', field: 'deviceId' },
  shifts_pkey: { code: 'shiftIdTaken', field: 'id' },
  // migration 034: a provider's payment is kept once per shop (written with ON CONFLICT: a repeated webhook changes nothing)
  upi_payments_pkey: { code: 'alreadyExists' },
  // migration 035: a statement's line is kept once per shop and UTR, one per sale (written with ON CONFLICT: an upload twice changes nothing)
  upi_statement_lines_pkey: { code: 'alreadyExists' },
  upi_statement_lines_order: { code: 'alreadyExists' },
  // migration 036: a display's token, pairing code and stream ticket are random; a code met again is drawn anew
  customer_displays_token_hash_key: { code: 'alreadyExists' },
  customer_displays_code: { code: 'alreadyExists' },
  customer_displays_ticket: { code: 'alreadyExists' },
  // migration 039: a category name once per shop, ignoring case; an expense's id may come from the device
  expense_categories_name: { code: 'expenseCategoryExists', field: 'name' },
  expenses_pkey: { code: 'expenseIdTaken', field: 'id' },
  // migration 041: a debit note's `_id` may come from the outbox; its number is taken under the shop's row lock
  debit_notes_pkey: { code: 'debitNoteIdTaken', field: '_id' },
  debit_notes_vendor_id_number_key: { code: 'alreadyExists' },
  // migration 042: a purchase order's number is taken under its counter's lock
  purchase_orders_number: { code: 'alreadyExists' },
  purchase_orders_seq: { code: 'alreadyExists' },
  // migration 048: a product's batch number once (purchases and the opening batch upsert it)
  product_batches_product_id_number_key: { code: 'alreadyExists' },
  // one device's push subscription is saved by an upsert; two saves at once may still meet here
  push_subscriptions_endpoint_key: { code: 'alreadyExists', field: 'endpoint' },
};

const UNIQUE_VIOLATION = '23505';
/** PostgreSQL's text for 23505, which names the index when the error object does not carry it. */
const DUPLICATE_KEY = /duplicate key value violates unique constraint "([^"]+)"/;

/**
 * The answer to a database error when it is a unique violation (node-postgres and PGlite both give
 * `code` and `constraint`; the message is read when `constraint` is missing), else undefined.
 */
export function uniqueViolation(err: unknown): { constraint: string | undefined; answer: HttpError } | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  const fromMessage = typeof e.message === 'string' ? DUPLICATE_KEY.exec(e.message)?.[1] : undefined;
  if (e.code !== UNIQUE_VIOLATION && !(e.code === undefined && fromMessage)) return undefined;
  const constraint = typeof e.constraint === 'string' && e.constraint ? e.constraint : fromMessage;
  const known = (constraint && Object.hasOwn(UNIQUE_ANSWERS, constraint) && UNIQUE_ANSWERS[constraint]) || { code: 'alreadyExists' };
  const answer = new HttpError(409, coded(known.code), known.field ? { field: known.field } : undefined);
  return { constraint, answer };
}
