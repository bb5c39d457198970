import type { SupplierDto } from '../../../core/schemas/purchase';
import type { CreatePurchaseOrderInput, PurchaseOrderDto } from '../../../core/schemas/purchase-order';
import type { ReorderResponse } from '../../../core/schemas/reorder';
import type { UserDto } from '../../../core/schemas/user';
import { api } from '../../lib/api';

/** GET /api/stock/reorder: the products due for reordering (a vendor's own; an admin's every vendor's, or one vendor's). */
export const fetchReorder = (vendorId?: string) =>
  api.get<ReorderResponse>('stock/reorder', { searchParams: vendorId ? { vendorId } : {} });

/** The vendors an admin may choose between (an admin gets whole accounts). */
export const fetchVendors = () => api.get<UserDto[]>('users/vendors');

/** The shop's suppliers (GET /api/purchases/suppliers), to pick one for products never bought. */
export const fetchSuppliers = () => api.get<SupplierDto[]>('purchases/suppliers');

/** POST /api/purchase-orders with an Idempotency-Key: a retry after a lost answer makes the order once. */
export const createPurchaseOrder = (body: CreatePurchaseOrderInput, key: string) =>
  api.post<PurchaseOrderDto>('purchase-orders', body, { headers: { 'Idempotency-Key': key } });
