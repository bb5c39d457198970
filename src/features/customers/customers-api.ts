import type { CustomerDto, DuesResponse, LedgerResponse, UpdateCustomerInput } from '../../../core/schemas/customer';
import type { PayLinkResponse } from '../../../core/schemas/pay-link';
import { api } from '../../lib/api';

/** GET /api/customers/:id/ledger: the whole ledger, or from..to (India-time days). */
export const fetchLedger = (id: string, from = '', to = '') =>
  api.get<LedgerResponse>(`customers/${id}/ledger`, { searchParams: { ...(from ? { from } : {}), ...(to ? { to } : {}) } });
export const fetchDues = () => api.get<DuesResponse>('customers/dues');
export const updateCustomer = (id: string, body: UpdateCustomerInput) => api.put<CustomerDto>(`customers/${id}`, body);
/** POST /api/customers/:id/pay-link: a payment link for what the customer owes now. */
export const createPayLink = (id: string) => api.post<PayLinkResponse>(`customers/${id}/pay-link`);
