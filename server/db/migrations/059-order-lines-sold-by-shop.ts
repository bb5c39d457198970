import { type Kysely, sql } from 'kysely';

/**
 * A shop's order lines by time, for the reorder list's last 30 days of sales. Each line carries its order's shop
 * and time (order_vendor_id, order_created_at: copies, set from the order by a trigger when the line is written
 * and kept if the order's ever change), and one index holds a shop's lines in time order with the product and
 * quantity: the 30 days (35,000 lines of a busy shop) are one range of it. Read through the orders of the 30
 * days instead, every call probed the lines of 12,000 orders one order at a time, scattered over the heap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_lines ADD COLUMN order_vendor_id uuid, ADD COLUMN order_created_at timestamptz`.execute(db);
  // the copies change no delivery area's order list: without its deferred trigger, a year of lines would
  // queue a million events to run at commit (and refuse the ALTER TABLE that follows)
  await sql`ALTER TABLE order_lines DISABLE TRIGGER order_lines_area_list`.execute(db);
  await sql`
    UPDATE order_lines l SET order_vendor_id = o.vendor_id, order_created_at = o.created_at
    FROM orders o WHERE o.id = l.order_id`.execute(db);
  await sql`ALTER TABLE order_lines ENABLE TRIGGER order_lines_area_list`.execute(db);
  await sql`ALTER TABLE order_lines ALTER COLUMN order_vendor_id SET NOT NULL, ALTER COLUMN order_created_at SET NOT NULL`.execute(db);
  // a line always takes its order's values, whatever the insert says (NOT NULL is checked after this trigger)
  await sql`
    CREATE FUNCTION order_lines_order_copy() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT o.vendor_id, o.created_at INTO NEW.order_vendor_id, NEW.order_created_at FROM orders o WHERE o.id = NEW.order_id;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER order_lines_order_copy BEFORE INSERT OR UPDATE OF order_id, order_vendor_id, order_created_at ON order_lines
      FOR EACH ROW EXECUTE FUNCTION order_lines_order_copy()`.execute(db);
  // nothing moves an order to another shop or time today; if something does, its lines follow
  await sql`
    CREATE FUNCTION orders_lines_copy() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE order_lines SET order_vendor_id = NEW.vendor_id, order_created_at = NEW.created_at WHERE order_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER orders_lines_copy AFTER UPDATE OF vendor_id, created_at ON orders FOR EACH ROW
      WHEN (OLD.vendor_id IS DISTINCT FROM NEW.vendor_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
      EXECUTE FUNCTION orders_lines_copy()`.execute(db);
  await sql`CREATE INDEX order_lines_shop_sold ON order_lines (order_vendor_id, order_created_at)
    INCLUDE (product_id, quantity, pack_factor, order_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS order_lines_shop_sold`.execute(db);
  await sql`DROP TRIGGER IF EXISTS orders_lines_copy ON orders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS orders_lines_copy()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS order_lines_order_copy ON order_lines`.execute(db);
  await sql`DROP FUNCTION IF EXISTS order_lines_order_copy()`.execute(db);
  await sql`ALTER TABLE order_lines DROP COLUMN IF EXISTS order_created_at, DROP COLUMN IF EXISTS order_vendor_id`.execute(db);
}
