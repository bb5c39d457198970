import { type Kysely, sql } from 'kysely';

/**
 * Batches and expiry. A product that tracks batches (`tracks_batches`) keeps its stock in batches
 * (product_batches: number, expiry, MRP and cost of what was received), and the sum of its batches'
 * quantities always equals its `count_in_stock`. The database keeps that true whatever path changes
 * stock: the ledger's trigger (migration 018) moves the batches beside each movement and writes on
 * the ledger row which batches moved (`stock_movements.batches`, [{ id, number, quantity }]).
 *
 * Which batches a movement takes or fills, when the writer names none (`app.stock_batches`, a JSON
 * object product id -> batch id, set by server/services/stock/stock-context.ts):
 * - a sale or an online order takes earliest expiry first and never an expired batch (expired: its
 *   expiry day is before today in India); any other decrease (count, adjustment) takes earliest
 *   expiry first among all batches with stock;
 * - a purchase fills its lines' batches; its cancellation and a debit note take from them;
 * - a void, a deleted order and a credit note's restock put goods back into the batches the order's
 *   lines took (order_line_batches, filled when the lines are written); a return not restocked goes
 *   out of the batches its return put the goods in;
 * - what is left over: an increase goes into the newest batch, a decrease short of stock goes below
 *   zero on the last batch it took from (a counter sale already happened); with no batch at all an
 *   "OPENING" batch (no expiry) is made. Turning tracking on puts the stock in that opening batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN tracks_batches boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE product_batches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      number text NOT NULL,
      expiry date,
      mrp_paise bigint CHECK (mrp_paise >= 0),
      cost_paise bigint CHECK (cost_paise >= 0),
      quantity numeric(14,3) NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      UNIQUE (product_id, number)
    )`.execute(db);
  await sql`CREATE INDEX product_batches_vendor_expiry ON product_batches (vendor_id, expiry)`.execute(db);
  await sql`
    CREATE TABLE order_line_batches (
      order_line_id uuid NOT NULL REFERENCES order_lines(id) ON DELETE CASCADE,
      batch_id uuid NOT NULL REFERENCES product_batches(id) ON DELETE CASCADE,
      quantity numeric(14,3) NOT NULL,
      returned numeric(14,3) NOT NULL DEFAULT 0,
      PRIMARY KEY (order_line_id, batch_id)
    )`.execute(db);
  await sql`CREATE INDEX order_line_batches_batch ON order_line_batches (batch_id)`.execute(db);
  await sql`ALTER TABLE purchase_lines ADD COLUMN batch_id uuid REFERENCES product_batches(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE stock_movements ADD COLUMN batches jsonb`.execute(db);
  await sql`CREATE INDEX stock_movements_batch_ref ON stock_movements (ref, product_id) WHERE batches IS NOT NULL`.execute(db);

  // The product's "OPENING" batch (made when missing): where stock with no batch of its own goes.
  await sql`
    CREATE FUNCTION stock_opening_batch(p_product uuid, p_vendor uuid) RETURNS uuid LANGUAGE plpgsql AS $$
    DECLARE b uuid;
    BEGIN
      INSERT INTO product_batches (product_id, vendor_id, number) VALUES (p_product, p_vendor, 'OPENING')
      ON CONFLICT (product_id, number) DO NOTHING RETURNING id INTO b;
      IF b IS NULL THEN
        SELECT id INTO b FROM product_batches WHERE product_id = p_product AND number = 'OPENING';
      END IF;
      RETURN b;
    END $$`.execute(db);

  // Moves a product's batches by `p_delta` for a movement of kind `p_kind` (the rules above); answers
  // the batches moved, [{ id, number, quantity }] (quantity signed like the movement). Runs under the
  // product row's lock (the trigger's UPDATE holds it), so one product's batches change one at a time.
  await sql`
    CREATE FUNCTION stock_batches_move(p_product uuid, p_vendor uuid, p_kind text, p_ref text, p_note text, p_delta numeric)
    RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      today date := (now() AT TIME ZONE 'Asia/Kolkata')::date;
      named uuid := (nullif(current_setting('app.stock_batches', true), '')::jsonb ->> p_product::text)::uuid;
      dir numeric := sign(p_delta);
      remaining numeric := abs(p_delta);
      selling boolean := p_kind IN ('sale', 'order');
      ids uuid[] := '{}';
      caps numeric[] := '{}';
      olines uuid[] := '{}';
      m_ids uuid[] := '{}';
      m_qs numeric[] := '{}';
      last_id uuid;
      ord uuid;
      q numeric;
      i int;
      pos int;
      result jsonb;
    BEGIN
      IF named IS NOT NULL AND EXISTS (SELECT 1 FROM product_batches WHERE id = named AND product_id = p_product) THEN
        ids := ARRAY[named]; caps := ARRAY[NULL::numeric];
      ELSIF dir < 0 AND p_kind IN ('purchase_cancelled', 'purchase_return') THEN
        SELECT coalesce(array_agg(b.id ORDER BY b.pos), '{}'), coalesce(array_agg(b.quantity ORDER BY b.pos), '{}') INTO ids, caps
        FROM (SELECT pb.id, pb.quantity, min(pl.position) AS pos FROM purchase_lines pl JOIN product_batches pb ON pb.id = pl.batch_id
              WHERE pl.purchase_id::text = p_ref AND pl.product_id = p_product GROUP BY pb.id, pb.quantity) b;
      ELSIF dir < 0 AND p_kind = 'adjustment' AND p_note = 'return' THEN
        SELECT coalesce(array_agg((e->>'id')::uuid), '{}'), coalesce(array_agg((e->>'quantity')::numeric), '{}') INTO ids, caps
        FROM jsonb_array_elements((SELECT m.batches FROM stock_movements m WHERE m.product_id = p_product AND m.kind = 'return'
                                   AND m.ref = p_ref AND m.batches IS NOT NULL ORDER BY m.id DESC LIMIT 1)) e;
      ELSIF dir > 0 AND p_kind = 'purchase' THEN
        SELECT coalesce(array_agg(b.id ORDER BY b.pos), '{}'), coalesce(array_agg(b.q ORDER BY b.pos), '{}') INTO ids, caps
        FROM (SELECT pl.batch_id AS id, sum(pl.quantity * coalesce(pl.pack_factor, 1)) AS q, min(pl.position) AS pos FROM purchase_lines pl
              WHERE pl.purchase_id::text = p_ref AND pl.product_id = p_product AND pl.batch_id IS NOT NULL GROUP BY pl.batch_id) b;
      ELSIF dir > 0 AND p_kind IN ('order_deleted', 'sale_voided', 'return') THEN
        IF p_kind = 'return' THEN
          SELECT order_id INTO ord FROM credit_notes WHERE number = p_ref AND vendor_id = p_vendor ORDER BY created_at DESC LIMIT 1;
        ELSE
          ord := p_ref::uuid;
        END IF;
        SELECT coalesce(array_agg(olb.batch_id ORDER BY pb.expiry DESC NULLS LAST, pb.created_at DESC), '{}'),
               coalesce(array_agg(olb.quantity - olb.returned ORDER BY pb.expiry DESC NULLS LAST, pb.created_at DESC), '{}'),
               coalesce(array_agg(olb.order_line_id ORDER BY pb.expiry DESC NULLS LAST, pb.created_at DESC), '{}')
          INTO ids, caps, olines
        FROM order_line_batches olb JOIN order_lines ol ON ol.id = olb.order_line_id JOIN product_batches pb ON pb.id = olb.batch_id
        WHERE ol.order_id = ord AND ol.product_id = p_product AND olb.quantity > olb.returned;
      END IF;

      -- what the named source takes or fills, up to each one's cap (null: no cap)
      FOR i IN 1 .. coalesce(array_length(ids, 1), 0) LOOP
        EXIT WHEN remaining <= 0;
        q := CASE WHEN caps[i] IS NULL THEN remaining ELSE least(remaining, greatest(caps[i], 0)) END;
        CONTINUE WHEN q <= 0;
        pos := array_position(m_ids, ids[i]);
        IF pos IS NULL THEN m_ids := m_ids || ids[i]; m_qs := m_qs || q; ELSE m_qs[pos] := m_qs[pos] + q; END IF;
        IF olines[i] IS NOT NULL THEN
          UPDATE order_line_batches SET returned = returned + q WHERE order_line_id = olines[i] AND batch_id = ids[i];
        END IF;
        last_id := ids[i];
        remaining := remaining - q;
      END LOOP;

      -- the rest of a decrease: earliest expiry first (a sale: never an expired batch)
      IF remaining > 0 AND dir < 0 THEN
        FOR ord, q IN
          SELECT id, quantity - coalesce((SELECT m_qs[array_position(m_ids, id)]), 0) FROM product_batches
          WHERE product_id = p_product AND (NOT selling OR expiry IS NULL OR expiry >= today)
          ORDER BY expiry NULLS LAST, created_at, id
        LOOP
          EXIT WHEN remaining <= 0;
          CONTINUE WHEN q <= 0;
          q := least(q, remaining);
          pos := array_position(m_ids, ord);
          IF pos IS NULL THEN m_ids := m_ids || ord; m_qs := m_qs || q; ELSE m_qs[pos] := m_qs[pos] + q; END IF;
          last_id := ord;
          remaining := remaining - q;
        END LOOP;
      END IF;

      -- still left: a shortfall goes below zero on the last batch taken from (else the next one a sale would
      -- take); an increase goes into the newest batch
      IF remaining > 0 THEN
        IF dir < 0 THEN
          IF last_id IS NULL THEN
            SELECT id INTO last_id FROM product_batches
            WHERE product_id = p_product AND (NOT selling OR expiry IS NULL OR expiry >= today)
            ORDER BY expiry NULLS LAST, created_at, id LIMIT 1;
          END IF;
        ELSE
          last_id := NULL;
        END IF;
        IF last_id IS NULL THEN
          SELECT id INTO last_id FROM product_batches WHERE product_id = p_product ORDER BY created_at DESC, id DESC LIMIT 1;
        END IF;
        IF last_id IS NULL THEN last_id := stock_opening_batch(p_product, p_vendor); END IF;
        pos := array_position(m_ids, last_id);
        IF pos IS NULL THEN m_ids := m_ids || last_id; m_qs := m_qs || remaining; ELSE m_qs[pos] := m_qs[pos] + remaining; END IF;
      END IF;

      UPDATE product_batches pb SET quantity = pb.quantity + dir * m.q
      FROM unnest(m_ids, m_qs) AS m(id, q) WHERE pb.id = m.id;
      SELECT jsonb_agg(jsonb_build_object('id', pb.id, 'number', pb.number, 'quantity', dir * m.q) ORDER BY m.n) INTO result
      FROM unnest(m_ids, m_qs) WITH ORDINALITY AS m(id, q, n) JOIN product_batches pb ON pb.id = m.id;
      RETURN result;
    END $$`.execute(db);

  // The ledger's trigger of migration 018, now moving the batches of a product that tracks them.
  await sql`
    CREATE OR REPLACE FUNCTION products_stock_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      k text := nullif(current_setting('app.stock_kind', true), '');
      r text := nullif(current_setting('app.stock_reason', true), '');
      ref text := nullif(current_setting('app.stock_ref', true), '');
      note text := nullif(current_setting('app.stock_note', true), '');
      delta numeric;
      moved jsonb;
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
      IF NEW.tracks_batches AND delta <> 0 THEN
        moved := stock_batches_move(NEW.id, NEW.vendor_id, k, ref, note, delta);
      END IF;
      INSERT INTO stock_movements (product_id, kind, quantity, balance, ref, reason, note, by_user, batches)
      VALUES (NEW.id, k, delta, NEW.count_in_stock, ref, r, note,
        nullif(current_setting('app.stock_by', true), '')::uuid, moved);
      RETURN NULL;
    END $$`.execute(db);

  // Tracking turned on: the stock not in any batch goes into the opening batch (fires after the ledger's trigger).
  await sql`
    CREATE FUNCTION products_track_batches() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE diff numeric; b uuid;
    BEGIN
      diff := NEW.count_in_stock - coalesce((SELECT sum(quantity) FROM product_batches WHERE product_id = NEW.id), 0);
      IF diff <> 0 THEN
        b := stock_opening_batch(NEW.id, NEW.vendor_id);
        UPDATE product_batches SET quantity = quantity + diff WHERE id = b;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER products_track_batches AFTER UPDATE OF tracks_batches ON products
    FOR EACH ROW WHEN (NEW.tracks_batches AND NOT OLD.tracks_batches)
    EXECUTE FUNCTION products_track_batches()`.execute(db);

  // An order line records the batches its order's movement took of its product (the movement is written first).
  await sql`
    CREATE FUNCTION order_lines_batches() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO order_line_batches (order_line_id, batch_id, quantity)
      SELECT NEW.id, (e->>'id')::uuid, sum(-(e->>'quantity')::numeric)
      FROM stock_movements m CROSS JOIN jsonb_array_elements(m.batches) e
      WHERE m.ref = NEW.order_id::text AND m.product_id = NEW.product_id AND m.kind IN ('sale', 'order') AND m.batches IS NOT NULL
        AND EXISTS (SELECT 1 FROM product_batches pb WHERE pb.id = (e->>'id')::uuid)
      GROUP BY 2
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER order_lines_batches AFTER INSERT ON order_lines
    FOR EACH ROW WHEN (NEW.product_id IS NOT NULL)
    EXECUTE FUNCTION order_lines_batches()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS order_lines_batches ON order_lines`.execute(db);
  await sql`DROP FUNCTION IF EXISTS order_lines_batches()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS products_track_batches ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS products_track_batches()`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION products_stock_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await sql`DROP FUNCTION IF EXISTS stock_batches_move(uuid, uuid, text, text, text, numeric)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS stock_opening_batch(uuid, uuid)`.execute(db);
  await sql`DROP INDEX IF EXISTS stock_movements_batch_ref`.execute(db);
  await sql`ALTER TABLE stock_movements DROP COLUMN IF EXISTS batches`.execute(db);
  await sql`ALTER TABLE purchase_lines DROP COLUMN IF EXISTS batch_id`.execute(db);
  await sql`DROP TABLE IF EXISTS order_line_batches`.execute(db);
  await sql`DROP TABLE IF EXISTS product_batches`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS tracks_batches`.execute(db);
}
