import type { CreateReturnInput, CreditNoteDto, OrderReturns } from '../../../core/schemas/returns';
import { api } from '../../lib/api';

export type { CreditNoteDto, OrderReturns };

/** GET /api/Orders/:id/returns: the order's lines with what is left to return, and its credit notes. */
export const fetchOrderReturns = (orderId: string) => api.get<OrderReturns>(`Orders/${encodeURIComponent(orderId)}/returns`);

/**
 * POST /api/Orders/:id/returns. `key` is the dialog's Idempotency-Key and the body carries the
 * dialog's note id: a retry after a lost answer gets the same credit note back, never a second one.
 */
export const createReturn = (orderId: string, body: CreateReturnInput, key: string) =>
  api.post<CreditNoteDto>(`Orders/${encodeURIComponent(orderId)}/returns`, body, { headers: { 'Idempotency-Key': key } });
