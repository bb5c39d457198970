import type { OrderStatus } from '../../core/order-statuses';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Address, Language } from '../../core/schemas/user';
import type { AccountRole, StaffRole } from '../../core/roles';
import type { OrderPaymentMethod, PaymentMethod, RefundMethod, SalePaymentMethod } from '../../core/payments';
import type { Unit } from '../../core/units';
import type { AdjustmentReason, StockKind } from '../../core/stock';
import type { Buyer } from '../../core/place-of-supply';
import type { MismatchReason, PaymentProviderName } from '../../core/schemas/payment';
import type { ScaleLayout } from '../../core/scale-barcode';
import type { DisplayBill } from '../../core/schemas/display';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
/** bigint paise, read as a number on both databases (server/db/index.ts); the largest order is ~10^14, far below 2^53. */
type BigPaise = number;
/** numeric(12,3) quantities (stock, line quantities in the product's unit): read as text ("1.250"), written as numbers. */
type Quantity = ColumnType<string, number | string, number | string>;
type UnitColumn = ColumnType<Unit, Unit | undefined, Unit>;

export interface UsersTable {
  id: string;
  name: string;
  email: string | null;
  phone: string;
  role: AccountRole;
  password_hash: string;
  addresses: Json<Address[]>;
  gst_number: string | null;
  shop_name: string | null;
  commission_percentage: ColumnType<string, number | string | undefined, number | string>;
  vendor_active: Generated<boolean>;
  /** The vendor's invoice prefix; null: the shop name's initials (migration 008). */
  invoice_prefix: ColumnType<string | null, string | null | undefined, string | null>;
  /** The UPI ID the vendor is paid to (name@handle); null: none (migration 010). */
  upi_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The interface language, 'en' or 'ta' (migration 011). */
  language: Generated<Language>;
  /** The till PIN's verifier, "pbkdf2-sha256$<iterations>$<salt>$<hash>" (migration 030, core/pin.ts); null: no PIN set. */
  pin_verifier: ColumnType<string | null, string | null | undefined, string | null>;
  /** A shop owner's approval limits (migration 030, core/schemas/staff.ts); null: the defaults. */
  approval_limits: ColumnType<ApprovalLimitsRow | null, string | null | undefined, string | null>;
  /** A shop owner's scale label layout (migration 033, core/scale-barcode.ts); null: the default layout. */
  scale_barcode: ColumnType<ScaleLayout | null, string | null | undefined, string | null>;
  /** The shop said its turnover passed ₹5 crore: its B2B bills are e-invoices (migration 045, core/einvoice.ts). */
  turnover_above_5_crore: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A shop owner's approval limits as stored: a discount over this percentage, a return over this amount (paise). */
export interface ApprovalLimitsRow {
  discountPercent: number;
  returnPaise: number;
}

/** A person's place in a shop's staff (migration 030). */
export interface ShopStaffTable {
  user_id: string;
  shop_id: string;
  name: string;
  role: StaffRole;
  added_by: string | null;
  created_at: Timestamp;
}

/** Wrong PINs of a person at a place: a till's id, or 'approvals' (migration 030). */
export interface PinFailuresTable {
  user_id: string;
  place: string;
  failures: Generated<number>;
  locked_until: Timestamp | null;
}

/** An approval or a change by hand in a shop (migration 030). */
export interface ShopAuditTable {
  id: string;
  shop_id: string;
  at: Timestamp;
  kind: string;
  asked_by: string | null;
  approved_by: string | null;
  reason: string | null;
  ref: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** The till the session was opened on by a PIN switch (migration 030); null: a sign-in. */
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AreasTable {
  id: string;
  name: string;
}

export interface CategoriesTable {
  id: string;
  name: string;
  /** The Tamil name, '' when none (migration 017). */
  name_ta: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface SubcategoriesTable {
  id: string;
  category_id: string;
  name: string;
  /** The Tamil name, '' when none (migration 017). */
  name_ta: ColumnType<string, string | undefined, string>;
  position: number;
}

export interface GstsTable {
  id: string;
  name: string;
  rate: ColumnType<string, number | string, number | string>;
  hsn_code: string;
  cgst: ColumnType<string, number | string, number | string>;
  sgst: ColumnType<string, number | string, number | string>;
  igst: ColumnType<string, number | string, number | string>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
}

export interface ProductsTable {
  id: string;
  vendor_id: string;
  name: string;
  tamil: string;
  description: string;
  price_paise: number;
  shop_price_paise: number;
  /** Given away: shop_price_paise is then 0 (migration 014). */
  is_free: Generated<boolean>;
  discount_paise: Generated<number>;
  /** In `unit`, up to 3 decimals (migration 008). */
  count_in_stock: Quantity;
  unit: UnitColumn;
  reorder_level: number;
  category_id: string;
  subcategory_id: string;
  gst_id: string | null;
  images: Json<string[]>;
  is_active: Generated<boolean>;
  rating: ColumnType<string, number | string | undefined, number | string>;
  num_reviews: Generated<number>;
  /** EAN-13, EAN-8, UPC-A or the shop's own code, unique per vendor; null: none (migration 010). */
  barcode: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The phonetic key of the Tamil name (core/transliterate.ts), set by every writer (migration 009). */
  tamil_key: Generated<string>;
  /** The matched fields lower-cased in one string; set by a trigger (migration 007). */
  search_text: Generated<string>;
  /** The matched fields' words ('simple' tsvector); set by a trigger (migration 007). */
  search_words: Generated<string>;
  /** The names' words and the Tamil key's ('simple' tsvector, A and B); set by the trigger (migration 009). */
  name_words: Generated<string>;
  /** The vendor's own code, unique per vendor ignoring case; null: none (migration 018). */
  sku: ColumnType<string | null, string | null | undefined, string | null>;
  /** Cost per unit in paise: the weighted average of what was received; null until known (migration 018). */
  cost_price_paise: ColumnType<number | null, number | null | undefined, number | null>;
  /** The transaction that last changed what a search matches or sorts by; set by a trigger (migration 027). */
  search_xid: ColumnType<string | null, never, never>;
  /** The stock is kept in batches with an expiry (migration 048): their quantities sum to count_in_stock. */
  tracks_batches: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A deleted product's id, for the API processes' search indexes (migration 027). */
export interface ProductsRemovedTable {
  id: string;
  removed_xid: Generated<string>;
  removed_at: Timestamp;
}

/** One change of a product's stock, written by the trigger of migration 018 (server/services/stock/stock-context.ts). */
export interface StockMovementsTable {
  /** bigserial (read as a number): the ledger's order. */
  id: Generated<number>;
  product_id: string;
  at: Generated<Date>;
  kind: StockKind;
  /** Signed, in the product's unit. */
  quantity: Quantity;
  /** The stock after this movement. */
  balance: Quantity;
  ref: string | null;
  reason: AdjustmentReason | null;
  note: string | null;
  by_user: string | null;
  /** The batches the movement took or filled, [{ id, number, quantity }] signed like it (migration 048); null: none. */
  batches: ColumnType<BatchMove[] | null, never, never>;
}

/** One batch of a movement (stock_movements.batches). */
export interface BatchMove {
  id: string;
  number: string;
  quantity: number | string;
}

/** A batch of a product that tracks batches (migration 048); its quantity is moved by the ledger's trigger only. */
export interface ProductBatchesTable {
  id: Generated<string>;
  product_id: string;
  vendor_id: string;
  number: string;
  /** An India-time day: select it as to_char(expiry, 'YYYY-MM-DD'); null: the opening batch, no expiry. */
  expiry: ColumnType<string | null, string | null | undefined, string | null>;
  mrp_paise: ColumnType<BigPaise | null, number | null | undefined, number | null>;
  cost_paise: ColumnType<BigPaise | null, number | null | undefined, number | null>;
  quantity: ColumnType<string, never, never>;
  created_at: Generated<Date>;
}

/** Which batches an order line took, and how much of it came back (migration 048; written by triggers). */
export interface OrderLineBatchesTable {
  order_line_id: string;
  batch_id: string;
  quantity: Quantity;
  returned: Quantity;
}

export interface SuppliersTable {
  id: string;
  vendor_id: string;
  name: string;
  phone: string | null;
  gstin: string | null;
  created_at: Generated<Date>;
  /** Days after a bill's date it falls due (migration 040). */
  credit_days: Generated<number>;
}

/** Money paid to a supplier (migration 040); the id is the client's. */
export interface SupplierPaymentsTable {
  id: string;
  vendor_id: string;
  supplier_id: string;
  amount_paise: BigPaise;
  method: 'cash' | 'upi' | 'card' | 'bank';
  note: string | null;
  paid_at: Generated<Date>;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** What of a supplier payment settled one bill (migration 040). */
export interface SupplierPaymentAllocationsTable {
  payment_id: string;
  purchase_id: string;
  amount_paise: BigPaise;
}

/** A bill received from a supplier (migration 019); money in paise. */
export interface PurchasesTable {
  id: string;
  vendor_id: string;
  supplier_id: string;
  bill_number: string;
  /** A date: select it as to_char(bill_date, 'YYYY-MM-DD') (the drivers read a date as a local Date). */
  bill_date: ColumnType<string, string, string>;
  inter_state: Generated<boolean>;
  taxable_paise: BigPaise;
  cgst_paise: BigPaise;
  sgst_paise: BigPaise;
  igst_paise: BigPaise;
  total_paise: BigPaise;
  created_at: Generated<Date>;
  created_by: string | null;
  cancelled_at: Timestamp | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  /** The purchase order the bill received goods against (migration 042); null for any other bill. */
  purchase_order_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The last number of a shop's purchase order series per financial year (migration 042). */
export interface PurchaseOrderCountersTable {
  vendor_id: string;
  fy: string;
  last_seq: number;
}

/** What a shop asks a supplier for (migration 042), numbered PREFIX-PO/26/000001; closed by hand when the rest will not come. */
export interface PurchaseOrdersTable {
  id: string;
  vendor_id: string;
  supplier_id: string;
  fy: string;
  seq: number;
  number: string;
  created_at: Generated<Date>;
  created_by: string | null;
  closed_at: Timestamp | null;
  closed_by: string | null;
  close_reason: string | null;
}

/** An ordered product and quantity, in its unit (migration 042). */
export interface PurchaseOrderLinesTable {
  purchase_order_id: string;
  position: number;
  product_id: string | null;
  name: string;
  unit: Unit;
  quantity: Quantity;
}

export interface PurchaseLinesTable {
  purchase_id: string;
  position: number;
  product_id: string | null;
  name: string;
  unit: Unit;
  quantity: Quantity;
  unit_cost_paise: BigPaise;
  /** numeric(5,2): read as text. */
  gst_rate: ColumnType<string, number | string, number | string>;
  taxable_paise: BigPaise;
  cgst_paise: BigPaise;
  sgst_paise: BigPaise;
  igst_paise: BigPaise;
  line_total_paise: BigPaise;
  /** The batch the line received into (migration 048); null: the product tracks no batches. */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The pack the line was bought in (quantity and unit cost are per pack), its factor in base units; null: base unit (migration 047). */
  pack_name: ColumnType<string | null, string | null | undefined, string | null>;
  pack_factor: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A product's pack: `factor` base units, an optional barcode and own price (migration 047). */
export interface ProductPacksTable {
  id: string;
  product_id: string;
  vendor_id: string;
  name: string;
  /** numeric(12,3): read as text. */
  factor: ColumnType<string, string, string>;
  barcode: string | null;
  price_paise: ColumnType<number | null, number | null, number | null>;
  position: number;
}

/** Goods returned to a supplier against a bill (migration 041); money in paise, numbered per shop and year. */
export interface DebitNotesTable {
  id: string;
  vendor_id: string;
  purchase_id: string;
  supplier_id: string;
  number: string;
  /** A date: select it as to_char(note_date, 'YYYY-MM-DD'). */
  note_date: ColumnType<string, string, string>;
  inter_state: boolean;
  reason: string | null;
  taxable_paise: BigPaise;
  cgst_paise: BigPaise;
  sgst_paise: BigPaise;
  igst_paise: BigPaise;
  total_paise: BigPaise;
  created_at: Generated<Date>;
  created_by: string | null;
  /** The e-way bill number entered back (12 digits) and when (migration 046); null: none. */
  eway_bill_no: ColumnType<string | null, string | null | undefined, string | null>;
  eway_bill_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A returned quantity of a bill line (migration 041). */
export interface DebitNoteLinesTable {
  debit_note_id: string;
  position: number;
  product_id: string | null;
  name: string;
  unit: Unit;
  quantity: Quantity;
  unit_cost_paise: BigPaise;
  /** numeric(5,2): read as text. */
  gst_rate: ColumnType<string, number | string, number | string>;
  taxable_paise: BigPaise;
  cgst_paise: BigPaise;
  sgst_paise: BigPaise;
  igst_paise: BigPaise;
  line_total_paise: BigPaise;
}

export interface ReviewsTable {
  id: string;
  product_id: string;
  user_id: string;
  name: string;
  rating: number;
  comment: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTable {
  id: string;
  /** Sequential invoice number, for GSTR-1 document ranges. */
  order_number: Generated<number>;
  customer_id: string | null;
  vendor_id: string;
  created_by: string | null;
  status: OrderStatus;
  items_paise: BigPaise;
  discount_paise: BigPaise;
  delivery_discount_paise: BigPaise;
  shipping_address: Json<Partial<Address>>;
  area: string;
  payment_status: string;
  /** How a Paid order was paid (migration 008); null: not recorded (a Paid one counts as cash); 'split': paid in parts (order_payments, migration 037). */
  payment_method: ColumnType<OrderPaymentMethod | null, OrderPaymentMethod | null | undefined, OrderPaymentMethod | null>;
  is_shop: boolean;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
  /** A voided counter sale (migration 015): when, by whom and why; null while the sale stands. */
  voided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  voided_by: ColumnType<string | null, string | null | undefined, string | null>;
  void_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * When the server received the sale or the delivery, when the request carried the device's time of
   * the act (migration 028; core/act-time.ts); null: received at the act's own time (online).
   */
  received_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  delivered_received_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The shop's own customer the sale was made to (migration 020); null: none named. */
  shop_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer as printed on the bill at sale time (core/place-of-supply.ts Buyer); null: none. */
  buyer: ColumnType<Buyer | null, string | null | undefined, string | null>;
  /** The GST state code of the place of supply (migration 020): '33' unless goods went to another state. */
  place_of_supply: ColumnType<string, string | undefined, string>;
  /** Who marked it delivered (migration 031); null: delivered before, or by an account since deleted. */
  delivered_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The cash taken at the door when "cash collected" made it Paid on delivery (migration 031); 0 otherwise. */
  cod_collected_paise: ColumnType<BigPaise, BigPaise | undefined, BigPaise>;
  /** The shift open at the till it was made at (migration 032); null: not made at a till. */
  shift_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who signed for a UPI payment confirmed by hand, and when (migration 034); null: not confirmed by hand. */
  payment_confirmed_by: ColumnType<string | null, string | null | undefined, string | null>;
  payment_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The e-way bill number entered back (12 digits) and when (migration 045); null: none. */
  eway_bill_no: ColumnType<string | null, string | null | undefined, string | null>;
  eway_bill_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The e-invoice's IRN, acknowledgement number, its time and the signed QR, entered back (migration 045); null: none. */
  irn: ColumnType<string | null, string | null | undefined, string | null>;
  irn_ack_no: ColumnType<string | null, string | null | undefined, string | null>;
  irn_ack_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  signed_qr: ColumnType<string | null, string | null | undefined, string | null>;
  /** The loyalty points redeemed on the bill and earned by it (migration 050); 0: none. */
  points_redeemed: ColumnType<number, number | undefined, number>;
  points_earned: ColumnType<number, number | undefined, number>;
  /** An offline sale that kept its till's total: that total and the server's (migration 049); null: none. */
  till_total_paise: ColumnType<BigPaise | null, number | null | undefined, number | null>;
  server_total_paise: ColumnType<BigPaise | null, number | null | undefined, number | null>;
}

/** A part of a sale paid in parts (migration 037): one per method; only split sales have parts. */
export interface OrderPaymentsTable {
  order_id: string;
  method: SalePaymentMethod;
  amount_paise: BigPaise;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  product_id: string | null;
  position: number;
  name: string;
  /** The product's Tamil name at sale time, set by the server from the product ('' when none; migration 017). */
  name_ta: ColumnType<string, string | undefined, string>;
  image: string | null;
  /** In `unit`, up to 3 decimals (migration 008). */
  quantity: Quantity;
  unit: UnitColumn;
  /** Per-unit selling price and per-unit discount at sale time. */
  unit_price_paise: number;
  unit_discount_paise: number;
  line_total_paise: BigPaise;
  /** The line's share of the order's delivery discount; tax is on line_total_paise minus it (migration 008). */
  delivery_discount_paise: ColumnType<BigPaise, BigPaise | undefined, BigPaise>;
  gst_rate: ColumnType<string, number | string, number | string>;
  hsn_code: string;
  taxable_paise: BigPaise;
  cgst_paise: BigPaise;
  sgst_paise: BigPaise;
  igst_paise: BigPaise;
  /** The product's weighted average cost per unit when the line was written (migration 043); null: not known then. */
  cost_paise: ColumnType<BigPaise | null, number | null | undefined, number | null>;
  /** The line's share of the loyalty points redeemed on the bill, already off line_total_paise (migration 050). */
  points_discount_paise: ColumnType<BigPaise, BigPaise | undefined, BigPaise>;
  /** The pack sold (quantity and unit price are per pack) and its factor in base units; null: base unit (migration 047). */
  pack_name: ColumnType<string | null, string | null | undefined, string | null>;
  pack_factor: ColumnType<string | null, string | null | undefined, string | null>;
  /** The price list and the scheme that priced the line, and the scheme's share, already off line_total_paise (migration 049). */
  price_list_name: ColumnType<string | null, string | null | undefined, string | null>;
  scheme_name: ColumnType<string | null, string | null | undefined, string | null>;
  scheme_discount_paise: ColumnType<BigPaise, BigPaise | undefined, BigPaise>;
  /** The line's share of an offline sale's till difference (+: charged more), already in line_total_paise (migration 049). */
  till_adjustment_paise: ColumnType<BigPaise, BigPaise | undefined, BigPaise>;
  /** Copies of its order's vendor_id and created_at, set by a trigger from the order, never written here (migration 059). */
  order_vendor_id: ColumnType<string, never, never>;
  order_created_at: ColumnType<Date, never, never>;
}

/** A shop's price list (migration 049); deleted_at: removed (sales keep its name). */
export interface PriceListsTable {
  id: string;
  vendor_id: string;
  name: string;
  created_at: Generated<Date>;
  deleted_at: Date | null;
}

/** A rule of a price list: a product or a category; a price per base unit or a percent off; from a quantity on. */
export interface PriceListRulesTable {
  id: string;
  price_list_id: string;
  position: number;
  product_id: string | null;
  category_id: string | null;
  price_paise: BigPaise | null;
  percent_off: ColumnType<string | null, number | string | null, number | string | null>;
  min_quantity: ColumnType<string | null, number | string | null, number | string | null>;
}

/** A shop's scheme (migration 049): its terms in details (core/schemas/pricing.ts); days as dates (select with to_char). */
export interface SchemesTable {
  id: string;
  vendor_id: string;
  kind: 'buyXgetY' | 'combo' | 'categoryPercent';
  name: string;
  from_day: ColumnType<string, string, string>;
  to_day: ColumnType<string, string, string>;
  details: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
  ended_at: Date | null;
}

/** A product image, content-addressed by the SHA-256 of its bytes; served at /api/uploads/<sha256>.<ext>. */
export interface UploadsTable {
  sha256: string;
  ext: 'jpg' | 'png' | 'webp';
  content_type: string;
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  size: number;
  uploader_id: string | null;
  created_at: Timestamp;
  /** When a product first referred to it; null while unused (purged after the grace period). */
  used_at: Timestamp | null;
}

/** Product owners who are not an active vendor (demoted or deactivated); kept by triggers (migration 006). */
export interface UnlistedSellersTable {
  user_id: string;
}

/**
 * The catalogue version result caches are keyed by: one row (id 1), bumped by triggers when anything a
 * product answer shows changes; read with raw SQL (server/services/search/search-cache.ts, migration 003).
 */
/** The version of a delivery area's list of pending orders (lower-cased area; '*': the people on its cards), migration 025. */
export interface AreaListVersionsTable {
  area: string;
  /** bigint, read as a number like every int8. */
  version: Generated<number>;
  bumped_xid: number | null;
}

export interface CatalogVersionTable {
  id: number;
  /** bigint, read as a number like every int8 (server/db/index.ts). */
  version: Generated<number>;
  /** The transaction that bumped it last (bigint), so a transaction bumps it once. */
  bumped_xid: number | null;
}

/** The words search can match, kept by triggers on products (migration 023). */
export interface SearchVocabularyTable {
  /** 'w' a word of the names or the description, 'k' a word of the Tamil name's phonetic key. */
  kind: 'w' | 'k';
  word: string;
  /** How many products hold it (0: none any more). */
  products: number;
  /** The transaction that changed it last (xid8, read as text). */
  changed_xid: Generated<string>;
}

/** The areas a vendor delivers to (none: everywhere). */
export interface VendorAreasTable {
  vendor_id: string;
  area: string;
}

export interface AnnouncementsTable {
  id: string;
  information: string;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  id: string;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PendingRegistrationsTable {
  /** One row per registration request: a phone may have several, each with its own code. */
  id: string;
  phone: string;
  name: string;
  password_hash: string;
  address: Json<Address>;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** The language the registration was made in; the account gets it (migration 011). */
  language: Generated<Language>;
}

/** A fixed-window counter (rate limits, SMS caps, wrong codes per phone). */
export interface RateCountersTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

/** Consecutive failed sign-ins per phone (with or without an account). */
export interface LoginFailuresTable {
  phone: string;
  failures: number;
  last_failed_at: Timestamp;
}

/** A code sent to a new phone number; the profile's phone changes when it comes back. */
export interface PhoneChangesTable {
  id: string;
  user_id: string;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

/** A confirmed phone change, undoable from the old phone with the code texted there (migration 013). */
export interface PhoneChangeUndosTable {
  id: string;
  user_id: string;
  old_phone: string;
  new_phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  method: string;
  path: string;
  body_hash: string;
  state: 'running' | 'done';
  status_code: number | null;
  response_body: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** The last invoice number of a vendor and financial year (migration 008). */
export interface InvoiceCountersTable {
  vendor_id: string;
  fy: string;
  last_seq: number;
}

/** Each shop's distinct order line names (migration 060: kept by order_lines' trigger), for Vendor Orders' product text. */
export interface OrderLineNamesTable {
  vendor_id: string;
  name: string;
}

/** Every invoice number given: issued with its order, or cancelled when the pending order was deleted (migration 008). */
export interface InvoicesTable {
  vendor_id: string;
  /** Financial year, "2026-27". */
  fy: string;
  /** The number without its sequence ("MS/26/"; before "MS/2026-27/"); '' for the numbers of orders made before the series. */
  series: string;
  seq: number;
  number: string;
  order_id: string | null;
  status: ColumnType<'issued' | 'cancelled', 'issued' | 'cancelled' | undefined, 'issued' | 'cancelled'>;
  /** The sale time, or the delivery time of an order numbered then (the period GSTR-1 and the day's close put it in). */
  issued_at: Timestamp;
  cancelled_at: Timestamp | null;
  /** The till whose series the number is of (migration 022); null for the vendor's own series. */
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A vendor's till, with an invoice series of its own (migration 022, core/till.ts). */
export interface DevicesTable {
  id: string;
  vendor_id: string;
  name: string;
  till_no: number;
  /** The vendor's prefix and the till number at registration: "MS-1" (before: "MS1"; core/till.ts tillHead). */
  prefix: string;
  created_at: Generated<Date>;
  retired_at: Timestamp | null;
}

/** Per till and financial year, the last number reserved for it (migration 022). */
export interface DeviceCountersTable {
  device_id: string;
  fy: string;
  reserved_to: number;
}

/** A vendor's own customer, the khata (migration 020); money in paise. */
export interface ShopCustomersTable {
  id: string;
  vendor_id: string;
  name: string;
  /** 10 digits. */
  phone: string;
  /** Normalized and checked (core/gstin.ts); null: an unregistered buyer. */
  gstin: string | null;
  address: string | null;
  /** GST state code, 2 digits (the GSTIN's first two when it has one); null: not known (Tamil Nadu). */
  state_code: string | null;
  /** null: no limit. */
  credit_limit_paise: ColumnType<number | null, number | null | undefined, number | null>;
  /** Days after a sale that it falls due; null: due at once. */
  credit_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** The price list the counter prices the customer by (migration 049); null: selling prices. */
  price_list_id: ColumnType<string | null, string | null | undefined, string | null>;
  opening_balance_paise: ColumnType<BigPaise, BigPaise | undefined, BigPaise>;
  /** The language reminders are written in. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** The app account with the same phone; never shown. */
  user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A reminder's payment link (migration 029): the token's SHA-256 hash only; money in paise. */
export interface PayLinksTable {
  token_hash: string;
  vendor_id: string;
  customer_id: string;
  /** The balance due when the link was made. */
  amount_paise: BigPaise;
  created_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
}

/** Cash a rider handed over to a shop, recorded by the shop after counting (migration 031); money in paise. */
export interface RiderHandoversTable {
  id: string;
  vendor_id: string;
  rider_id: string;
  amount_paise: BigPaise;
  note: string | null;
  at: Generated<Date>;
  /** Who recorded it: the shop's account, or an admin. */
  received_by: string | null;
  created_at: Generated<Date>;
}

/** A till's shift (migration 032, core/shift.ts): opened with a float, closed by counting the drawer; money in paise. */
export interface ShiftsTable {
  id: string;
  shop_id: string;
  device_id: string;
  /** The cashier of the shift: who opened it; null: an account since deleted. */
  opened_by: string | null;
  opened_at: Generated<Date>;
  float_paise: BigPaise;
  closed_at: Timestamp | null;
  closed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the drawer should have held, frozen at the close; null while open. */
  expected_paise: ColumnType<BigPaise | null, BigPaise | null | undefined, BigPaise | null>;
  counted_paise: ColumnType<BigPaise | null, BigPaise | null | undefined, BigPaise | null>;
  /** The count as entered: notes by denomination, coins in rupees; null while open. */
  count: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

/** Cash put in or taken out of a till's drawer during a shift, with why (migration 032). */
export interface ShiftCashTable {
  id: string;
  shift_id: string;
  kind: 'in' | 'out';
  amount_paise: BigPaise;
  reason: string;
  at: Generated<Date>;
  by_user: string | null;
}

/** A shop's account with its payment provider (migration 034): the secrets sealed by server/services/payments/secret-box.ts. */
export interface PaymentSettingsTable {
  shop_id: string;
  provider: PaymentProviderName;
  key_id: string;
  key_secret_enc: string;
  webhook_secret_enc: string;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** A provider's single-use QR for a sale's exact amount (migration 034); closed once `close_by` has passed. */
export interface UpiQrsTable {
  id: string;
  provider: PaymentProviderName;
  shop_id: string;
  order_id: string;
  amount_paise: BigPaise;
  upi_uri: string;
  image_url: string;
  close_by: Date;
  status: ColumnType<'active' | 'paid', 'active' | 'paid' | undefined, 'active' | 'paid'>;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** A payment the provider reported for a shop (migration 034): matched to its sale, or kept as mismatched with why. */
export interface UpiPaymentsTable {
  shop_id: string;
  payment_id: string;
  provider: PaymentProviderName;
  qr_id: string | null;
  order_id: string | null;
  amount_paise: BigPaise;
  /** The UPI transaction's reference (the provider's acquirer_data.rrn). */
  utr: string | null;
  payer_vpa: string | null;
  status: string;
  matched: 'provider' | 'mismatched';
  mismatch: MismatchReason | null;
  /** When the payment was made, by the provider's clock. */
  paid_at: Date;
  received_at: Generated<Date>;
  raw: Json<unknown>;
}

/** A settlement statement's line that matched a UPI sale, once per shop and UTR (migration 035). */
export interface UpiStatementLinesTable {
  shop_id: string;
  utr: string;
  amount_paise: BigPaise;
  paid_at: Date;
  payer: string | null;
  order_id: string | null;
  uploaded_by: string | null;
  uploaded_at: Generated<Date>;
}

/** Money a shop customer paid towards their dues (migration 020). */
export interface CustomerPaymentsTable {
  id: string;
  vendor_id: string;
  customer_id: string;
  amount_paise: BigPaise;
  method: PaymentMethod;
  note: string | null;
  paid_at: Generated<Date>;
  created_by: string | null;
  /** The shift open at the till it was made at (migration 032); null: not made at a till. */
  shift_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The last credit note number of a vendor and financial year (migration 020). */
export interface CreditNoteCountersTable {
  vendor_id: string;
  fy: string;
  last_seq: number;
}

/** A return against an order (migration 020), numbered PREFIX-CN/26/000001 (before: PREFIX/CN/2026-27/000001); money in paise. */
export interface CreditNotesTable {
  id: string;
  vendor_id: string;
  order_id: string;
  shop_customer_id: string | null;
  fy: string;
  /** The number without its sequence ("MS-CN/26/"). */
  series: string;
  seq: number;
  number: string;
  refund_method: RefundMethod;
  /** true: the goods went back into stock; false: recorded as damaged. */
  restock: boolean;
  /** What is refunded: the lines' amounts, tax included. */
  amount_paise: BigPaise;
  taxable_paise: BigPaise;
  cgst_paise: BigPaise;
  sgst_paise: BigPaise;
  igst_paise: BigPaise;
  created_at: Generated<Date>;
  created_by: string | null;
  /** The shift open at the till it was made at (migration 032); null: not made at a till. */
  shift_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The note's e-invoice as entered back (migration 045); null: none. */
  irn: ColumnType<string | null, string | null | undefined, string | null>;
  irn_ack_no: ColumnType<string | null, string | null | undefined, string | null>;
  irn_ack_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  signed_qr: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A return of a split sale: its refund's parts, one per method (migration 038); other notes have none. */
export interface CreditNoteRefundsTable {
  credit_note_id: string;
  method: RefundMethod;
  amount_paise: BigPaise;
}

/** A shop's expense category (migration 039): a starting one has its code and both names; one the shop adds, its name in both. */
export interface ExpenseCategoriesTable {
  id: string;
  shop_id: string;
  code: string | null;
  name: string;
  name_ta: string;
  created_at: Generated<Date>;
}

/** An expense (migration 039): what was paid, GST included, and its input GST when the bill has a GSTIN. */
export interface ExpensesTable {
  id: string;
  shop_id: string;
  category_id: string;
  amount_paise: BigPaise;
  method: 'cash' | 'upi' | 'card' | 'bank';
  /** A date: select it as to_char(day, 'YYYY-MM-DD') (the drivers read a date as a local Date). */
  day: ColumnType<string, string, string>;
  note: string | null;
  supplier_gstin: string | null;
  gst_rate: ColumnType<string | null, number | string | null, number | string | null>;
  taxable_paise: BigPaise;
  cgst_paise: BigPaise;
  sgst_paise: BigPaise;
  igst_paise: BigPaise;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** A shop's Tally ledger names (migration 044); `ledgers` is core/schemas/tally.ts's TallyLedgers. */
export interface TallySettingsTable {
  shop_id: string;
  ledgers: ColumnType<Record<string, unknown>, string, string>;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** A shop's loyalty settings (migration 050); a null half is off. */
export interface LoyaltySettingsTable {
  shop_id: string;
  points_per_100: number | null;
  point_value_paise: number | null;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** A shop customer's loyalty points, signed (migration 050): the balance is the sum. */
export interface LoyaltyPointsTable {
  id: string;
  vendor_id: string;
  customer_id: string;
  order_id: string | null;
  credit_note_id: ColumnType<string | null, string | null | undefined, string | null>;
  points: number;
  kind: 'earned' | 'redeemed' | 'returned' | 'reversed';
  at: Timestamp;
  created_by: string | null;
}

export interface CreditNoteLinesTable {
  credit_note_id: string;
  position: number;
  order_line_id: string;
  product_id: string | null;
  name: string;
  name_ta: ColumnType<string, string | undefined, string>;
  unit: Unit;
  quantity: Quantity;
  unit_price_paise: BigPaise;
  amount_paise: BigPaise;
  gst_rate: ColumnType<string, number | string, number | string>;
  hsn_code: ColumnType<string, string | undefined, string>;
  taxable_paise: BigPaise;
  cgst_paise: BigPaise;
  sgst_paise: BigPaise;
  igst_paise: BigPaise;
}

/** The VAPID key pair (migration 021): one row, made on the first start, shared by every API process. */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: Generated<Date>;
}

/** A device's Web Push subscription (migration 021); `areas`: the areas a rider follows. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  areas: ColumnType<string[], string | undefined, string>;
  created_at: Generated<Date>;
}

/** A one-minute, single-use ticket that opens an event stream (migration 021); only its SHA-256 is kept. */
export interface EventTicketsTable {
  ticket_hash: string;
  user_id: string;
  expires_at: Date;
}

/** A customer display (migration 036): a pairing code until a till pairs it, then the shop and till it follows, and its last bill. */
export interface CustomerDisplaysTable {
  id: string;
  token_hash: string;
  code_hash: string | null;
  code_expires_at: Timestamp | null;
  shop_id: string | null;
  device_id: string | null;
  paired_by: string | null;
  paired_at: Timestamp | null;
  ticket_hash: string | null;
  ticket_expires_at: Timestamp | null;
  state: ColumnType<DisplayBill | null, string | null, string | null>;
  state_seq: ColumnType<number, number | undefined, number>;
  seen_at: Generated<Date>;
  created_at: Generated<Date>;
}

/** A push an order change calls for (migration 021), written by the orders trigger, claimed and sent by one process. */
export interface PushOutboxTable {
  id: Generated<number>;
  kind: 'placed' | 'delivered' | 'deleted';
  order_id: string;
  order_number: number;
  vendor_id: string;
  customer_id: string | null;
  area: string;
  created_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  shop_staff: ShopStaffTable;
  pin_failures: PinFailuresTable;
  shop_audit: ShopAuditTable;
  areas: AreasTable;
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
  gsts: GstsTable;
  products: ProductsTable;
  product_packs: ProductPacksTable;
  products_removed: ProductsRemovedTable;
  stock_movements: StockMovementsTable;
  product_batches: ProductBatchesTable;
  order_line_batches: OrderLineBatchesTable;
  suppliers: SuppliersTable;
  purchases: PurchasesTable;
  purchase_lines: PurchaseLinesTable;
  purchase_order_counters: PurchaseOrderCountersTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  supplier_payments: SupplierPaymentsTable;
  supplier_payment_allocations: SupplierPaymentAllocationsTable;
  debit_notes: DebitNotesTable;
  debit_note_lines: DebitNoteLinesTable;
  reviews: ReviewsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_line_names: OrderLineNamesTable;
  order_payments: OrderPaymentsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  devices: DevicesTable;
  device_counters: DeviceCountersTable;
  shifts: ShiftsTable;
  shift_cash: ShiftCashTable;
  shop_customers: ShopCustomersTable;
  price_lists: PriceListsTable;
  price_list_rules: PriceListRulesTable;
  schemes: SchemesTable;
  customer_payments: CustomerPaymentsTable;
  payment_settings: PaymentSettingsTable;
  upi_qrs: UpiQrsTable;
  upi_payments: UpiPaymentsTable;
  upi_statement_lines: UpiStatementLinesTable;
  pay_links: PayLinksTable;
  rider_handovers: RiderHandoversTable;
  credit_note_counters: CreditNoteCountersTable;
  credit_notes: CreditNotesTable;
  credit_note_lines: CreditNoteLinesTable;
  credit_note_refunds: CreditNoteRefundsTable;
  expense_categories: ExpenseCategoriesTable;
  expenses: ExpensesTable;
  tally_settings: TallySettingsTable;
  loyalty_settings: LoyaltySettingsTable;
  loyalty_points: LoyaltyPointsTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  event_tickets: EventTicketsTable;
  customer_displays: CustomerDisplaysTable;
  push_outbox: PushOutboxTable;
  announcements: AnnouncementsTable;
  uploads: UploadsTable;
  unlisted_sellers: UnlistedSellersTable;
  catalog_version: CatalogVersionTable;
  search_vocabulary: SearchVocabularyTable;
  area_list_versions: AreaListVersionsTable;
  vendor_areas: VendorAreasTable;
  password_resets: PasswordResetsTable;
  pending_registrations: PendingRegistrationsTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_counters: RateCountersTable;
  login_failures: LoginFailuresTable;
  phone_changes: PhoneChangesTable;
  phone_change_undos: PhoneChangeUndosTable;
}

export type User = Selectable<UsersTable>;
