import type { ProfitResponse } from '../../../core/schemas/profit';
import type { UserDto } from '../../../core/schemas/user';
import { api } from '../../lib/api';

/** GET /api/reports/profit: the shop's profit for India dates from..to, both included (an admin names the vendor). */
export const fetchProfit = (from: string, to: string, vendorId?: string) =>
  api.get<ProfitResponse>('reports/profit', { searchParams: { from, to, ...(vendorId ? { vendorId } : {}) } });

/** The vendors an admin may see the profit of. */
export const fetchVendors = () => api.get<UserDto[]>('users/vendors');
