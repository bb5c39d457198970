import type { CashbookResponse, ExpenseCategoryDto, ExpensesResponse } from '../../../core/schemas/expense';
import type { PayablesResponse, SupplierAccountDto, SupplierLedgerResponse, UpdateSupplierInput } from '../../../core/schemas/supplier';
import { api } from '../../lib/api';

/** GET /api/suppliers/payables: each supplier owed, by age, with the totals. */
export const fetchPayables = () => api.get<PayablesResponse>('suppliers/payables');
/** GET /api/suppliers/:id/ledger: its bills and payments with the running balance. */
export const fetchSupplierLedger = (id: string) => api.get<SupplierLedgerResponse>(`suppliers/${encodeURIComponent(id)}/ledger`);
/** PUT /api/suppliers/:id: its credit days. */
export const updateSupplier = (id: string, body: UpdateSupplierInput) =>
  api.put<SupplierAccountDto>(`suppliers/${encodeURIComponent(id)}`, body);

/** GET /api/expenses: the expenses dated from..to (India days, both included) with the totals by category. */
export const fetchExpenses = (from: string, to: string) => api.get<ExpensesResponse>('expenses', { searchParams: { from, to } });
export const fetchExpenseCategories = () => api.get<ExpenseCategoryDto[]>('expense-categories');
export const addExpenseCategory = (name: string) => api.post<ExpenseCategoryDto>('expense-categories', { name });

/** GET /api/reports/cashbook: one India day's cash: opening, each movement, closing. */
export const fetchCashbook = (date: string) => api.get<CashbookResponse>('reports/cashbook', { searchParams: { date } });
