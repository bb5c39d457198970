import { messageResponse } from '../../core/schemas/common';
import { pushPublicKeyResponse, pushSubscribeSchema, pushUnsubscribeSchema } from '../../core/schemas/push';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';

/** /api/push: the VAPID public key and the caller's devices (server/services/live/push.service.ts). */
export async function pushRoutes(app: App) {
  const svc = app.services.push;
  app.get('/public-key', { schema: { response: replies({ 200: pushPublicKeyResponse }) } }, async () => svc.publicKey());
  app.post(
    '/subscriptions',
    { schema: { body: pushSubscribeSchema, response: replies({ 201: messageResponse }, ['pushEndpointRefused']) } },
    async (req, reply) => {
      const answer = await svc.subscribe(currentUser(req), req.body);
      reply.code(201);
      return answer;
    },
  );
  app.delete('/subscriptions', { schema: { body: pushUnsubscribeSchema, response: replies({ 200: messageResponse }) } }, async (req) =>
    svc.unsubscribe(currentUser(req), req.body.endpoint),
  );
}
