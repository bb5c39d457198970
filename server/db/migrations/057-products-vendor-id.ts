import { type Kysely, sql } from 'kysely';

/**
 * A shop's products in id order: the counter's catalogue reads a shop's 20,000 products page after page by
 * id (keyset), each page one range of this index instead of every product of the shop sorted again. It leads
 * with the column of products_vendor_idx, which it replaces.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX products_vendor_id ON products (vendor_id, id)`.execute(db);
  await sql`DROP INDEX products_vendor_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX products_vendor_idx ON products (vendor_id)`.execute(db);
  await sql`DROP INDEX products_vendor_id`.execute(db);
}
