import type { ReorderResponse } from '../../../core/schemas/reorder';
import { api } from '../../lib/api';

/** GET /api/stock/reorder: the products due for reordering (a vendor's own; an admin's every vendor's). */
export const fetchReorder = () => api.get<ReorderResponse>('stock/reorder');
