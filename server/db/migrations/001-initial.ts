import { type Kysely, sql } from 'kysely';

/** The whole schema. Money is integer paise; ids are UUID text made by the server (or the client's outbox). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      email text,
      phone text NOT NULL UNIQUE,
      role text NOT NULL CHECK (role IN ('admin','user','vendor','delivery')),
      password_hash text NOT NULL,
      addresses jsonb NOT NULL DEFAULT '[]',
      gst_number text,
      shop_name text,
      commission_percentage numeric(5,2) NOT NULL DEFAULT 0,
      vendor_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions(user_id)`.execute(db);

  await sql`CREATE TABLE areas (id uuid PRIMARY KEY, name text NOT NULL UNIQUE)`.execute(db);

  await sql`
    CREATE TABLE categories (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX categories_name_ci ON categories (lower(name))`.execute(db);

  await sql`
    CREATE TABLE subcategories (
      id uuid PRIMARY KEY,
      category_id uuid NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
      name text NOT NULL,
      position integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX subcategories_name_ci ON subcategories (category_id, lower(name))`.execute(db);
  await sql`CREATE INDEX subcategories_lname ON subcategories (lower(name))`.execute(db);

  await sql`
    CREATE TABLE gsts (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      rate numeric(5,2) NOT NULL,
      hsn_code text NOT NULL DEFAULT '',
      cgst numeric(5,2) NOT NULL DEFAULT 0,
      sgst numeric(5,2) NOT NULL DEFAULT 0,
      igst numeric(5,2) NOT NULL DEFAULT 0,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE products (
      id uuid PRIMARY KEY,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      tamil text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      price_paise integer NOT NULL CHECK (price_paise >= 0),
      shop_price_paise integer NOT NULL CHECK (shop_price_paise >= 0),
      discount_paise integer NOT NULL DEFAULT 0 CHECK (discount_paise >= 0),
      count_in_stock integer NOT NULL,
      reorder_level integer NOT NULL DEFAULT 0,
      category_id uuid NOT NULL REFERENCES categories(id),
      subcategory_id uuid NOT NULL REFERENCES subcategories(id),
      gst_id uuid REFERENCES gsts(id) ON DELETE SET NULL,
      images jsonb NOT NULL DEFAULT '[]',
      is_active boolean NOT NULL DEFAULT true,
      rating numeric(3,2) NOT NULL DEFAULT 0,
      num_reviews integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX products_vendor_idx ON products(vendor_id)`.execute(db);
  await sql`CREATE INDEX products_subcategory_idx ON products(subcategory_id, shop_price_paise)`.execute(db);
  await sql`CREATE INDEX products_category_idx ON products(category_id)`.execute(db);
  // Case-insensitive substring search over English name, Tamil name and description.
  await sql`CREATE INDEX products_search_trgm ON products USING gin ((lower(name || ' ' || tamil || ' ' || description)) gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    CREATE TABLE reviews (
      id uuid PRIMARY KEY,
      product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
      comment text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (product_id, user_id)
    )`.execute(db);

  await sql`
    CREATE TABLE orders (
      id uuid PRIMARY KEY,
      order_number serial UNIQUE,
      customer_id uuid REFERENCES users(id) ON DELETE SET NULL,
      vendor_id uuid NOT NULL REFERENCES users(id),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'Pending',
      items_paise integer NOT NULL,
      discount_paise integer NOT NULL DEFAULT 0,
      delivery_discount_paise integer NOT NULL DEFAULT 0,
      shipping_address jsonb NOT NULL DEFAULT '{}',
      area text NOT NULL DEFAULT '',
      payment_status text NOT NULL DEFAULT 'Pending',
      is_shop boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX orders_customer_idx ON orders(customer_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX orders_vendor_idx ON orders(vendor_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX orders_pending_area_idx ON orders(lower(area), created_at) WHERE status = 'Pending'`.execute(db);

  await sql`
    CREATE TABLE order_lines (
      id uuid PRIMARY KEY,
      order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      product_id uuid REFERENCES products(id) ON DELETE SET NULL,
      position integer NOT NULL DEFAULT 0,
      name text NOT NULL,
      image text,
      quantity integer NOT NULL CHECK (quantity > 0),
      unit_price_paise integer NOT NULL,
      unit_discount_paise integer NOT NULL DEFAULT 0,
      line_total_paise integer NOT NULL,
      gst_rate numeric(5,2) NOT NULL DEFAULT 0,
      hsn_code text NOT NULL DEFAULT '',
      taxable_paise integer NOT NULL DEFAULT 0,
      cgst_paise integer NOT NULL DEFAULT 0,
      sgst_paise integer NOT NULL DEFAULT 0,
      igst_paise integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE INDEX order_lines_order_idx ON order_lines(order_id)`.execute(db);
  await sql`CREATE INDEX order_lines_product_idx ON order_lines(product_id)`.execute(db);

  await sql`
    CREATE TABLE announcements (
      id uuid PRIMARY KEY,
      information text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE password_resets (
      id uuid PRIMARY KEY,
      phone text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX password_resets_phone_idx ON password_resets(phone, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL,
      key text NOT NULL,
      method text NOT NULL,
      path text NOT NULL,
      body_hash text NOT NULL,
      state text NOT NULL,
      status_code integer,
      response_body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'idempotency_keys',
    'password_resets',
    'announcements',
    'order_lines',
    'orders',
    'reviews',
    'products',
    'gsts',
    'subcategories',
    'categories',
    'areas',
    'sessions',
    'users',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)} CASCADE`.execute(db);
  }
}
