import { coded } from '../../../core/coded';
import { istDay } from '../../../core/dates';
import { EXPENSE_DAYS_AHEAD, expenseInputGst } from '../../../core/expense';
import { CODE } from '../../../core/message-codes';
import { toPaise, toRupees } from '../../../core/money';
import type { CashbookResponse, ExpenseCategoryDto, ExpenseDto, ExpenseInput, ExpensesResponse } from '../../../core/schemas/expense';
import type { Db } from '../../db';
import { conflict, fieldError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth-user';
import { IdempotencyService } from '../platform/idempotency.service';
import type { IdempotencyClaim } from '../sales/checkout.service';
import { cashbook } from './cashbook';
import { expenseRows, shopCategories } from './expense-queries';

/** What recording an expense may answer besides its schema's codes. */
export const EXPENSE_CODES = ['expenseCategoryNotFound', 'expenseDateAhead', 'expenseGstinNeeded', 'expenseIdTaken'] as const;
/** What adding a category may answer besides its schema's codes. */
export const EXPENSE_CATEGORY_CODES = ['expenseCategoryExists'] as const;

const DAY_MS = 86_400_000;

/**
 * A shop's expenses (core/expense.ts) and its cash book. The owner and managers keep them
 * (PERMISSIONS.keepBooks); every row is the caller's shop's, and a category is found only among the
 * shop's own. Recording may come with an Idempotency-Key (its answer is stored in the write's own
 * transaction, so a replay records nothing more) or with the device's own `id` for the expense.
 */
export class ExpensesService {
  constructor(private readonly db: Db) {}

  /** GET /api/expense-categories */
  categories(user: AuthUser): Promise<ExpenseCategoryDto[]> {
    return this.db.transaction().execute((trx) => shopCategories(trx, sellerScope(user)!));
  }

  /** POST /api/expense-categories: a name the shop has not used (case ignored, either language). */
  async addCategory(user: AuthUser, name: string): Promise<ExpenseCategoryDto> {
    const shopId = sellerScope(user)!;
    return this.db.transaction().execute(async (trx) => {
      const have = await shopCategories(trx, shopId);
      const lower = name.toLowerCase();
      if (have.some((c) => c.name.toLowerCase() === lower || c.nameTa.toLowerCase() === lower)) {
        throw conflict(coded(CODE.expenseCategoryExists), { field: 'name' });
      }
      const id = newId();
      await trx.insertInto('expense_categories').values({ id, shop_id: shopId, code: null, name, name_ta: name }).execute();
      return { _id: id, code: null, name, nameTa: name };
    });
  }

  /** POST /api/expenses: 201 with the expense; 200 with the same one when its `id` was recorded before. */
  async record(user: AuthUser, input: ExpenseInput, idem?: IdempotencyClaim): Promise<{ created: boolean; expense: ExpenseDto }> {
    const shopId = sellerScope(user)!;
    if (input.date > istDay(Date.now() + EXPENSE_DAYS_AHEAD * DAY_MS)) throw fieldError('date', CODE.expenseDateAhead);
    if (input.gstRate !== undefined && !input.supplierGstin) throw fieldError('supplierGstin', CODE.expenseGstinNeeded);
    return this.db.transaction().execute(async (trx) => {
      if (input.id) {
        const same = await trx.selectFrom('expenses').select('shop_id').where('id', '=', input.id).executeTakeFirst();
        if (same && same.shop_id !== shopId) throw conflict(coded(CODE.expenseIdTaken), { field: 'id' });
        if (same) return { created: false, expense: (await expenseRows(trx, shopId, { ids: [input.id] }))[0] };
      }
      const wanted = input.category.toLowerCase();
      const category = (await shopCategories(trx, shopId)).find(
        (c) => c._id === input.category || c.code === wanted || c.name.toLowerCase() === wanted || c.nameTa.toLowerCase() === wanted,
      );
      if (!category) throw fieldError('category', CODE.expenseCategoryNotFound);
      const amountPaise = toPaise(input.amount);
      const tax = expenseInputGst(amountPaise, input.supplierGstin, input.gstRate);
      const id = input.id ?? newId();
      await trx
        .insertInto('expenses')
        .values({
          id,
          shop_id: shopId,
          category_id: category._id,
          amount_paise: amountPaise,
          method: input.method,
          day: input.date,
          note: input.note ?? null,
          supplier_gstin: input.supplierGstin ?? null,
          gst_rate: input.supplierGstin && input.gstRate !== undefined ? input.gstRate : null,
          taxable_paise: tax.taxablePaise,
          cgst_paise: tax.cgstPaise,
          sgst_paise: tax.sgstPaise,
          igst_paise: tax.igstPaise,
          created_by: user.id,
        })
        .execute();
      const [expense] = await expenseRows(trx, shopId, { ids: [id] });
      if (idem) await new IdempotencyService(trx).complete(idem.userId, idem.key, 201, JSON.stringify(expense));
      return { created: true, expense };
    });
  }

  /** GET /api/expenses?from=&to=: the shop's expenses dated in the range, with totals by category and the input GST. */
  async list(user: AuthUser, from: string, to: string = from): Promise<ExpensesResponse> {
    const shopId = sellerScope(user)!;
    const expenses = await expenseRows(this.db, shopId, { fromDay: from, toDay: to });
    const byCategory = new Map<string, { category: ExpenseCategoryDto; paise: number; count: number }>();
    let totalPaise = 0;
    const gst = { cgst: 0, sgst: 0, igst: 0 };
    for (const e of expenses) {
      const paise = toPaise(e.amount);
      totalPaise += paise;
      gst.cgst += toPaise(e.cgst);
      gst.sgst += toPaise(e.sgst);
      gst.igst += toPaise(e.igst);
      const entry = byCategory.get(e.category._id) ?? { category: e.category, paise: 0, count: 0 };
      entry.paise += paise;
      entry.count += 1;
      byCategory.set(e.category._id, entry);
    }
    return {
      from,
      to,
      expenses,
      byCategory: [...byCategory.values()].map((c) => ({ category: c.category, amount: toRupees(c.paise), count: c.count })),
      total: toRupees(totalPaise),
      inputGst: { cgst: toRupees(gst.cgst), sgst: toRupees(gst.sgst), igst: toRupees(gst.igst) },
    };
  }

  /** GET /api/reports/cashbook?date= */
  cashbook(user: AuthUser, date: string): Promise<CashbookResponse> {
    return cashbook(this.db, sellerScope(user)!, date);
  }
}
