import { idParams, idSchema } from '../../core/schemas/common';
import { productCreateSchema, productUpdateSchema, vendorProductsQuery } from '../../core/schemas/product';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import { ProductsService } from '../services/products.service';

/** An admin may name the vendor a new product belongs to; a vendor's own id is always used for a vendor. */
const createBody = productCreateSchema.extend({ vendorId: idSchema.optional() });

/**
 * /api/products: a vendor's own products (create, edit, delete, list); an admin works on any.
 * The catalogue reads (GET /:id, /search, ...) live in catalog.ts under the same prefix.
 */
export async function vendorProductsRoutes(app: App) {
  const svc = new ProductsService(app.services.db);
  const staff = app.guard(['vendor', 'admin']);

  app.get('/products', { onRequest: staff, schema: { querystring: vendorProductsQuery } }, async (req) =>
    svc.listOwn(currentUser(req), req.query.keyword),
  );
  app.post('/', { onRequest: staff, schema: { body: createBody } }, async (req, reply) => {
    reply.code(201);
    return svc.create(currentUser(req), req.body);
  });
  app.put('/:id', { onRequest: staff, schema: { params: idParams, body: productUpdateSchema } }, async (req) =>
    svc.update(currentUser(req), req.params.id, req.body),
  );
  app.delete('/:id', { onRequest: staff, schema: { params: idParams } }, async (req) => svc.remove(currentUser(req), req.params.id));
}
