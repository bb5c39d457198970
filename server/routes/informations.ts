import { z } from 'zod';
import { idParams, messageResponse } from '../../core/schemas/common';
import { informationCreatedResponse, informationDto, informationSchema } from '../../core/schemas/information';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { InformationsService } from '../services/informations.service';

/** /api/informations: announcements. Everyone signed in reads; admins write. */
export async function informationsRoutes(app: App) {
  const svc = new InformationsService(app.services.db);
  const admin = app.guard(['admin']);

  app.get('/', { onRequest: app.guard(), schema: { response: replies({ 200: z.array(informationDto) }) } }, async () => svc.list());
  app.post(
    '/',
    { onRequest: admin, schema: { body: informationSchema, response: replies({ 201: informationCreatedResponse }) } },
    async (req, reply) => {
      reply.code(201);
      return svc.create(req.body.information);
    },
  );
  app.delete('/:id', { onRequest: admin, schema: { params: idParams, response: replies({ 200: messageResponse }) } }, async (req) =>
    svc.delete(req.params.id),
  );
}
