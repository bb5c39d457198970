import type {
  CancelPurchaseResponse,
  InputGstResponse,
  PurchaseDto,
  PurchaseSummaryDto,
  SupplierDto,
} from '../../../core/schemas/purchase';
import type { CreateDebitNoteInput, DebitNoteDto } from '../../../core/schemas/debit-note';
import type { EwayBillFile, EwayBillNumberInput } from '../../../core/schemas/eway-einvoice';
import type { ProductDto } from '../../../core/schemas/product';
import { api } from '../../lib/api';

/** GET /api/purchases: the bills dated from..to, newest bill date first. */
export const fetchPurchases = (from: string, to: string) => api.get<PurchaseSummaryDto[]>('purchases', { searchParams: { from, to } });
export const fetchInputGst = (from: string, to: string) => api.get<InputGstResponse>('purchases/input-gst', { searchParams: { from, to } });
export const fetchPurchase = (id: string) => api.get<PurchaseDto>(`purchases/${id}`);
export const fetchSuppliers = () => api.get<SupplierDto[]>('purchases/suppliers');
/** The vendor's own products (admin: all), for finding the lines of a bill; saved on the device so a bill can be entered offline. */
export const fetchOwnProducts = () => api.get<ProductDto[]>('products/products');
export const cancelPurchase = (id: string, reason: string) => api.post<CancelPurchaseResponse>(`purchases/${id}/cancel`, { reason });
/** POST /api/purchases/:id/returns: goods back to the supplier; the body's client-made `_id` makes a retry answer the same note. */
export const returnToSupplier = (id: string, body: CreateDebitNoteInput) => api.post<DebitNoteDto>(`purchases/${id}/returns`, body);
/** GET /api/debit-notes/:id */
export const fetchDebitNote = (id: string) => api.get<DebitNoteDto>(`debit-notes/${encodeURIComponent(id)}`);
/** GET /api/debit-notes/:id/eway-bill: the portal's bulk-upload JSON of the returned goods. */
export const fetchDebitNoteEwayBill = (
  id: string,
  q: { transMode: string; transDistance: number; vehicleNo: string; toPincode?: string },
) =>
  api.get<EwayBillFile>(`debit-notes/${encodeURIComponent(id)}/eway-bill`, {
    searchParams: { transMode: q.transMode, transDistance: String(q.transDistance), vehicleNo: q.vehicleNo, toPincode: q.toPincode ?? '' },
  });
/** PUT /api/debit-notes/:id/eway-bill: the number the portal gave. */
export const saveDebitNoteEwayBillNo = (id: string, body: EwayBillNumberInput) =>
  api.put<DebitNoteDto>(`debit-notes/${encodeURIComponent(id)}/eway-bill`, body);

/** A YYYY-MM month's first and last days. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}
