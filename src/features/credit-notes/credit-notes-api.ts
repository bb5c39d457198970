import type { EinvoiceFile, IrnInput } from '../../../core/schemas/eway-einvoice';
import type { CreditNoteDto } from '../../../core/schemas/returns';
import { api } from '../../lib/api';

export type { CreditNoteDto };

/** GET /api/credit-notes/:id */
export const fetchCreditNote = (id: string) => api.get<CreditNoteDto>(`credit-notes/${encodeURIComponent(id)}`);
/** GET /api/credit-notes/:id/einvoice: the IRP's JSON of the note (a CRN, schema 1.1). */
export const fetchCreditNoteEinvoice = (id: string) => api.get<EinvoiceFile>(`credit-notes/${encodeURIComponent(id)}/einvoice`);
/** PUT /api/credit-notes/:id/einvoice: what the IRP answered. */
export const saveCreditNoteIrn = (id: string, body: Omit<IrnInput, 'ackDate'>) =>
  api.put<CreditNoteDto>(`credit-notes/${encodeURIComponent(id)}/einvoice`, body);
