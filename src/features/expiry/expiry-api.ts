import type { ExpiringResponse, WriteOffResult } from '../../../core/schemas/batch';
import { api } from '../../lib/api';

/** GET /api/stock/expiring: the shop's batches with stock expiring within `days` (and expired), valued at cost. */
export const fetchExpiring = (days: number) => api.get<ExpiringResponse>('stock/expiring', { searchParams: { days } });

/** POST /api/stock/expiring/write-off: the chosen batches' stock out as expired adjustments. */
export const writeOff = (batchIds: string[]) => api.post<WriteOffResult>('stock/expiring/write-off', { batchIds });
