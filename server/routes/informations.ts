import { z } from 'zod';
import { idParams, messageResponse } from '../../core/schemas/common';
import { informationCreatedResponse, informationDto, informationSchema, informationUpdatedResponse } from '../../core/schemas/information';
import { replies } from '../lib/zod';
import type { App } from '../app-type';

/** /api/informations: announcements. Everyone signed in reads; admins write. */
export async function informationsRoutes(app: App) {
  const svc = app.services.informations;

  app.get('/', { schema: { response: replies({ 200: z.array(informationDto) }) } }, async () => svc.list());
  app.post('/', { schema: { body: informationSchema, response: replies({ 201: informationCreatedResponse }) } }, async (req, reply) => {
    reply.code(201);
    return svc.create(req.body.information);
  });
  app.put(
    '/:id',
    {
      schema: {
        params: idParams,
        body: informationSchema,
        response: replies({ 200: informationUpdatedResponse }, ['informationNotFound']),
      },
    },
    async (req) => svc.update(req.params.id, req.body.information),
  );
  app.delete('/:id', { schema: { params: idParams, response: replies({ 200: messageResponse }, ['informationNotFound']) } }, async (req) =>
    svc.delete(req.params.id),
  );
}
