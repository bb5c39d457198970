import { z } from 'zod';
import { idParams, messageResponse } from '../../core/schemas/common';
import { categoryDto, categorySchema, subcategoryNamesResponse } from '../../core/schemas/category';
import { replies } from '../lib/zod';
import type { App } from '../app-type';

/** A category name in the path (URL-decoded by Fastify); named `id` because it shares the position with GET /:id. */
const nameParams = z.object({ id: z.string().trim().min(1).max(200) });

/**
 * /api/categories. Reads need a signed-in user of any role (customers browse, vendors fill product
 * forms); writes are admin only.
 */
export async function categoriesRoutes(app: App) {
  const svc = app.services.categories;

  app.get('/', { schema: { response: replies({ 200: z.array(categoryDto) }) } }, async () => svc.list());
  app.get('/:id', { schema: { params: nameParams, response: replies({ 200: categoryDto }, ['categoryNotFound']) } }, async (req) =>
    svc.get(req.params.id),
  );
  app.get(
    '/:id/subcategories',
    { schema: { params: nameParams, response: replies({ 200: subcategoryNamesResponse }, ['categoryNotFound']) } },
    async (req) => {
      const c = await svc.byName(req.params.id);
      return { subcategories: c.subcategories, subcategoriesTa: c.subcategoriesTa };
    },
  );
  app.get(
    '/:id/V2-subcategories',
    { schema: { params: nameParams, response: replies({ 200: z.array(categoryDto) }, ['categoryNotFound']) } },
    async (req) => {
      const c = await svc.byName(req.params.id);
      return [c];
    },
  );

  app.post(
    '/',
    {
      schema: {
        body: categorySchema,
        response: replies({ 201: categoryDto }, ['subcategoryTwice', 'categoryNameTaken', 'subcategoriesTaTooMany']),
      },
    },
    async (req, reply) => {
      const created = await svc.create(req.body);
      reply.code(201);
      return created;
    },
  );
  app.put(
    '/:id',
    {
      schema: {
        params: idParams,
        body: categorySchema,
        response: replies({ 200: categoryDto }, [
          'categoryNotFound',
          'subcategoryTwice',
          'categoryNameTaken',
          'subcategoryInUse',
          'subcategoriesTaTooMany',
        ]),
      },
    },
    async (req) => svc.update(req.params.id, req.body),
  );
  app.delete(
    '/:id',
    { schema: { params: idParams, response: replies({ 200: messageResponse }, ['categoryNotFound', 'categoryInUse']) } },
    async (req) => svc.delete(req.params.id),
  );
}
