import type { z } from 'zod';
import type { messageResponse } from '../../../core/schemas/common';
import type { ApprovalInput } from '../../../core/schemas/approval';
import type { OrderDto, orderChangedResponse, OrderPartyDto, orderProductsResponse, VendorOrdersPage } from '../../../core/schemas/order';
import { api } from '../../lib/api';

export type { OrderDto };

/** The list's page and filters, as the screen holds them. */
export interface VendorOrdersFilter {
  page: number;
  limit: number;
  customer?: string | null;
  product?: string | null;
  startDate?: string;
  endDate?: string;
  /** An order's reference as typed (core/order-ref). */
  ref?: string;
  /** A piece of the customer's name or phone. */
  search?: string;
}

export const fetchPendingOrders = () => api.get<OrderDto[]>('Orders/vendor/pending');
export const fetchOrder = (id: string) => api.get<OrderDto>(`Orders/${encodeURIComponent(id)}`);
export const deleteOrder = (id: string) => api.delete<z.infer<typeof messageResponse>>(`Orders/orders/${encodeURIComponent(id)}`);
/**
 * Voids a counter sale on its day (POST /api/Orders/:id/void). `key` is the dialog's Idempotency-Key:
 * a repeat of the same request (a retry after a lost answer) gets the first answer back.
 */
export const voidSale = (id: string, body: { reason: string; at: string; approval?: ApprovalInput }, key: string) =>
  api.post<z.infer<typeof orderChangedResponse>>(`Orders/${encodeURIComponent(id)}/void`, body, { headers: { 'Idempotency-Key': key } });
/** Who bought from the vendor (the Customer filter). */
export const fetchVendorCustomers = () => api.get<OrderPartyDto[]>('Orders/vendor/customers');
/** What the vendor sold (the Product filter). */
export const fetchDistinctProducts = (vendorId: string) =>
  api.get<z.infer<typeof orderProductsResponse>>(`Orders/vendor/${encodeURIComponent(vendorId)}/distinct-products`);

export function fetchVendorOrders(f: VendorOrdersFilter) {
  const searchParams: Record<string, string> = { page: String(f.page), limit: String(f.limit) };
  if (f.customer) searchParams.customer = f.customer;
  if (f.product) searchParams.product = f.product;
  if (f.startDate) searchParams.startDate = f.startDate;
  if (f.endDate) searchParams.endDate = f.endDate;
  if (f.ref?.trim()) searchParams.ref = f.ref.trim();
  if (f.search?.trim()) searchParams.search = f.search.trim();
  return api.get<VendorOrdersPage>('Orders/vendor', { searchParams });
}

export function formatAddress(a: OrderDto['shippingAddress'] | null | undefined, area?: string): string {
  if (!a) return '';
  const place = [a.city, a.pincode].filter(Boolean).join(' ');
  return [a.address, area || a.area, place].filter((s) => s && String(s).trim()).join(', ');
}
