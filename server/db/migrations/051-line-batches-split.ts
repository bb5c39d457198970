import { type Kysely, sql } from 'kysely';

/**
 * A sale may hold two lines of one product (2 bags and 12.5 kg loose of the same rice), and its stock
 * moves once per product. Each line now records only its own part of that movement's batches: the
 * batches in the order the movement took them (earliest expiry first), less what the sale's earlier
 * lines of the product recorded, up to the line's base quantity (packs × factor). One line per product
 * records the whole movement, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION order_lines_batches() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      need numeric := NEW.quantity * coalesce(NEW.pack_factor, 1);
      b record;
      q numeric;
    BEGIN
      FOR b IN
        SELECT t.id, t.q - coalesce((SELECT sum(olb.quantity) FROM order_line_batches olb
                                     JOIN order_lines ol ON ol.id = olb.order_line_id
                                     WHERE ol.order_id = NEW.order_id AND ol.product_id = NEW.product_id
                                       AND ol.id <> NEW.id AND olb.batch_id = t.id), 0) AS left_q
        FROM (SELECT (x.e->>'id')::uuid AS id, sum(-(x.e->>'quantity')::numeric) AS q, min(lpad(m.id::text, 20, '0') || lpad(x.n::text, 6, '0')) AS pos
              FROM stock_movements m CROSS JOIN jsonb_array_elements(m.batches) WITH ORDINALITY AS x(e, n)
              WHERE m.ref = NEW.order_id::text AND m.product_id = NEW.product_id AND m.kind IN ('sale', 'order')
                AND m.batches IS NOT NULL
                AND EXISTS (SELECT 1 FROM product_batches pb WHERE pb.id = (x.e->>'id')::uuid)
              GROUP BY 1) t
        ORDER BY t.pos
      LOOP
        EXIT WHEN need <= 0;
        CONTINUE WHEN b.left_q <= 0;
        q := least(b.left_q, need);
        INSERT INTO order_line_batches (order_line_id, batch_id, quantity) VALUES (NEW.id, b.id, q) ON CONFLICT DO NOTHING;
        need := need - q;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION order_lines_batches() RETURNS trigger LANGUAGE plpgsql AS $$
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
}
