import { type Kysely, sql } from 'kysely';

/** Order money that sums several lines: up to 100 lines x 1000 units x ₹1 crore, far past integer paise. */
const ORDER_MONEY = ['items_paise', 'discount_paise', 'delivery_discount_paise'];
const LINE_MONEY = ['line_total_paise', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'igst_paise'];

/**
 * 1. Order totals and line totals become bigint paise (a ₹90 lakh product ordered three times
 *    overflowed integer). Unit prices stay integer: a product costs at most ₹1 crore.
 * 2. Product images live in the database (content-addressed), so every API process serves them.
 *    used_at is set once a product refers to the image; unused ones are purged after a grace period.
 * 3. A product is shown to customers only while its owner is a vendor (not demoted to another role)
 *    and active. unlisted_sellers holds the product owners who are not, kept by triggers in the same
 *    transaction as a role change, a vendor toggle or a product's insert, so catalogue reads filter
 *    with NOT EXISTS on this small table. A filter on the users row instead (most users are
 *    customers) made PostgreSQL give up the ordered index walks: a broad search went from ~10 ms to
 *    ~500 ms with 20,000 customers. A flag on every product would make a toggle rewrite all the
 *    vendor's products (7 s for 17,000).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ${sql.raw(ORDER_MONEY.map((c) => `ALTER COLUMN ${c} TYPE bigint`).join(', '))}`.execute(db);
  await sql`ALTER TABLE order_lines ${sql.raw(LINE_MONEY.map((c) => `ALTER COLUMN ${c} TYPE bigint`).join(', '))}`.execute(db);

  await sql`
    CREATE TABLE uploads (
      sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      ext text NOT NULL CHECK (ext IN ('jpg', 'png', 'webp')),
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      size integer NOT NULL CHECK (size >= 0),
      uploader_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    )`.execute(db);
  // uploader_id has no foreign key: a backup restore truncates users with CASCADE, which must not
  // empty the images. Images are already compressed: stored out of line, not compressed again.
  await sql`ALTER TABLE uploads ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
  await sql`CREATE INDEX uploads_uploader_idx ON uploads (uploader_id)`.execute(db);
  await sql`CREATE INDEX uploads_unused_idx ON uploads (created_at) WHERE used_at IS NULL`.execute(db);

  await sql`CREATE TABLE unlisted_sellers (user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE)`.execute(db);
  await sql`
    INSERT INTO unlisted_sellers (user_id)
      SELECT DISTINCT p.vendor_id FROM products p JOIN users u ON u.id = p.vendor_id WHERE NOT (u.role = 'vendor' AND u.vendor_active)`.execute(
    db,
  );
  // A role change or vendor toggle moves the user in or out of the list (with or without products).
  await sql`
    CREATE FUNCTION seller_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.role = 'vendor' AND NEW.vendor_active THEN
        DELETE FROM unlisted_sellers WHERE user_id = NEW.id;
      ELSE
        INSERT INTO unlisted_sellers (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER users_seller_listing AFTER UPDATE OF role, vendor_active ON users FOR EACH ROW
      WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.vendor_active IS DISTINCT FROM NEW.vendor_active)
      EXECUTE FUNCTION seller_listing_changed()`.execute(db);
  // A product of a user who is not a listed vendor (an admin's own, a restored backup) lists its owner:
  // once per statement for inserts (bulk loads stay fast), per row when a product changes owner.
  // FOR SHARE makes a concurrent role change of the owner wait for this transaction (or this wait for it).
  await sql`
    CREATE FUNCTION products_owner_listing() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM users u WHERE u.id IN (SELECT DISTINCT n.vendor_id FROM new_products n) ORDER BY u.id FOR SHARE;
      INSERT INTO unlisted_sellers (user_id)
        SELECT DISTINCT u.id FROM users u
        WHERE u.id IN (SELECT n.vendor_id FROM new_products n) AND NOT (u.role = 'vendor' AND u.vendor_active)
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER products_owner_listing AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
      FOR EACH STATEMENT EXECUTE FUNCTION products_owner_listing()`.execute(db);
  await sql`
    CREATE FUNCTION product_owner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM users u WHERE u.id = NEW.vendor_id AND u.role = 'vendor' AND u.vendor_active FOR SHARE;
      IF NOT FOUND THEN
        INSERT INTO unlisted_sellers (user_id) VALUES (NEW.vendor_id) ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER products_owner_changed AFTER UPDATE OF vendor_id ON products FOR EACH ROW
      WHEN (OLD.vendor_id IS DISTINCT FROM NEW.vendor_id) EXECUTE FUNCTION product_owner_changed()`.execute(db);
  // The catalogue version also moves for a vendor without products whose role changes.
  await sql`DROP TRIGGER IF EXISTS users_catalog_version ON users`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER users_catalog_version
      AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (OLD.vendor_active IS DISTINCT FROM NEW.vendor_active OR OLD.role IS DISTINCT FROM NEW.role
        OR OLD.name IS DISTINCT FROM NEW.name OR OLD.shop_name IS DISTINCT FROM NEW.shop_name)
      EXECUTE FUNCTION bump_catalog_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS users_seller_listing ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS products_owner_listing ON products`.execute(db);
  await sql`DROP TRIGGER IF EXISTS products_owner_changed ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS seller_listing_changed()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS products_owner_listing()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS product_owner_changed()`.execute(db);
  await sql`DROP TABLE IF EXISTS unlisted_sellers`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_catalog_version ON users`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER users_catalog_version
      AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (OLD.vendor_active IS DISTINCT FROM NEW.vendor_active OR OLD.name IS DISTINCT FROM NEW.name OR OLD.shop_name IS DISTINCT FROM NEW.shop_name)
      EXECUTE FUNCTION bump_catalog_version()`.execute(db);
  await sql`DROP TABLE IF EXISTS uploads`.execute(db);
  await sql`ALTER TABLE order_lines ${sql.raw(LINE_MONEY.map((c) => `ALTER COLUMN ${c} TYPE integer`).join(', '))}`.execute(db);
  await sql`ALTER TABLE orders ${sql.raw(ORDER_MONEY.map((c) => `ALTER COLUMN ${c} TYPE integer`).join(', '))}`.execute(db);
}
