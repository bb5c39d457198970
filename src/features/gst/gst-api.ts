import type { GstDto } from '../../../core/schemas/gst';
import { api } from '../../lib/api';

export type Gst = GstDto;
export interface GstBody {
  name: string;
  rate: number;
  hsnCode: string;
  cgst?: number;
  sgst?: number;
  igst?: number;
  isActive: boolean;
}

export const fetchGsts = () => api.get<Gst[]>('gsts');
export const createGst = (body: GstBody) => api.post<Gst>('gsts', body);
export const updateGst = (id: string, body: GstBody) => api.put<Gst>(`gsts/${encodeURIComponent(id)}`, body);

export interface VendorOption {
  _id: string;
  name: string;
  phone: string;
  vendorDetails?: { shopName: string };
}
export const fetchVendors = () => api.get<VendorOption[]>('users/vendors');

interface Amounts {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}
export interface Gstr1Report {
  vendor: { _id: string; name: string; gstNumber: string; shopName: string };
  period: { startDate: string; endDate: string; fp: string; timezone: string };
  b2cs: Array<Amounts & { supplyType: 'INTRA' | 'INTER'; placeOfSupply: string; rate: number }>;
  nil: Array<{ supplyType: 'INTRA' | 'INTER'; nilRated: number }>;
  hsn: Array<Amounts & { hsn: string; description: string; uqc: string; rate: number; quantity: number; totalValue: number }>;
  docs: { count: number; from: string; to: string; cancelled: number; netIssued: number };
  totals: Amounts & { tax: number; totalValue: number; sales: number; quantity: number; invoices: number };
  warnings: string[];
  portalJson: unknown;
  csv: string;
}

export const fetchGstr1 = (q: { startDate: string; endDate: string; vendorId?: string }) =>
  api.get<Gstr1Report>('Orders/gstr1/report', { searchParams: q.vendorId ? q : { startDate: q.startDate, endDate: q.endDate }, timeout: 60_000 });
