import { z } from 'zod';
import { EXPENSE_AMOUNT_MAX_RUPEES, EXPENSE_CATEGORY_NAME_MAX, EXPENSE_GST_RATES, EXPENSE_METHODS, EXPENSE_NOTE_MAX } from '../expense';
import { gstinProblem, gstinProblemCode, normalizeGstin } from '../gstin';
import { blankToUndefined, byDto, daySchema, idSchema } from './common';

/** What was paid, in rupees with paise: above 0. */
const expenseAmount = z
  .number({ error: 'invalidNumeric' })
  .refine((v) => v > 0, { error: 'paymentAmountPositive', abort: true })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'invalidNumeric', abort: true })
  .refine((v) => v <= EXPENSE_AMOUNT_MAX_RUPEES, { error: 'invalidNumeric' });

/** The supplier's GSTIN, blank for none: any state's (a supplier outside Tamil Nadu charges IGST). */
const supplierGstin = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(normalizeGstin(v)) : blankToUndefined(v)),
  z
    .string({ error: 'gstinFormat' })
    .superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem && problem !== 'state') ctx.addIssue({ code: 'custom', message: gstinProblemCode(problem) });
    })
    .optional(),
);

/**
 * POST /api/expenses. `category`: one of the shop's categories, by id, by a starting one's code (rent,
 * tea...) or by name (either language, case ignored). `date`: the India date it was paid (at most a day ahead). `gstRate` goes with
 * `supplierGstin`: the bill's input GST is recorded only then. `id`: the device's own id for the
 * expense, so a resend finds it again.
 */
export const expenseSchema = z.object({
  id: z.preprocess(blankToUndefined, idSchema.optional()),
  category: z
    .string({ error: 'fillRequired' })
    .trim()
    .min(1, { error: 'fillRequired' })
    .max(EXPENSE_CATEGORY_NAME_MAX, { error: 'tooLong' }),
  amount: expenseAmount,
  method: z.enum(EXPENSE_METHODS, { error: 'optionInvalid' }),
  date: daySchema,
  note: z.preprocess(blankToUndefined, z.string({ error: 'tooLong' }).trim().max(EXPENSE_NOTE_MAX, { error: 'tooLong' }).optional()),
  supplierGstin,
  gstRate: z.preprocess(
    blankToUndefined,
    z
      .number({ error: 'invalidNumeric' })
      .refine((v) => (EXPENSE_GST_RATES as readonly number[]).includes(v), { error: 'optionInvalid' })
      .optional(),
  ),
});
export type ExpenseInput = z.infer<typeof expenseSchema>;

export const expenseCategoryDto = z.object({
  _id: z.string(),
  /** A starting category's code (rent, electricity...); null for one the shop added. */
  code: z.string().nullable(),
  name: z.string(),
  nameTa: z.string(),
});
export type ExpenseCategoryDto = z.infer<typeof expenseCategoryDto>;
export const expenseCategoriesResponse = z.array(expenseCategoryDto);

/** POST /api/expense-categories: a category of the shop's own. */
export const expenseCategorySchema = z.object({
  name: z.string({ error: 'fillRequired' }).trim().min(1, { error: 'fillRequired' }).max(EXPENSE_CATEGORY_NAME_MAX, { error: 'tooLong' }),
});

/** An expense as answered: rupees; its input GST split by head (all 0 without a GSTIN). */
export const expenseDto = z.object({
  _id: z.string(),
  category: expenseCategoryDto,
  amount: z.number(),
  method: z.enum(EXPENSE_METHODS),
  date: z.string(),
  note: z.string().nullable(),
  supplierGstin: z.string().nullable(),
  gstRate: z.number().nullable(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  createdBy: byDto.nullable(),
  createdAt: z.string(),
});
export type ExpenseDto = z.infer<typeof expenseDto>;

/** GET /api/expenses?from=&to=: India dates, both included; `to` defaults to `from`. */
export const expensesQuery = z.object({ from: daySchema, to: z.preprocess(blankToUndefined, daySchema.optional()) });

export const expensesResponse = z.object({
  from: z.string(),
  to: z.string(),
  expenses: z.array(expenseDto),
  byCategory: z.array(z.object({ category: expenseCategoryDto, amount: z.number(), count: z.number() })),
  total: z.number(),
  inputGst: z.object({ cgst: z.number(), sgst: z.number(), igst: z.number() }),
});
export type ExpensesResponse = z.infer<typeof expensesResponse>;

/** GET /api/reports/cashbook?date= */
export const cashbookQuery = z.object({ date: daySchema });

export const CASH_MOVE_KINDS = ['sale', 'creditCollected', 'refund', 'expense', 'supplierPayment', 'payIn', 'payOut'] as const;

export const cashbookResponse = z.object({
  date: z.string(),
  opening: z.number(),
  moves: z.array(
    z.object({
      kind: z.enum(CASH_MOVE_KINDS),
      /** The bill, the customer, the credit note, the expense category, the supplier, or the pay-in's reason. */
      reference: z.string().nullable(),
      in: z.number(),
      out: z.number(),
      at: z.string(),
      by: byDto.nullable(),
    }),
  ),
  totalIn: z.number(),
  totalOut: z.number(),
  closing: z.number(),
});
export type CashbookResponse = z.infer<typeof cashbookResponse>;
