import { z } from 'zod';
import { idParams, messageResponse } from '../../core/schemas/common';
import { gstDto, gstListQuery, gstSchema } from '../../core/schemas/gst';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { GstsService } from '../services/gsts.service';

/** /api/gsts: GST records. Vendors read the active ones; admins manage them all. */
export async function gstsRoutes(app: App) {
  const svc = new GstsService(app.services.db);
  const staff = app.guard(['vendor', 'admin']);
  const admin = app.guard(['admin']);

  app.get('/', { onRequest: staff, schema: { querystring: gstListQuery, response: replies({ 200: z.array(gstDto) }) } }, async (req) =>
    svc.list(currentUser(req), req.query.active === 'true'),
  );
  app.get('/:id', { onRequest: staff, schema: { params: idParams, response: replies({ 200: gstDto }) } }, async (req) =>
    svc.get(req.params.id),
  );
  app.post('/', { onRequest: admin, schema: { body: gstSchema, response: replies({ 201: gstDto }) } }, async (req, reply) => {
    reply.code(201);
    return svc.create(req.body);
  });
  app.put('/:id', { onRequest: admin, schema: { params: idParams, body: gstSchema, response: replies({ 200: gstDto }) } }, async (req) =>
    svc.update(req.params.id, req.body),
  );
  app.delete('/:id', { onRequest: admin, schema: { params: idParams, response: replies({ 200: messageResponse }) } }, async (req) =>
    svc.remove(req.params.id),
  );
}
