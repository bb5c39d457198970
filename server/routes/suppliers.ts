import { z } from 'zod';
import {
  payablesResponse,
  supplierAccountDto,
  supplierLedgerResponse,
  supplierPaymentDto,
  supplierPaymentSchema,
  updateSupplierSchema,
} from '../../core/schemas/supplier';
import { ACT_TIME_CODES } from '../lib/act-time';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';

/** Any text: a malformed id is simply "Supplier not found". */
const anyId = z.object({ id: z.string().max(200) });

/** /api/suppliers: what the shop owes its suppliers (server/services/suppliers). */
export async function suppliersRoutes(app: App) {
  const svc = app.services.suppliers;

  app.get('/', { schema: { response: replies({ 200: z.array(supplierAccountDto) }) } }, async (req) => svc.list(currentUser(req)));
  app.get('/payables', { schema: { response: replies({ 200: payablesResponse }) } }, async (req) => svc.payables(currentUser(req)));
  app.put(
    '/:id',
    { schema: { params: anyId, body: updateSupplierSchema, response: replies({ 200: supplierAccountDto }, ['supplierNotFound']) } },
    async (req) => svc.update(currentUser(req), req.params.id, req.body),
  );
  // the offline outbox sends it with an Idempotency-Key (and a client-made _id): a replay answers the first 201
  app.post(
    '/:id/payments',
    {
      schema: {
        params: anyId,
        body: supplierPaymentSchema,
        response: replies({ 201: supplierPaymentDto }, [
          'supplierNotFound',
          'supplierPaymentAboveDue',
          'supplierPaymentIdTaken',
          ...ACT_TIME_CODES,
          ...IDEMPOTENCY_CODES,
        ]),
      },
    },
    async (req, reply) => {
      const paid = await svc.pay(currentUser(req), req.params.id, req.body, req.idempotency ?? undefined);
      reply.code(201);
      return paid;
    },
  );
  app.get(
    '/:id/ledger',
    { schema: { params: anyId, response: replies({ 200: supplierLedgerResponse }, ['supplierNotFound']) } },
    async (req) => svc.ledger(currentUser(req), req.params.id),
  );
}
