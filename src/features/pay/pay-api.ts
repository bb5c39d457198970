import type { PayPageResponse } from '../../../core/schemas/pay-link';
import { api } from '../../lib/api';

/** GET /api/pay/:token: the public payment page's data (the shop, the amount, its UPI link, the expiry). */
export const fetchPayPage = (token: string) => api.get<PayPageResponse>(`pay/${encodeURIComponent(token)}`);
