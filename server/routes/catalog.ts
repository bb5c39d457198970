import { z } from 'zod';
import { idParams } from '../../core/schemas/common';
import { categorySubcategoryListResponse } from '../../core/schemas/category';
import {
  productDetailDto,
  productDetailQuery,
  productSearchQuery,
  reviewResultResponse,
  reviewSchema,
  searchResponse,
  subcategoryProductsQuery,
  subcategoryProductsResponse,
} from '../../core/schemas/product';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { CatalogService } from '../services/catalog.service';
import { CategoriesService } from '../services/categories.service';

/** Any text: a malformed id is simply "Product not found". */
const anyId = z.object({ id: z.string().max(200) });
const subcategoryParams = z.object({ subcategory: z.string().trim().min(1).max(200) });

/**
 * Catalogue reads under /api/products for every signed-in role (customers see only active products
 * of active vendors) and customer reviews. Vendor CRUD lives in vendor-products.ts.
 */
export async function catalogRoutes(app: App) {
  const svc = new CatalogService(app.services.db);
  const categories = new CategoriesService(app.services.db);
  const anyone = app.guard();

  app.get(
    '/categories-subcategories',
    { onRequest: anyone, schema: { response: replies({ 200: categorySubcategoryListResponse }) } },
    async () => ({
      categorySubcategoryList: await categories.categorySubcategoryList(),
    }),
  );

  app.get(
    '/search',
    { onRequest: anyone, schema: { querystring: productSearchQuery, response: replies({ 200: searchResponse }) } },
    async (req) => svc.search(req.query, req.catalogVersion),
  );

  app.get(
    '/subcategory/:subcategory',
    {
      onRequest: anyone,
      schema: { params: subcategoryParams, querystring: subcategoryProductsQuery, response: replies({ 200: subcategoryProductsResponse }) },
    },
    async (req) => svc.bySubcategory(req.params.subcategory, req.query, req.catalogVersion),
  );

  app.get(
    '/:id',
    { onRequest: anyone, schema: { params: anyId, querystring: productDetailQuery, response: replies({ 200: productDetailDto }) } },
    async (req) => svc.detail(currentUser(req), req.params.id, req.catalogVersion, req.query),
  );

  app.post(
    '/:id/reviews',
    {
      onRequest: app.guard(['user']),
      schema: { params: idParams, body: reviewSchema, response: replies({ 200: reviewResultResponse, 201: reviewResultResponse }) },
    },
    async (req, reply) => {
      const { created, ...result } = await svc.review(currentUser(req), req.params.id, req.body);
      reply.code(created ? 201 : 200);
      return result;
    },
  );
}
