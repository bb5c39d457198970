import { type Kysely, sql } from 'kysely';

/**
 * A return of a sale paid in parts refunds in parts (core/credit-note.ts splitRefundParts): first by the method
 * chosen, the rest by the sale's other parts, each at most what it paid.
 *
 * - credit_note_refunds: such a note's refund, one row per method, each above 0, adding up to the note's amount.
 *   Only returns of split sales have rows here: every other note's refund is its credit_notes.refund_method alone
 *   (which stays the method chosen), so a join on this table never repeats an ordinary note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE credit_note_refunds (
      credit_note_id uuid NOT NULL REFERENCES credit_notes(id) ON DELETE CASCADE,
      method text NOT NULL CHECK (method IN ('cash', 'upi', 'card', 'credit')),
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      PRIMARY KEY (credit_note_id, method)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS credit_note_refunds`.execute(db);
}
