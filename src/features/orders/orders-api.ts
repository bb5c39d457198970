import type { OrderDto } from '../../../core/schemas/order';
import { api } from '../../lib/api';

export const ordersApi = {
  mine: () => api.get<OrderDto[]>('Orders/my'),
  get: (id: string) => api.get<OrderDto>(`Orders/${encodeURIComponent(id)}`),
};

/** The short order reference customers see: the last 6 characters of the id. */
export const shortId = (id: string) => id.slice(-6);

export const vendorLabel = (o: Pick<OrderDto, 'vendorId'>) => o.vendorId?.shopName || o.vendorId?.name || '—';

export const statusColor = (status: string) => (status === 'Delivered' ? 'green' : status === 'Pending' ? 'yellow' : 'gray');

export const orderDate = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
