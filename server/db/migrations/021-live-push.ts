import { type Kysely, sql } from 'kysely';

/**
 * Live screens and Web Push.
 *
 * - push_keys: the one VAPID key pair, made on the first start; every API process reads the same row.
 * - push_subscriptions: a person's devices (one row per push endpoint); a rider's followed areas.
 * - event_tickets: one-minute, single-use tickets that open an event stream (kept hashed, so any
 *   process can redeem one and a leaked table row opens nothing).
 * - push_outbox: the pushes an order change calls for, written by the trigger below in the order's
 *   own transaction; one process claims each row (FOR UPDATE SKIP LOCKED) and sends it after commit.
 * - orders_live(): on a new order, a status change or a deletion, NOTIFY order_events with the
 *   order's id, vendor, customer, area and status (delivered at commit, never for a rolled back change),
 *   so every API process hears it; no service has to emit anything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_keys (
      id smallint PRIMARY KEY CHECK (id = 1),
      public_key text NOT NULL,
      private_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE push_subscriptions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      areas jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`.execute(db);
  await sql`
    CREATE TABLE event_tickets (
      ticket_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE push_outbox (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('placed', 'delivered', 'deleted')),
      order_id uuid NOT NULL,
      order_number integer NOT NULL,
      vendor_id uuid NOT NULL,
      customer_id uuid,
      area text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE FUNCTION orders_live() RETURNS trigger LANGUAGE plpgsql AS $$
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
        IF OLD.status IS NOT DISTINCT FROM NEW.status THEN RETURN NULL; END IF;
        o := NEW;
        kind := 'status';
        IF NEW.status = 'Delivered' AND NOT o.is_shop AND o.customer_id IS NOT NULL THEN push := 'delivered'; END IF;
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
  await sql`
    CREATE TRIGGER orders_live AFTER INSERT OR DELETE OR UPDATE OF status ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_live()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS orders_live ON orders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS orders_live()`.execute(db);
  for (const t of ['push_outbox', 'event_tickets', 'push_subscriptions', 'push_keys'])
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
}
