import { type Kysely, sql } from 'kysely';

/**
 * The cost of goods at the time of the sale (server/services/reports/profit.service.ts).
 *
 * - order_lines.cost_paise: the product's weighted average cost per unit (products.cost_price_paise)
 *   when the line was written, read from the same locked product row as its price; null: the cost was
 *   not known then (a product never received through a purchase, or a line written before this column).
 *   Later purchases change the product's cost, never this one, so a past margin stays as it was.
 *   Existing lines are left null: their cost at the time is not known.
 * A return's cost is its order line's (credit_note_lines.order_line_id), so credit notes need no column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_lines ADD COLUMN cost_paise bigint CHECK (cost_paise >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_lines DROP COLUMN IF EXISTS cost_paise`.execute(db);
}
