import { idParams } from '../../core/schemas/common';
import { informationSchema } from '../../core/schemas/information';
import type { App } from '../app';
import { InformationsService } from '../services/informations.service';

/** /api/informations: announcements. Everyone signed in reads; admins write. */
export async function informationsRoutes(app: App) {
  const svc = new InformationsService(app.services.db);
  const admin = app.guard(['admin']);

  app.get('/', { onRequest: app.guard() }, async () => svc.list());
  app.post('/', { onRequest: admin, schema: { body: informationSchema } }, async (req, reply) => {
    reply.code(201);
    return svc.create(req.body.information);
  });
  app.delete('/:id', { onRequest: admin, schema: { params: idParams } }, async (req) => svc.delete(req.params.id));
}
