import { type Kysely, sql } from 'kysely';

/**
 * users.scale_barcode: a shop owner's scale label layout (core/scale-barcode.ts,
 * docs/decisions/scale-barcodes.md): `{ prefix, itemDigits, value }`; null: the default layout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN scale_barcode jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS scale_barcode`.execute(db);
}
