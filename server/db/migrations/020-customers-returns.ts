import { type Kysely, sql } from 'kysely';

/**
 * Money beyond the cash sale.
 *
 * 1. shop_customers: a vendor's own customers (the khata), one per phone per vendor, never shared
 *    with another shop. A GSTIN makes the customer a registered (business) buyer; its first two
 *    digits are the state code. user_id links the app account with the same phone, if any; it is
 *    never shown. An opening balance carries dues from before the app.
 * 2. orders: the shop customer a sale was made to (shop_customer_id), the buyer as printed on the
 *    bill at sale time (buyer: name, phone, GSTIN, address, state code), the place of supply's state
 *    code, and 'credit' as a payment method: goods given, paid later through customer_payments.
 * 3. customer_payments: money a customer paid towards their dues (cash, UPI or card).
 * 4. credit_notes and their lines: a return against an order, numbered in its own gap-free series
 *    per vendor and financial year (credit_note_counters), with the GST it reverses. A refund by
 *    'credit' lowers the customer's balance.
 * 5. stock_movements: the kind 'return' (goods back from a customer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE shop_customers (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      phone text NOT NULL CHECK (phone ~ '^[0-9]{10}$'),
      gstin text CHECK (gstin IS NULL OR gstin ~ '^[0-9]{2}[0-9A-Z]{13}$'),
      address text,
      state_code text CHECK (state_code IS NULL OR state_code ~ '^[0-9]{2}$'),
      credit_limit_paise bigint CHECK (credit_limit_paise IS NULL OR credit_limit_paise >= 0),
      credit_days integer CHECK (credit_days IS NULL OR credit_days BETWEEN 0 AND 365),
      opening_balance_paise bigint NOT NULL DEFAULT 0,
      language text NOT NULL DEFAULT 'ta' CHECK (language IN ('en', 'ta')),
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX shop_customers_vendor_phone ON shop_customers (vendor_id, phone)`.execute(db);
  await sql`CREATE INDEX shop_customers_vendor_name ON shop_customers (vendor_id, lower(name))`.execute(db);

  await sql`ALTER TABLE orders ADD COLUMN shop_customer_id uuid REFERENCES shop_customers(id)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN buyer jsonb`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN place_of_supply text NOT NULL DEFAULT '33' CHECK (place_of_supply ~ '^[0-9]{2}$')`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_method_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('cash', 'upi', 'card', 'credit'))`.execute(
    db,
  );
  await sql`CREATE INDEX orders_shop_customer ON orders (shop_customer_id, created_at) WHERE shop_customer_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE customer_payments (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      customer_id uuid NOT NULL REFERENCES shop_customers(id) ON DELETE CASCADE,
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      method text NOT NULL CHECK (method IN ('cash', 'upi', 'card')),
      note text,
      paid_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX customer_payments_customer ON customer_payments (customer_id, paid_at)`.execute(db);
  await sql`CREATE INDEX customer_payments_vendor ON customer_payments (vendor_id, paid_at)`.execute(db);

  await sql`
    CREATE TABLE credit_note_counters (
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      fy text NOT NULL,
      last_seq integer NOT NULL CHECK (last_seq > 0),
      PRIMARY KEY (vendor_id, fy)
    )`.execute(db);
  await sql`
    CREATE TABLE credit_notes (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      order_id uuid NOT NULL REFERENCES orders(id),
      shop_customer_id uuid REFERENCES shop_customers(id),
      fy text NOT NULL,
      series text NOT NULL,
      seq integer NOT NULL CHECK (seq > 0),
      number text NOT NULL,
      refund_method text NOT NULL CHECK (refund_method IN ('cash', 'upi', 'card', 'credit')),
      restock boolean NOT NULL,
      amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
      taxable_paise bigint NOT NULL,
      cgst_paise bigint NOT NULL,
      sgst_paise bigint NOT NULL,
      igst_paise bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      UNIQUE (vendor_id, fy, seq),
      UNIQUE (vendor_id, number)
    )`.execute(db);
  await sql`CREATE INDEX credit_notes_order ON credit_notes (order_id)`.execute(db);
  await sql`CREATE INDEX credit_notes_vendor_date ON credit_notes (vendor_id, created_at)`.execute(db);
  await sql`CREATE INDEX credit_notes_customer ON credit_notes (shop_customer_id, created_at) WHERE shop_customer_id IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE credit_note_lines (
      credit_note_id uuid NOT NULL REFERENCES credit_notes(id) ON DELETE CASCADE,
      position integer NOT NULL,
      order_line_id uuid NOT NULL REFERENCES order_lines(id),
      product_id uuid REFERENCES products(id) ON DELETE SET NULL,
      name text NOT NULL,
      name_ta text NOT NULL DEFAULT '',
      unit text NOT NULL,
      quantity numeric(12,3) NOT NULL CHECK (quantity > 0),
      unit_price_paise bigint NOT NULL,
      amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
      gst_rate numeric(5,2) NOT NULL,
      hsn_code text NOT NULL DEFAULT '',
      taxable_paise bigint NOT NULL,
      cgst_paise bigint NOT NULL,
      sgst_paise bigint NOT NULL,
      igst_paise bigint NOT NULL,
      PRIMARY KEY (credit_note_id, position)
    )`.execute(db);
  await sql`CREATE INDEX credit_note_lines_order_line ON credit_note_lines (order_line_id)`.execute(db);

  await sql`ALTER TABLE stock_movements DROP CONSTRAINT IF EXISTS stock_movements_kind_check`.execute(db);
  await sql`
    ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_kind_check CHECK (kind IN ('opening', 'sale', 'order',
      'order_deleted', 'sale_voided', 'purchase', 'purchase_cancelled', 'adjustment', 'import', 'product_edit', 'return'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM stock_movements WHERE kind = 'return'`.execute(db);
  await sql`ALTER TABLE stock_movements DROP CONSTRAINT IF EXISTS stock_movements_kind_check`.execute(db);
  await sql`
    ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_kind_check CHECK (kind IN ('opening', 'sale', 'order',
      'order_deleted', 'sale_voided', 'purchase', 'purchase_cancelled', 'adjustment', 'import', 'product_edit'))`.execute(db);
  await sql`DROP TABLE IF EXISTS credit_note_lines`.execute(db);
  await sql`DROP TABLE IF EXISTS credit_notes`.execute(db);
  await sql`DROP TABLE IF EXISTS credit_note_counters`.execute(db);
  await sql`DROP TABLE IF EXISTS customer_payments`.execute(db);
  await sql`UPDATE orders SET payment_method = NULL WHERE payment_method = 'credit'`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_method_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('cash', 'upi', 'card'))`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS place_of_supply`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS buyer`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS shop_customer_id`.execute(db);
  await sql`DROP TABLE IF EXISTS shop_customers`.execute(db);
}
