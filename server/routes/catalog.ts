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

/** Any text: a malformed id is simply "Product not found". */
const anyId = z.object({ id: z.string().max(200) });
const subcategoryParams = z.object({ subcategory: z.string().trim().min(1).max(200) });

/**
 * Catalogue reads under /api/products for every signed-in role (customers see only active products
 * of active vendors) and customer reviews. Vendor CRUD lives in vendor-products.ts.
 */
export async function catalogRoutes(app: App) {
  const { catalog: svc, categories } = app.services;

  app.get('/categories-subcategories', { schema: { response: replies({ 200: categorySubcategoryListResponse }) } }, async () => ({
    categorySubcategoryList: await categories.categorySubcategoryList(),
  }));

  app.get('/search', { schema: { querystring: productSearchQuery, response: replies({ 200: searchResponse }) } }, async (req) =>
    svc.search(req.query, req.catalogVersion),
  );

  app.get(
    '/subcategory/:subcategory',
    {
      schema: { params: subcategoryParams, querystring: subcategoryProductsQuery, response: replies({ 200: subcategoryProductsResponse }) },
    },
    async (req) => svc.bySubcategory(req.params.subcategory, req.query, req.catalogVersion),
  );

  app.get(
    '/:id',
    { schema: { params: anyId, querystring: productDetailQuery, response: replies({ 200: productDetailDto }, ['productNotFound']) } },
    async (req) => svc.detail(currentUser(req), req.params.id, req.catalogVersion, req.query),
  );

  app.post(
    '/:id/reviews',
    {
      schema: {
        params: idParams,
        body: reviewSchema,
        response: replies({ 200: reviewResultResponse, 201: reviewResultResponse }, ['productNotFound']),
      },
    },
    async (req, reply) => {
      const { created, ...result } = await svc.review(currentUser(req), req.params.id, req.body);
      reply.code(created ? 201 : 200);
      return result;
    },
  );
}
