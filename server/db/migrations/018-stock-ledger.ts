import { type Kysely, sql } from 'kysely';

/**
 * The stock ledger: every change of a product's stock is a row of stock_movements, written by a
 * trigger on products, so the stock always equals the sum of its ledger whoever changes it. The
 * writer names the movement (kind, reference, reason, note, who) with transaction-local settings
 * (server/services/stock/stock-context.ts); a change made without them is an adjustment for "other".
 * Each product starts with an opening balance: its stock when the ledger starts.
 *
 * Products also get the vendor's own code (sku, unique per vendor, case-insensitive) and a cost
 * price per unit in paise (the weighted average of what was received; null until known).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN sku text`.execute(db);
  await sql`CREATE UNIQUE INDEX products_vendor_sku ON products (vendor_id, lower(sku)) WHERE sku IS NOT NULL`.execute(db);
  await sql`ALTER TABLE products ADD COLUMN cost_price_paise bigint CHECK (cost_price_paise >= 0)`.execute(db);

  await sql`
    CREATE TABLE stock_movements (
      id bigserial PRIMARY KEY,
      product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      kind text NOT NULL CHECK (kind IN ('opening', 'sale', 'order', 'order_deleted', 'sale_voided', 'purchase',
        'purchase_cancelled', 'adjustment', 'import', 'product_edit')),
      quantity numeric(12,3) NOT NULL,
      balance numeric(12,3) NOT NULL,
      ref text,
      reason text CHECK (reason IN ('damaged', 'expired', 'lost', 'count', 'other')),
      note text,
      by_user uuid REFERENCES users(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX stock_movements_product ON stock_movements (product_id, id)`.execute(db);
  await sql`CREATE INDEX stock_movements_at ON stock_movements (at)`.execute(db);

  // The row lock of the UPDATE is held until commit, so the balances of one product follow the
  // order of its ids (bigserial taken under that lock).
  await sql`
    CREATE FUNCTION products_stock_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      k text := nullif(current_setting('app.stock_kind', true), '');
      r text := nullif(current_setting('app.stock_reason', true), '');
      delta numeric;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        delta := NEW.count_in_stock;
        k := coalesce(k, 'opening');
      ELSE
        delta := NEW.count_in_stock - OLD.count_in_stock;
        IF k IS NULL THEN
          k := 'adjustment';
          r := coalesce(r, 'other');
        END IF;
      END IF;
      INSERT INTO stock_movements (product_id, kind, quantity, balance, ref, reason, note, by_user)
      VALUES (NEW.id, k, delta, NEW.count_in_stock,
        nullif(current_setting('app.stock_ref', true), ''), r,
        nullif(current_setting('app.stock_note', true), ''),
        nullif(current_setting('app.stock_by', true), '')::uuid);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER products_stock_ledger_insert AFTER INSERT ON products
    FOR EACH ROW EXECUTE FUNCTION products_stock_ledger()`.execute(db);
  await sql`
    CREATE TRIGGER products_stock_ledger_update AFTER UPDATE OF count_in_stock ON products
    FOR EACH ROW WHEN (OLD.count_in_stock IS DISTINCT FROM NEW.count_in_stock)
    EXECUTE FUNCTION products_stock_ledger()`.execute(db);

  await sql`
    INSERT INTO stock_movements (product_id, kind, quantity, balance)
    SELECT id, 'opening', count_in_stock, count_in_stock FROM products ORDER BY created_at, id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS products_stock_ledger_update ON products`.execute(db);
  await sql`DROP TRIGGER IF EXISTS products_stock_ledger_insert ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS products_stock_ledger()`.execute(db);
  await sql`DROP TABLE IF EXISTS stock_movements`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS cost_price_paise`.execute(db);
  await sql`DROP INDEX IF EXISTS products_vendor_sku`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS sku`.execute(db);
}
