import type { CreditNoteDto } from '../../../core/schemas/returns';
import { api } from '../../lib/api';

export type { CreditNoteDto };

/** GET /api/credit-notes/:id */
export const fetchCreditNote = (id: string) => api.get<CreditNoteDto>(`credit-notes/${encodeURIComponent(id)}`);
