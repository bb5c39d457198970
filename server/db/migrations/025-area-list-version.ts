import { type Kysely, sql } from 'kysely';

/**
 * A version per delivery area for the rider's area list (the cards of its pending orders, cached by
 * the API: server/services/delivery/area-cards-cache.ts): one row per lower-cased area, bumped by triggers
 * whenever anything a card shows can change, in the writing transaction, so an answer read at
 * version v is never older than v, in every API process.
 *
 * - orders: any insert, update or delete bumps its area (an area change: the old one and the new one);
 * - order_lines and invoices: the area of their order (a card shows the line count and invoice number);
 * - users: a change of the name, email, phone or shop name a card shows bumps the row '*', which
 *   every area's version includes;
 * - a TRUNCATE of any of them (a backup restored) bumps every area.
 *
 * As for catalog_version (migration 003), the row triggers are DEFERRABLE INITIALLY DEFERRED
 * constraint triggers: a version row is locked only at commit, after every other lock, and
 * bumped_xid makes a transaction bump each row once however many rows it writes. Area rows are
 * locked only under one transaction-level advisory lock, so no two transactions take them in
 * opposite orders; catalog_version is not involved (a checkout commits while its row is held).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE area_list_versions (
      area text PRIMARY KEY,
      version bigint NOT NULL DEFAULT 1,
      bumped_xid bigint
    )`.execute(db);
  await sql`
    CREATE FUNCTION bump_area_list(key text) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF key IS NULL THEN RETURN; END IF;
      -- area rows are locked at commit in the order of the transaction's changes: two transactions
      -- changing orders of areas X and Y in opposite orders would deadlock. One transaction at a time
      -- bumps (held for its commit only), so no two hold area rows at once
      PERFORM pg_advisory_xact_lock(hashtext('area_list_versions'));
      INSERT INTO area_list_versions AS v (area, version, bumped_xid) VALUES (key, 1, txid_current())
        ON CONFLICT (area) DO UPDATE SET version = v.version + 1, bumped_xid = txid_current()
        WHERE v.bumped_xid IS DISTINCT FROM txid_current();
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION orders_area_list() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM bump_area_list(lower(OLD.area)); END IF;
      IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND lower(NEW.area) IS DISTINCT FROM lower(OLD.area)) THEN
        PERFORM bump_area_list(lower(NEW.area));
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION order_part_area_list() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- the order may be gone by commit (deleted in the same transaction): its own trigger bumped the area
      PERFORM bump_area_list(lower(o.area)) FROM orders o
        WHERE o.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END);
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION users_area_list() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM bump_area_list('*');
      RETURN NULL;
    END
    $$`.execute(db);

  await sql`
    CREATE CONSTRAINT TRIGGER orders_area_list AFTER INSERT OR UPDATE OR DELETE ON orders
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_area_list()`.execute(db);
  for (const table of ['order_lines', 'invoices']) {
    await sql`
      CREATE CONSTRAINT TRIGGER ${sql.raw(`${table}_area_list`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_part_area_list()`.execute(db);
  }
  // a TRUNCATE (a backup restored) fires no row trigger: every area moves
  await sql`
    CREATE FUNCTION area_lists_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('area_list_versions')); -- as bump_area_list
      UPDATE area_list_versions SET version = version + 1, bumped_xid = txid_current();
      RETURN NULL;
    END
    $$`.execute(db);
  for (const table of ['orders', 'order_lines', 'invoices', 'users']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_area_list_truncate`)} AFTER TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION area_lists_truncated()`.execute(db);
  }
  // named to fire after users_catalog_version on the same change (triggers of one event fire by name): a
  // transaction takes catalog_version's row before the advisory lock, as a product edit then an order would
  await sql`
    CREATE CONSTRAINT TRIGGER users_version_area_list AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone
            OR OLD.shop_name IS DISTINCT FROM NEW.shop_name)
      EXECUTE FUNCTION users_area_list()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['orders', 'order_lines', 'invoices', 'users'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_area_list_truncate`)} ON ${sql.table(table)}`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_version_area_list ON users`.execute(db);
  for (const table of ['order_lines', 'invoices'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_area_list`)} ON ${sql.table(table)}`.execute(db);
  await sql`DROP TRIGGER IF EXISTS orders_area_list ON orders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS area_lists_truncated(), users_area_list(), order_part_area_list(), orders_area_list(), bump_area_list(text)`.execute(
    db,
  );
  await sql`DROP TABLE IF EXISTS area_list_versions`.execute(db);
}
