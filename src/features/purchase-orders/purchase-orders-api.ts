import type { PurchaseOrderStatus } from '../../../core/purchase-order';
import type { PurchaseOrderDto, PurchaseOrderSummaryDto } from '../../../core/schemas/purchase-order';
import { api } from '../../lib/api';

/** GET /api/purchase-orders: the shop's orders, newest first (of one status when given). */
export const fetchPurchaseOrders = (status: PurchaseOrderStatus | null) =>
  api.get<PurchaseOrderSummaryDto[]>('purchase-orders', { searchParams: status ? { status } : {} });
export const fetchPurchaseOrder = (id: string) => api.get<PurchaseOrderDto>(`purchase-orders/${id}`);
/** POST /api/purchase-orders/:id/close: the rest will not come. */
export const closePurchaseOrder = (id: string, reason: string) => api.post<PurchaseOrderDto>(`purchase-orders/${id}/close`, { reason });
