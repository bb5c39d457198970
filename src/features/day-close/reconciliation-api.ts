import type { ReconciliationResponse, StatementResponse } from '../../../core/schemas/payment';
import { api, http, toApiError } from '../../lib/api';

/** GET /api/payments/reconciliation: the UPI sales and payments of one India-time day (an admin names the vendor). */
export const fetchReconciliation = (date: string, vendorId?: string) =>
  api.get<ReconciliationResponse>('payments/reconciliation', { searchParams: { date, ...(vendorId ? { vendorId } : {}) } });

/** POST /api/payments/statements: a settlement statement's CSV matched to the shop's UPI sales (an admin names the shop). */
export async function uploadStatement(file: File, shopId?: string): Promise<StatementResponse> {
  const body = new FormData();
  body.append('file', file);
  try {
    return await http
      .post('payments/statements', { body, searchParams: shopId ? { shopId } : {}, timeout: 120_000 })
      .json<StatementResponse>();
  } catch (err) {
    throw await toApiError(err);
  }
}
