import { type Kysely, sql } from 'kysely';

/**
 * Customer displays (server/services/live/displays.service.ts): a tablet facing the customer, paired with a
 * shop's till by a short code, that shows the running bill the till sends.
 *
 * - customer_displays: one row per display. Unpaired, it holds the pairing code (hashed, single use, for ten
 *   minutes); paired, the shop and the till it follows. The display's token and its one-minute stream ticket
 *   are kept hashed, so any API process serves the display and a leaked row opens nothing. `state` is the
 *   last bill the till sent (its `state_seq` orders them: an older one never replaces a newer), so a display
 *   that reconnects, to any process, shows the bill at once; NOTIFY display_events only says which display changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE customer_displays (
      id uuid PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      code_hash text,
      code_expires_at timestamptz,
      shop_id uuid REFERENCES users(id) ON DELETE CASCADE,
      device_id uuid REFERENCES devices(id) ON DELETE SET NULL,
      paired_by uuid REFERENCES users(id) ON DELETE SET NULL,
      paired_at timestamptz,
      ticket_hash text,
      ticket_expires_at timestamptz,
      state jsonb,
      state_seq bigint NOT NULL DEFAULT 0,
      seen_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX customer_displays_code ON customer_displays (code_hash) WHERE code_hash IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX customer_displays_ticket ON customer_displays (ticket_hash) WHERE ticket_hash IS NOT NULL`.execute(db);
  await sql`CREATE INDEX customer_displays_shop ON customer_displays (shop_id, device_id) WHERE shop_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS customer_displays`.execute(db);
}
