import { type Kysely, sql } from 'kysely';

/**
 * A shop run by a team (core/roles.ts STAFF_ROLES, docs/decisions/shop-staff.md).
 *
 * - shop_staff: a person's place in a shop: the account (its own phone and password), the shop (the
 *   owner's vendor account) and the role the owner gave. One shop at a time per person, so the account
 *   is the primary key; removal deletes the row (and the person's sessions), and the account goes back
 *   to being what it was (a customer keeps shopping).
 * - users.pin_verifier: the person's till PIN as a slow salted verifier (PBKDF2-SHA256, core/pin.ts),
 *   never the PIN; the shop's tills keep a copy to switch people offline.
 * - pin_failures: wrong PINs per person and place (a till's id, or 'approvals' for a PIN given to approve
 *   away from a till); 5 in a row lock that person there for 15 minutes.
 * - sessions.device_id: a session opened by switching on a till (its person at that till).
 * - users.approval_limits: the owner's limits above which a return or a discount needs a manager's PIN.
 * - shop_audit: approvals (who asked, who approved, when, why, what) and changes made by hand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE shop_staff (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      shop_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      role text NOT NULL CHECK (role IN ('manager', 'cashier', 'stock')),
      added_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (user_id <> shop_id)
    )`.execute(db);
  await sql`CREATE INDEX shop_staff_shop ON shop_staff (shop_id)`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN pin_verifier text`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN approval_limits jsonb`.execute(db);
  await sql`
    CREATE TABLE pin_failures (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      place text NOT NULL,
      failures integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      PRIMARY KEY (user_id, place)
    )`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN device_id uuid REFERENCES devices(id) ON DELETE CASCADE`.execute(db);
  await sql`
    CREATE TABLE shop_audit (
      id uuid PRIMARY KEY,
      shop_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT now(),
      kind text NOT NULL,
      asked_by uuid REFERENCES users(id) ON DELETE SET NULL,
      approved_by uuid REFERENCES users(id) ON DELETE SET NULL,
      reason text,
      ref text,
      details jsonb NOT NULL DEFAULT '{}'
    )`.execute(db);
  await sql`CREATE INDEX shop_audit_shop_at ON shop_audit (shop_id, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS shop_audit`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS device_id`.execute(db);
  await sql`DROP TABLE IF EXISTS pin_failures`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS approval_limits`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS pin_verifier`.execute(db);
  await sql`DROP TABLE IF EXISTS shop_staff`.execute(db);
}
