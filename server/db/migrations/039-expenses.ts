import { type Kysely, sql } from 'kysely';

/**
 * A shop's expenses and their categories (server/services/expenses, core/expense.ts).
 *
 * - expense_categories: the shop's own list, one name per shop (case ignored). The starting ones
 *   (rent, electricity, wages...) are made for a shop the first time it reads or uses its list, each with
 *   its `code` and its English and Tamil names; a category the shop adds has no code and one name for both.
 * - expenses: what was paid (amount_paise, GST included), how and on which India date. A bill with the
 *   supplier's GSTIN and a rate keeps its input GST (taxable, CGST/SGST or IGST), worked out once when
 *   recorded. `id` may be chosen by the device that recorded it, so a resend finds the same expense.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE expense_categories (
      id uuid PRIMARY KEY,
      shop_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code text,
      name text NOT NULL,
      name_ta text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX expense_categories_name ON expense_categories (shop_id, lower(name))`.execute(db);
  await sql`
    CREATE TABLE expenses (
      id uuid PRIMARY KEY,
      shop_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      category_id uuid NOT NULL REFERENCES expense_categories(id),
      amount_paise bigint NOT NULL CHECK (amount_paise > 0),
      method text NOT NULL CHECK (method IN ('cash', 'upi', 'card', 'bank')),
      day date NOT NULL,
      note text,
      supplier_gstin text,
      gst_rate numeric(5, 2),
      taxable_paise bigint NOT NULL,
      cgst_paise bigint NOT NULL DEFAULT 0,
      sgst_paise bigint NOT NULL DEFAULT 0,
      igst_paise bigint NOT NULL DEFAULT 0,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX expenses_shop_day ON expenses (shop_id, day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS expenses`.execute(db);
  await sql`DROP TABLE IF EXISTS expense_categories`.execute(db);
}
