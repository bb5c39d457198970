import type { ExpenseDto, ExpenseInput } from '../../../core/schemas/expense';
import type { SupplierPaymentDto, SupplierPaymentInput } from '../../../core/schemas/supplier';
import type { OutboxItem } from '../../offline/db';
import { awaitOutcome, enqueue } from '../../offline/actions';
import { newOutboxId } from '../../offline/outbox';

/** The outbox kinds of a payment to a supplier and of an expense. */
export const SUPPLIER_PAYMENT = 'supplierPayment';
export const EXPENSE = 'expense';

/** A payment to a supplier in the outbox: "Waiting to sync", or refused ("Needs attention"). */
export interface QueuedSupplierPayment extends OutboxItem {
  body: SupplierPaymentInput & { _id: string };
  display: { supplierId: string };
}

/** An expense in the outbox, with its category's name as the form showed it. */
export interface QueuedExpense extends OutboxItem {
  body: ExpenseInput & { id: string };
  display: { category: string };
}

/**
 * Pays a supplier (POST /api/suppliers/:id/payments) through the outbox: saved on this device first with a
 * client-made `_id` that is also its Idempotency-Key, so a replay after a lost answer records it once. Online,
 * the server's answer (or its refusal: an ApiError, e.g. more than is owed); offline, or no answer in time,
 * null: it is queued and sent when the connection returns.
 */
export async function paySupplier(
  supplierId: string,
  input: Omit<SupplierPaymentInput, '_id'>,
  label: string,
): Promise<SupplierPaymentDto | null> {
  const _id = newOutboxId();
  const item = await enqueue(
    SUPPLIER_PAYMENT,
    {
      method: 'POST',
      path: `suppliers/${encodeURIComponent(supplierId)}/payments`,
      body: { ...input, _id },
      label,
      display: { supplierId },
    },
    { id: _id },
  );
  const sent = await awaitOutcome(item.id, 8_000);
  return (sent?.response as SupplierPaymentDto | undefined) ?? null;
}

/** Records an expense (POST /api/expenses) the same way: its device-made `id` is the Idempotency-Key; null when queued. */
export async function recordExpense(input: Omit<ExpenseInput, 'id'>, category: string, label: string): Promise<ExpenseDto | null> {
  const id = newOutboxId();
  const item = await enqueue(EXPENSE, { method: 'POST', path: 'expenses', body: { ...input, id }, label, display: { category } }, { id });
  const sent = await awaitOutcome(item.id, 8_000);
  return (sent?.response as ExpenseDto | undefined) ?? null;
}
