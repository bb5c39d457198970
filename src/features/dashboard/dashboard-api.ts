import type { AdminSummary, VendorSummary } from '../../../core/schemas/dashboard';
import type { UserDto } from '../../../core/schemas/user';
import { istDay } from '../../../core/dates';
import { api } from '../../lib/api';

/** The India-time day `daysBack` days before today (0 = today), as YYYY-MM-DD. */
const indiaDay = (daysBack: number, now = Date.now()) => istDay(now - daysBack * 86_400_000);

/** The last `days` India days, today included. */
const lastDays = (days: number) => ({ from: indiaDay(days - 1), to: indiaDay(0) });

/** GET /api/reports/vendor/summary: the signed-in vendor's figures (an admin names the vendor), of one person with `staffId`. */
export const fetchVendorSummary = (days: number, vendorId?: string, staffId?: string) =>
  api.get<VendorSummary>('reports/vendor/summary', {
    searchParams: { ...lastDays(days), ...(vendorId ? { vendorId } : {}), ...(staffId ? { staffId } : {}) },
  });

/** GET /api/reports/admin/summary: the marketplace by vendor, by area and by hour. */
export const fetchAdminSummary = (days: number) => api.get<AdminSummary>('reports/admin/summary', { searchParams: lastDays(days) });

/** The vendors an admin may choose between. */
export const fetchVendors = () => api.get<UserDto[]>('users/vendors');
