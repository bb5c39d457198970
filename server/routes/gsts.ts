import { idParams } from '../../core/schemas/common';
import { gstListQuery, gstSchema } from '../../core/schemas/gst';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import { GstsService } from '../services/gsts.service';

/** /api/gsts: GST records. Vendors read the active ones; admins manage them all. */
export async function gstsRoutes(app: App) {
  const svc = new GstsService(app.services.db);
  const staff = app.guard(['vendor', 'admin']);
  const admin = app.guard(['admin']);

  app.get('/', { onRequest: staff, schema: { querystring: gstListQuery } }, async (req) =>
    svc.list(currentUser(req), req.query.active === 'true'),
  );
  app.get('/:id', { onRequest: staff, schema: { params: idParams } }, async (req) => svc.get(req.params.id));
  app.post('/', { onRequest: admin, schema: { body: gstSchema } }, async (req, reply) => {
    reply.code(201);
    return svc.create(req.body);
  });
  app.put('/:id', { onRequest: admin, schema: { params: idParams, body: gstSchema } }, async (req) => svc.update(req.params.id, req.body));
  app.delete('/:id', { onRequest: admin, schema: { params: idParams } }, async (req) => svc.remove(req.params.id));
}
