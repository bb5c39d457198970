import type { GstDto, GstInput } from '../../../core/schemas/gst';
import type { Gstr1Report } from '../../../core/schemas/order';
import type { UserDto } from '../../../core/schemas/user';
import { api } from '../../lib/api';

export const fetchGsts = () => api.get<GstDto[]>('gsts');
export const createGst = (body: GstInput) => api.post<GstDto>('gsts', body);
export const updateGst = (id: string, body: GstInput) => api.put<GstDto>(`gsts/${encodeURIComponent(id)}`, body);

/** The vendors an admin may report on (an admin gets whole accounts: the userDto side of vendorsResponse). */
export const fetchVendors = () => api.get<UserDto[]>('users/vendors');

export const fetchGstr1 = (q: { startDate: string; endDate: string; vendorId?: string }) =>
  api.get<Gstr1Report>('Orders/gstr1/report', {
    searchParams: q.vendorId ? q : { startDate: q.startDate, endDate: q.endDate },
    timeout: 60_000,
  });
