import type { CreateCustomerInput, CustomerDto, CustomerPaymentInput, CustomerPaymentResponse } from '../../core/schemas/customer';
import { isoWithOffset } from '../../core/act-time';
import { awaitOutcome, enqueue } from '../offline/actions';
import { newOutboxId } from '../offline/outbox';
import { api } from '../lib/api';

/**
 * The shop's customers as the counter and the customers pages reach them. The list is saved on the
 * device (SHOP_CUSTOMERS) so the counter finds a customer offline; new customers and payments go
 * through the outbox with a client-made id, which is also the Idempotency-Key: each arrives once.
 */
export const SHOP_CUSTOMERS = 'shop-customers';
export const CUSTOMER_KIND = 'shopCustomer';
export const CUSTOMER_PAYMENT_KIND = 'customerPayment';

/** GET /api/customers: the shop's customers (all, or those matching a name or phone digits). */
export const fetchCustomers = (query = '') => api.get<CustomerDto[]>('customers', { searchParams: query ? { query } : {} });

/** Customers whose name or phone holds the typed text (phone: digits anywhere; name: any case). */
export function matchCustomers(customers: readonly CustomerDto[], text: string, max = 8): CustomerDto[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const digits = q.replace(/\D/g, '');
  const byPhone = /^[\d\s+-]+$/.test(q) && digits.length > 0;
  return customers.filter((c) => (byPhone ? c.phone.includes(digits) : c.name.toLowerCase().includes(q))).slice(0, max);
}

/**
 * Adds a customer through the outbox (POST /api/customers with a client-made _id). Online the server's
 * answer comes back; offline (or no answer in time) the local record, which the counter uses at once:
 * a credit sale queued after it is sent after it (the outbox sends in order).
 */
export async function addCustomer(input: Omit<CreateCustomerInput, '_id'>): Promise<{ customer: CustomerDto; queued: boolean }> {
  const _id = newOutboxId();
  // added now by this device's clock, however late it is sent: its payments recorded meanwhile come after it
  const body = { ...input, _id, at: isoWithOffset(Date.now()) };
  const item = await enqueue(CUSTOMER_KIND, { method: 'POST', path: 'customers', body, label: `New customer ${input.name}` }, { id: _id });
  const sent = await awaitOutcome(item.id, 8_000);
  if (sent) return { customer: sent.response as CustomerDto, queued: false };
  return {
    queued: true,
    customer: {
      _id,
      vendorId: '',
      name: input.name,
      phone: input.phone,
      gstin: input.gstin ?? '',
      address: input.address ?? '',
      stateCode: input.stateCode ?? '',
      creditLimit: input.creditLimit ?? null,
      creditDays: input.creditDays ?? null,
      openingBalance: input.openingBalance ?? 0,
      language: input.language ?? 'ta',
      priceListId: input.priceListId ?? null,
      balance: input.openingBalance ?? 0,
      createdAt: new Date().toISOString(),
    },
  };
}

/** Records a payment through the outbox (POST /api/customers/:id/payments); null when it is queued. */
export async function recordPayment(customerId: string, input: Omit<CustomerPaymentInput, '_id'>): Promise<CustomerPaymentResponse | null> {
  const _id = newOutboxId();
  // paid now by this device's clock, however late it is sent (core/act-time.ts)
  const body = { ...input, _id, at: isoWithOffset(Date.now()) };
  const item = await enqueue(
    CUSTOMER_PAYMENT_KIND,
    { method: 'POST', path: `customers/${customerId}/payments`, body, label: `Customer payment ₹${input.amount}` },
    { id: _id },
  );
  const sent = await awaitOutcome(item.id, 8_000);
  return (sent?.response as CustomerPaymentResponse | undefined) ?? null;
}
