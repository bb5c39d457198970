import { z } from 'zod';
import { idParams, messageResponse } from '../../core/schemas/common';
import { productCreateBody, productDto, productUpdateSchema, vendorProductsQuery } from '../../core/schemas/product';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { ProductsService } from '../services/products.service';

/**
 * /api/products: a vendor's own products (create, edit, delete, list); an admin works on any.
 * The catalogue reads (GET /:id, /search, ...) live in catalog.ts under the same prefix.
 */
export async function vendorProductsRoutes(app: App) {
  const svc = new ProductsService(app.services.db);
  const staff = app.guard(['vendor', 'admin']);

  app.get(
    '/products',
    { onRequest: staff, schema: { querystring: vendorProductsQuery, response: replies({ 200: z.array(productDto) }) } },
    async (req) => svc.listOwn(currentUser(req), req.query.keyword),
  );
  app.post('/', { onRequest: staff, schema: { body: productCreateBody, response: replies({ 201: productDto }) } }, async (req, reply) => {
    reply.code(201);
    return svc.create(currentUser(req), req.body);
  });
  app.put(
    '/:id',
    { onRequest: staff, schema: { params: idParams, body: productUpdateSchema, response: replies({ 200: productDto }) } },
    async (req) => svc.update(currentUser(req), req.params.id, req.body),
  );
  app.delete('/:id', { onRequest: staff, schema: { params: idParams, response: replies({ 200: messageResponse }) } }, async (req) =>
    svc.remove(currentUser(req), req.params.id),
  );
}
