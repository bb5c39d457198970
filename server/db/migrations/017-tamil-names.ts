import { type Kysely, sql } from 'kysely';

/**
 * Tamil names: categories and subcategories get one ('' until an admin gives it), and each order line
 * keeps the product's Tamil name at sale time, as it keeps the English one. Lines sold before this
 * take their product's Tamil name of now, the nearest there is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE categories ADD COLUMN name_ta text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE subcategories ADD COLUMN name_ta text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE order_lines ADD COLUMN name_ta text NOT NULL DEFAULT ''`.execute(db);
  await sql`UPDATE order_lines l SET name_ta = p.tamil FROM products p WHERE p.id = l.product_id AND p.tamil <> ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_lines DROP COLUMN IF EXISTS name_ta`.execute(db);
  await sql`ALTER TABLE subcategories DROP COLUMN IF EXISTS name_ta`.execute(db);
  await sql`ALTER TABLE categories DROP COLUMN IF EXISTS name_ta`.execute(db);
}
