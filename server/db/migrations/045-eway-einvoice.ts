import { type Kysely, sql } from 'kysely';

/**
 * E-way bills and e-invoices, entered back by hand after the shop uploads the JSON to the portals
 * (nothing here calls a portal).
 *
 * - users.turnover_above_5_crore: the shop says its aggregate turnover passed ₹5 crore, so its B2B
 *   invoices and credit notes must be e-invoices (CGST rule 48(4)).
 * - orders: the e-way bill number (12 digits) and its date; the IRN (64 hex digits), its acknowledgement
 *   number and date, and the signed QR code, as the IRP answered.
 * - credit_notes: the same e-invoice fields (a credit note to a registered buyer is a CRN e-invoice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN turnover_above_5_crore boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE orders
      ADD COLUMN eway_bill_no text CHECK (eway_bill_no ~ '^[0-9]{12}$'),
      ADD COLUMN eway_bill_at timestamptz,
      ADD COLUMN irn text CHECK (irn ~ '^[0-9a-f]{64}$'),
      ADD COLUMN irn_ack_no text,
      ADD COLUMN irn_ack_at timestamptz,
      ADD COLUMN signed_qr text`.execute(db);
  await sql`
    ALTER TABLE credit_notes
      ADD COLUMN irn text CHECK (irn ~ '^[0-9a-f]{64}$'),
      ADD COLUMN irn_ack_no text,
      ADD COLUMN irn_ack_at timestamptz,
      ADD COLUMN signed_qr text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE credit_notes
      DROP COLUMN IF EXISTS signed_qr, DROP COLUMN IF EXISTS irn_ack_at, DROP COLUMN IF EXISTS irn_ack_no, DROP COLUMN IF EXISTS irn`.execute(
    db,
  );
  await sql`
    ALTER TABLE orders
      DROP COLUMN IF EXISTS signed_qr, DROP COLUMN IF EXISTS irn_ack_at, DROP COLUMN IF EXISTS irn_ack_no, DROP COLUMN IF EXISTS irn,
      DROP COLUMN IF EXISTS eway_bill_at, DROP COLUMN IF EXISTS eway_bill_no`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS turnover_above_5_crore`.execute(db);
}
