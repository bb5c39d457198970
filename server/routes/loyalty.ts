import { z } from 'zod';
import { customerPointsDto, loyaltySettingsSchema, pointsMessageResponse } from '../../core/schemas/loyalty';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';

/** Any text: a malformed id is simply "Customer not found". */
const anyId = z.object({ id: z.string().max(200) });

/**
 * Loyalty points (server/services/khata/loyalty.service.ts): /api/shop/loyalty, the shop's settings (the owner
 * sets them), and /api/customers/:id/points, a customer's balance and statement and the balance sent to them.
 */
export async function loyaltyRoutes(app: App) {
  const svc = app.services.loyalty;
  app.get('/shop/loyalty', { schema: { response: replies({ 200: loyaltySettingsSchema }) } }, async (req) =>
    svc.settings(currentUser(req)),
  );
  app.put('/shop/loyalty', { schema: { body: loyaltySettingsSchema, response: replies({ 200: loyaltySettingsSchema }) } }, async (req) =>
    svc.save(currentUser(req), req.body),
  );
  app.get(
    '/customers/:id/points',
    { schema: { params: anyId, response: replies({ 200: customerPointsDto }, ['customerNotFound']) } },
    async (req) => svc.points(currentUser(req), req.params.id),
  );
  // not an outbox write: sending the balance twice only texts it twice (the phone's SMS caps bound it)
  app.post(
    '/customers/:id/points/message',
    { schema: { params: anyId, response: replies({ 200: pointsMessageResponse }, ['customerNotFound']) } },
    async (req) => svc.message(currentUser(req), req.params.id),
  );
}
