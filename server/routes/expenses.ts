import {
  cashbookQuery,
  cashbookResponse,
  expenseCategoriesResponse,
  expenseCategoryDto,
  expenseCategorySchema,
  expenseDto,
  expenseSchema,
  expensesQuery,
  expensesResponse,
} from '../../core/schemas/expense';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';
import { EXPENSE_CATEGORY_CODES, EXPENSE_CODES } from '../services/expenses/expenses.service';

/**
 * /api/expenses, /api/expense-categories and /api/reports/cashbook: the shop's expenses, their
 * categories and the day's cash book (server/services/expenses). Registered under /api.
 */
/** The supplier's GSTIN refused (a custom check the schema walk does not see). */
const GSTIN_CODES = ['gstinFormat', 'gstinCheck'] as const;

export async function expensesRoutes(app: App) {
  const { expenses } = app.services;

  app.post(
    '/expenses',
    {
      schema: {
        body: expenseSchema,
        response: replies({ 200: expenseDto, 201: expenseDto }, [...EXPENSE_CODES, ...GSTIN_CODES, ...IDEMPOTENCY_CODES]),
      },
    },
    async (req, reply) => {
      const { created, expense } = await expenses.record(currentUser(req), req.body, req.idempotency ?? undefined);
      reply.code(created ? 201 : 200);
      return expense;
    },
  );
  app.get('/expenses', { schema: { querystring: expensesQuery, response: replies({ 200: expensesResponse }) } }, async (req) =>
    expenses.list(currentUser(req), req.query.from, req.query.to),
  );
  app.get('/expense-categories', { schema: { response: replies({ 200: expenseCategoriesResponse }) } }, async (req) =>
    expenses.categories(currentUser(req)),
  );
  app.post(
    '/expense-categories',
    { schema: { body: expenseCategorySchema, response: replies({ 201: expenseCategoryDto }, EXPENSE_CATEGORY_CODES) } },
    async (req, reply) => {
      const category = await expenses.addCategory(currentUser(req), req.body.name);
      reply.code(201);
      return category;
    },
  );
  app.get('/reports/cashbook', { schema: { querystring: cashbookQuery, response: replies({ 200: cashbookResponse }) } }, async (req) =>
    expenses.cashbook(currentUser(req), req.query.date),
  );
}
