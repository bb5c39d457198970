import type { z } from 'zod';
import type { messageResponse } from '../../../core/schemas/common';
import type { OrderDto } from '../../../core/schemas/order';
import { api } from '../../lib/api';

export const ordersApi = {
  mine: () => api.get<OrderDto[]>('Orders/my'),
  get: (id: string) => api.get<OrderDto>(`Orders/${encodeURIComponent(id)}`),
  /** The customer's own order, while it is Pending (the server returns its stock). */
  remove: (id: string) => api.delete<z.infer<typeof messageResponse>>(`Orders/orders/${encodeURIComponent(id)}`),
};

export const vendorLabel = (o: Pick<OrderDto, 'vendorId'>) => o.vendorId?.shopName || o.vendorId?.name || '—';

export const statusColor = (status: string) => (status === 'Delivered' ? 'green' : status === 'Pending' ? 'yellow' : 'gray');

/** How an order's date and time are shown (with useDateFormat, in the interface language). */
export const ORDER_DATE: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** The catalogue key of an order or payment status the customer sees (others show as they come). */
export const statusKey = (status: string) =>
  status === 'Delivered' ? ('statusDelivered' as const) : status === 'Pending' ? ('statusPending' as const) : null;
