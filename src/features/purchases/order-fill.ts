import type { ProductDto } from '../../../core/schemas/product';
import type { PurchaseOrderDto } from '../../../core/schemas/purchase-order';
import { api } from '../../lib/api';
import { newLine, type PurchaseForm } from './purchase-form';

/** GET /api/purchase-orders/:id: the order a bill is received against (/purchases/new?po=<id>). */
export const fetchOrderToFill = (id: string) => api.get<PurchaseOrderDto>(`purchase-orders/${id}`);

/**
 * The receive-goods form filled from a purchase order: its supplier, a line per product still to come
 * with that quantity (the cost is left to type from the bill), and the order's id, which the bill carries.
 */
export function formFromOrder(po: PurchaseOrderDto, products: readonly ProductDto[], form: PurchaseForm): PurchaseForm {
  const byId = new Map(products.map((p) => [p._id, p]));
  const lines = po.lines.flatMap((l) => {
    const p = l.productId && l.onOrder && l.toCome > 0 ? byId.get(l.productId) : undefined;
    return p ? [{ ...newLine(p), quantity: String(l.toCome) }] : [];
  });
  return {
    ...form,
    supplier: { name: po.supplier.name, phone: po.supplier.phone, gstin: po.supplier.gstin },
    lines,
    purchaseOrderId: po._id,
  };
}
