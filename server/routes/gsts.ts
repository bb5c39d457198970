import { z } from 'zod';
import { idParams, messageResponse } from '../../core/schemas/common';
import { gstDto, gstListQuery, gstSchema } from '../../core/schemas/gst';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';

/** What saving a GST record may answer besides its schema's codes. */
const GST_WRITE_CODES = ['cgstSgstSum', 'igstEqual', 'gstNameTaken'] as const;

/** /api/gsts: GST records. Vendors read the active ones; admins manage them all. */
export async function gstsRoutes(app: App) {
  const svc = app.services.gsts;

  app.get('/', { schema: { querystring: gstListQuery, response: replies({ 200: z.array(gstDto) }) } }, async (req) =>
    svc.list(currentUser(req), req.query.active === 'true'),
  );
  app.get('/:id', { schema: { params: idParams, response: replies({ 200: gstDto }, ['gstNotFound']) } }, async (req) =>
    svc.get(req.params.id),
  );
  app.post('/', { schema: { body: gstSchema, response: replies({ 201: gstDto }, GST_WRITE_CODES) } }, async (req, reply) => {
    reply.code(201);
    return svc.create(req.body);
  });
  app.put(
    '/:id',
    { schema: { params: idParams, body: gstSchema, response: replies({ 200: gstDto }, [...GST_WRITE_CODES, 'gstNotFound']) } },
    async (req) => svc.update(req.params.id, req.body),
  );
  app.delete('/:id', { schema: { params: idParams, response: replies({ 200: messageResponse }, ['gstNotFound']) } }, async (req) =>
    svc.remove(req.params.id),
  );
}
