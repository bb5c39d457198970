import type { GstDto, GstInput } from '../../../core/schemas/gst';
import type { Gstr3bReport } from '../../../core/schemas/gstr3b';
import type { Gstr1Report } from '../../../core/schemas/order';
import type { UserDto } from '../../../core/schemas/user';
import { api, http, toApiError } from '../../lib/api';
import { downloadBlob } from '../../lib/download';

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

/** GET /api/reports/gstr3b: a shop's GSTR-3B of a month (YYYY-MM). */
export const fetchGstr3b = (q: { month: string; vendorId?: string }) =>
  api.get<Gstr3bReport>('reports/gstr3b', { searchParams: q.vendorId ? q : { month: q.month }, timeout: 60_000 });

/** The same month's GSTR-3B as the server's CSV file, saved under `filename`. */
export async function downloadGstr3bCsv(q: { month: string; vendorId?: string }, filename: string) {
  try {
    const blob = await http
      .get('reports/gstr3b', { searchParams: { ...(q.vendorId ? q : { month: q.month }), format: 'csv' }, timeout: 60_000 })
      .blob();
    downloadBlob(filename, blob);
  } catch (err) {
    throw await toApiError(err);
  }
}
