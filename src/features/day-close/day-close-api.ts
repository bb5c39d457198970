import type { DaySummary } from '../../../core/schemas/order';
import type { UserDto } from '../../../core/schemas/user';
import { istDay } from '../../../core/dates';
import { api } from '../../lib/api';

/** GET /api/Orders/vendor/day-summary: one India-time day of a vendor (an admin names the vendor), of one person with `staffId`. */
export const fetchDaySummary = (date: string, vendorId?: string, staffId?: string) =>
  api.get<DaySummary>('Orders/vendor/day-summary', {
    searchParams: { date, ...(vendorId ? { vendorId } : {}), ...(staffId ? { staffId } : {}) },
  });

/** The vendors an admin may close a day for (an admin gets whole accounts). */
export const fetchVendors = () => api.get<UserDto[]>('users/vendors');

/** Today in India (YYYY-MM-DD), the day the screen opens on. */
export const todayInIndia = (now = Date.now()) => istDay(now);
