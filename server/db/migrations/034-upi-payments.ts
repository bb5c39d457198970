import { type Kysely, sql } from 'kysely';

/**
 * UPI payments a provider confirms (server/services/payments, docs/decisions/upi-confirmed-by-provider.md).
 *
 * - payment_settings: a shop's account with its provider: the key id, and the key secret and webhook
 *   secret encrypted with AES-256-GCM under PAYMENTS_KEY (never stored in clear).
 * - upi_qrs: the provider's single-use QR made for a sale's exact amount, and when it closes.
 * - upi_payments: every payment the provider reported for the shop (webhook or read back), once per
 *   shop and payment id: matched to its sale ('provider'), or kept as 'mismatched' with why, never lost.
 * - orders.payment_confirmed_by / _at: who signed for a UPI payment confirmed by hand, and when.
 * - orders_live(): a change of payment status alone (a payment confirmed, a credit sale settled) is an
 *   order event too, `payment`, so the counter hears of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_settings (
      shop_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('razorpay')),
      key_id text NOT NULL,
      key_secret_enc text NOT NULL,
      webhook_secret_enc text NOT NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE upi_qrs (
      id text PRIMARY KEY,
      provider text NOT NULL,
      shop_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      upi_uri text NOT NULL,
      image_url text NOT NULL,
      close_by timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paid')),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX upi_qrs_order ON upi_qrs (order_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE upi_payments (
      shop_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      payment_id text NOT NULL,
      provider text NOT NULL,
      qr_id text,
      order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
      amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
      utr text,
      payer_vpa text,
      status text NOT NULL,
      matched text NOT NULL CHECK (matched IN ('provider', 'mismatched')),
      mismatch text CHECK (mismatch IN ('amount', 'closedQr', 'unknownQr', 'alreadyPaid', 'voided')),
      paid_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      raw jsonb NOT NULL,
      PRIMARY KEY (shop_id, payment_id)
    )`.execute(db);
  await sql`CREATE INDEX upi_payments_order ON upi_payments (order_id) WHERE order_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX upi_payments_shop_paid ON upi_payments (shop_id, paid_at)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN payment_confirmed_by uuid REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN payment_confirmed_at timestamptz`.execute(db);
  await liveTrigger(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await liveTrigger(db, false);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS payment_confirmed_at`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS payment_confirmed_by`.execute(db);
  for (const t of ['upi_payments', 'upi_qrs', 'payment_settings']) await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
}

/** migration 021's orders_live(), with (`payments`) or without the `payment` event of a payment status changed alone. */
async function liveTrigger(db: Kysely<unknown>, payments: boolean): Promise<void> {
  const unchanged = payments
    ? sql.raw(`OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.payment_status IS NOT DISTINCT FROM NEW.payment_status`)
    : sql.raw(`OLD.status IS NOT DISTINCT FROM NEW.status`);
  const kind = payments
    ? sql.raw(`CASE WHEN OLD.status IS DISTINCT FROM NEW.status THEN 'status' ELSE 'payment' END`)
    : sql.raw(`'status'`);
  await sql`
    CREATE OR REPLACE FUNCTION orders_live() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      o orders;
      kind text;
      push text;
    BEGIN
      IF TG_OP = 'DELETE' THEN
        o := OLD;
        kind := 'deleted';
        -- the customer hears of a deletion made by someone else (the shop), not of their own
        IF NOT o.is_shop AND o.customer_id IS NOT NULL
           AND coalesce(current_setting('nk.actor', true), '') <> o.customer_id::text THEN
          push := 'deleted';
        END IF;
      ELSIF TG_OP = 'INSERT' THEN
        o := NEW;
        kind := 'created';
        IF NOT o.is_shop THEN push := 'placed'; END IF;
      ELSE
        IF ${unchanged} THEN RETURN NULL; END IF;
        o := NEW;
        kind := ${kind};
        IF OLD.status IS DISTINCT FROM NEW.status AND NEW.status = 'Delivered' AND NOT o.is_shop AND o.customer_id IS NOT NULL THEN
          push := 'delivered';
        END IF;
      END IF;
      PERFORM pg_notify('order_events', json_build_object(
        'orderId', o.id, 'vendorId', o.vendor_id, 'customerId', o.customer_id, 'area', o.area,
        'status', o.status, 'kind', kind, 'isShop', o.is_shop, 'push', push IS NOT NULL)::text);
      IF push IS NOT NULL THEN
        INSERT INTO push_outbox (kind, order_id, order_number, vendor_id, customer_id, area)
        VALUES (push, o.id, o.order_number, o.vendor_id, o.customer_id, o.area);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER IF EXISTS orders_live ON orders`.execute(db);
  const columns = payments ? sql.raw('status, payment_status') : sql.raw('status');
  await sql`
    CREATE TRIGGER orders_live AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_live()`.execute(db);
}
