import { batchesQuery, batchesResponse, expiringQuery, expiringResponse, writeOffResponse, writeOffSchema } from '../../core/schemas/batch';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';

/**
 * /api/stock/batches, /api/stock/expiring: a product's batches (the till caches the shop's), what
 * expires soon valued at cost, and the write-off of expired stock (server/services/stock/batches.service.ts).
 */
export async function batchesRoutes(app: App) {
  const svc = app.services.batches;
  app.get(
    '/batches',
    { schema: { querystring: batchesQuery, response: replies({ 200: batchesResponse }, ['productNotFound']) } },
    async (req) => svc.list(currentUser(req), req.query.productId),
  );
  app.get('/expiring', { schema: { querystring: expiringQuery, response: replies({ 200: expiringResponse }) } }, async (req) =>
    svc.expiring(currentUser(req), req.query.days),
  );
  app.post(
    '/expiring/write-off',
    { schema: { body: writeOffSchema, response: replies({ 200: writeOffResponse }, ['productNotFound', ...IDEMPOTENCY_CODES]) } },
    async (req) => svc.writeOff(currentUser(req), req.body),
  );
}
