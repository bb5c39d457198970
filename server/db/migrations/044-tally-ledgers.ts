import { type Kysely, sql } from 'kysely';

/**
 * The shop's Tally ledger names (core/schemas/tally.ts, server/services/tax/tally.service.ts): the names its
 * accountant's Tally company uses for sales and purchases at each GST rate, output and input CGST/SGST/IGST,
 * cash, bank and round off. One row per shop, written the first time the shop saves them; until then the
 * export uses the defaults a Tally company usually has ("Sales 5%", "Output CGST", "Cash"...).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tally_settings (
      shop_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      ledgers jsonb NOT NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS tally_settings`.execute(db);
}
