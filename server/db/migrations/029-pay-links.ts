import { type Kysely, sql } from 'kysely';

/**
 * pay_links: a reminder's payment link (core/pay-link.ts). The token itself is never stored, only its
 * SHA-256 hash, so a leaked table row opens no page. The amount is the customer's balance due when the
 * link was made; the page shows it until the link expires. The customer is kept for the shop's own
 * records (and to go with a deleted customer); the public page never shows who it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pay_links (
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      customer_id uuid NOT NULL REFERENCES shop_customers(id) ON DELETE CASCADE,
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX pay_links_customer ON pay_links (customer_id)`.execute(db);
  await sql`CREATE INDEX pay_links_expires ON pay_links (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS pay_links`.execute(db);
}
