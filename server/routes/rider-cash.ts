import {
  riderHandoverResponse,
  riderHandoverSchema,
  riderParams,
  ridersCashQuery,
  ridersCashResponse,
} from '../../core/schemas/rider-cash';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';
import { HANDOVER_CODES } from '../services/delivery/rider-cash.service';

/**
 * /api/riders: the cash riders collect on delivery (server/services/delivery/rider-cash.service.ts):
 * what each holds, and the hand-overs the shop records after counting (the outbox may send one with
 * an Idempotency-Key).
 */
export async function riderCashRoutes(app: App) {
  const { riderCash } = app.services;

  app.get(
    '/cash',
    { schema: { querystring: ridersCashQuery, response: replies({ 200: ridersCashResponse }, ['vendorNotFound']) } },
    async (req) => riderCash.list(currentUser(req), req.query.vendorId),
  );
  app.post(
    '/:id/handovers',
    {
      schema: {
        params: riderParams,
        body: riderHandoverSchema,
        response: replies({ 201: riderHandoverResponse }, [...HANDOVER_CODES, ...IDEMPOTENCY_CODES]),
      },
    },
    async (req, reply) => {
      const made = await riderCash.recordHandover(currentUser(req), req.params.id, req.body, req.idempotency ?? undefined);
      reply.code(201);
      return made;
    },
  );
}
