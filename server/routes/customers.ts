import { z } from 'zod';
import {
  createCustomerSchema,
  customerDto,
  customerPaymentResponse,
  customerPaymentSchema,
  customerSearchQuery,
  duesQuery,
  duesResponse,
  ledgerQuery,
  ledgerResponse,
  updateCustomerSchema,
} from '../../core/schemas/customer';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { tillHeader } from '../lib/till-header';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';

/** What saving a customer may answer besides its schema's codes. */
const SAVE_CODES = [
  'customerNotFound',
  'customerPhoneTaken',
  'customerStateMismatch',
  'gstinCheck',
  'gstinFormat',
  'stateCodeInvalid',
  'creditDaysInvalid',
  'customerNameRequired',
  'customerVendorRequired',
  'customerIdTaken',
  'vendorNotFound',
  'priceListNotFound',
] as const;

/** Any text: a malformed id is simply "Customer not found". */
const anyId = z.object({ id: z.string().max(200) });

/** /api/customers: the shop's own customers and their credit (server/services/khata/customers.service.ts). */
export async function customersRoutes(app: App) {
  const svc = app.services.customers;

  // the counter's outbox sends it with an Idempotency-Key and a client-made _id: a replay answers the same customer
  app.post(
    '/',
    {
      schema: {
        body: createCustomerSchema,
        response: replies({ 200: customerDto, 201: customerDto }, [...SAVE_CODES, 'actTimeFuture', 'actTimeTooOld', ...IDEMPOTENCY_CODES]),
      },
    },
    async (req, reply) => {
      const { customer, created } = await svc.create(currentUser(req), req.body, req.idempotency ?? undefined);
      reply.code(created ? 201 : 200);
      return customer;
    },
  );
  app.get('/', { schema: { querystring: customerSearchQuery, response: replies({ 200: z.array(customerDto) }) } }, async (req) =>
    svc.search(currentUser(req), req.query.query, req.query.vendorId),
  );
  app.get('/dues', { schema: { querystring: duesQuery, response: replies({ 200: duesResponse }) } }, async (req) =>
    svc.dues(currentUser(req), req.query.vendorId),
  );
  app.get('/:id', { schema: { params: anyId, response: replies({ 200: customerDto }, ['customerNotFound']) } }, async (req) =>
    svc.get(currentUser(req), req.params.id),
  );
  app.put(
    '/:id',
    { schema: { params: anyId, body: updateCustomerSchema, response: replies({ 200: customerDto }, SAVE_CODES) } },
    async (req) => svc.update(currentUser(req), req.params.id, req.body),
  );
  app.post(
    '/:id/payments',
    {
      schema: {
        params: anyId,
        body: customerPaymentSchema,
        response: replies({ 201: customerPaymentResponse }, [
          'customerNotFound',
          'orderIdTaken',
          'paymentAmountPositive',
          'actTimeFuture',
          'actTimeTooOld',
          'actTimeBeforeCustomer',
          ...IDEMPOTENCY_CODES,
        ]),
      },
    },
    async (req, reply) => {
      const paid = await svc.pay(currentUser(req), req.params.id, req.body, req.idempotency ?? undefined, tillHeader(req));
      reply.code(201);
      return paid;
    },
  );
  app.get(
    '/:id/ledger',
    {
      schema: {
        params: anyId,
        querystring: ledgerQuery,
        response: replies({ 200: ledgerResponse }, ['customerNotFound', 'startAfterEnd']),
      },
    },
    async (req) => svc.ledger(currentUser(req), req.params.id, req.query),
  );
}
