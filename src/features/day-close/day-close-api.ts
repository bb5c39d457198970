import type { DaySummary } from '../../../core/schemas/order';
import type { UserDto } from '../../../core/schemas/user';
import { api } from '../../lib/api';

/** GET /api/Orders/vendor/day-summary: one India-time day of a vendor (an admin names the vendor). */
export const fetchDaySummary = (date: string, vendorId?: string) =>
  api.get<DaySummary>('Orders/vendor/day-summary', { searchParams: vendorId ? { date, vendorId } : { date } });

/** The vendors an admin may close a day for (an admin gets whole accounts). */
export const fetchVendors = () => api.get<UserDto[]>('users/vendors');

/** Today in India (YYYY-MM-DD), the day the screen opens on. */
export const todayInIndia = (now = Date.now()) => new Date(now + 330 * 60_000).toISOString().slice(0, 10);
