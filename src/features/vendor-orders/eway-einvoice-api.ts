import type { EinvoiceFile, EwayBillFile, EwayBillNumberInput, IrnInput } from '../../../core/schemas/eway-einvoice';
import { api } from '../../lib/api';
import type { OrderDto } from './vendor-orders-api';

const orderUrl = (id: string, what: string) => `Orders/${encodeURIComponent(id)}/${what}`;

/** GET /api/Orders/:id/eway-bill: the portal's bulk-upload JSON. */
export const fetchEwayBill = (id: string, q: { transMode: string; transDistance: number; vehicleNo: string }) =>
  api.get<EwayBillFile>(orderUrl(id, 'eway-bill'), {
    searchParams: { transMode: q.transMode, transDistance: String(q.transDistance), vehicleNo: q.vehicleNo },
  });
export const saveEwayBillNo = (id: string, body: EwayBillNumberInput) => api.put<OrderDto>(orderUrl(id, 'eway-bill'), body);
/** GET /api/Orders/:id/einvoice: the IRP's JSON (schema 1.1). */
export const fetchEinvoice = (id: string) => api.get<EinvoiceFile>(orderUrl(id, 'einvoice'));
export const saveIrn = (id: string, body: Omit<IrnInput, 'ackDate'>) => api.put<OrderDto>(orderUrl(id, 'einvoice'), body);
