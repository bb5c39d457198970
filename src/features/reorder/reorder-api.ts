import type { ReorderResponse } from '../../../core/schemas/reorder';
import type { UserDto } from '../../../core/schemas/user';
import { api } from '../../lib/api';

/** GET /api/stock/reorder: the products due for reordering (a vendor's own; an admin's every vendor's, or one vendor's). */
export const fetchReorder = (vendorId?: string) =>
  api.get<ReorderResponse>('stock/reorder', { searchParams: vendorId ? { vendorId } : {} });

/** The vendors an admin may choose between (an admin gets whole accounts). */
export const fetchVendors = () => api.get<UserDto[]>('users/vendors');
