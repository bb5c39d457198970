import { sql } from 'kysely';
import { DEFAULT_EXPENSE_CATEGORIES, EXPENSE_CATEGORY_NAMES } from '../../../core/expense';
import { toRupees } from '../../../core/money';
import type { ExpenseCategoryDto, ExpenseDto } from '../../../core/schemas/expense';
import { personName } from '../staff/staff-queries';
import type { Db } from '../../db';
import { newId } from '../../lib/ids';

/** The expense queries: a shop's categories (the starting ones made on first use) and its expenses as answered. */

const categoryDto = (c: { id: string; code: string | null; name: string; name_ta: string }): ExpenseCategoryDto => ({
  _id: c.id,
  code: c.code,
  name: c.name,
  nameTa: c.name_ta,
});

/**
 * The shop's categories, oldest first; a shop that has none yet gets the starting ones (rent, electricity...)
 * first. Made inside the caller's transaction; two first uses at once insert each name once (the unique name
 * index, ON CONFLICT DO NOTHING).
 */
export async function shopCategories(db: Db, shopId: string): Promise<ExpenseCategoryDto[]> {
  const read = () =>
    db
      .selectFrom('expense_categories')
      .select(['id', 'code', 'name', 'name_ta'])
      .where('shop_id', '=', shopId)
      // the starting ones first, in their order, then the shop's own as added
      .orderBy(sql`code IS NULL`)
      .orderBy('created_at')
      .orderBy('name')
      .execute();
  let rows = await read();
  if (!rows.length) {
    const now = Date.now();
    await db
      .insertInto('expense_categories')
      .values(
        DEFAULT_EXPENSE_CATEGORIES.map((code, i) => ({
          id: newId(),
          shop_id: shopId,
          code,
          name: EXPENSE_CATEGORY_NAMES[code].en,
          name_ta: EXPENSE_CATEGORY_NAMES[code].ta,
          // one millisecond apart, so the list keeps the starting order
          created_at: new Date(now + i),
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    rows = await read();
  }
  return rows.map(categoryDto);
}

/** The shop's expenses by id, or dated in [fromDay, toDay], in date then record order. */
export async function expenseRows(
  db: Db,
  shopId: string,
  filter: { ids?: string[]; fromDay?: string; toDay?: string },
): Promise<ExpenseDto[]> {
  let q = db
    .selectFrom('expenses as e')
    .innerJoin('expense_categories as c', 'c.id', 'e.category_id')
    .select([
      'e.id',
      'e.amount_paise',
      'e.method',
      sql<string>`to_char(e.day, 'YYYY-MM-DD')`.as('day'),
      'e.note',
      'e.supplier_gstin',
      'e.gst_rate',
      'e.taxable_paise',
      'e.cgst_paise',
      'e.sgst_paise',
      'e.igst_paise',
      'e.created_by',
      'e.created_at',
      'c.id as category_id',
      'c.code',
      'c.name',
      'c.name_ta',
      personName('e.created_by').as('by_name'),
    ])
    .where('e.shop_id', '=', shopId);
  if (filter.ids) q = q.where('e.id', 'in', filter.ids);
  if (filter.fromDay) q = q.where('e.day', '>=', filter.fromDay);
  if (filter.toDay) q = q.where('e.day', '<=', filter.toDay);
  const rows = await q.orderBy('e.day').orderBy('e.created_at').orderBy('e.id').execute();
  return rows.map((r) => ({
    _id: r.id,
    category: categoryDto({ id: r.category_id, code: r.code, name: r.name, name_ta: r.name_ta }),
    amount: toRupees(Number(r.amount_paise)),
    method: r.method,
    date: r.day,
    note: r.note,
    supplierGstin: r.supplier_gstin,
    gstRate: r.gst_rate === null ? null : Number(r.gst_rate),
    taxable: toRupees(Number(r.taxable_paise)),
    cgst: toRupees(Number(r.cgst_paise)),
    sgst: toRupees(Number(r.sgst_paise)),
    igst: toRupees(Number(r.igst_paise)),
    createdBy: r.created_by ? { _id: r.created_by, name: r.by_name ?? '' } : null,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
