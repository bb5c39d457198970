import type { CreditNoteDto, OrderReturns } from '../../../core/schemas/returns';
import { api } from '../../lib/api';

export type { CreditNoteDto, OrderReturns };

/** GET /api/Orders/:id/returns: the order's lines with what is left to return, and its credit notes. */
export const fetchOrderReturns = (orderId: string) => api.get<OrderReturns>(`Orders/${encodeURIComponent(orderId)}/returns`);
