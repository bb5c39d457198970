import { z } from 'zod';
import { idParams, messageResponse } from '../../core/schemas/common';
import { counterCatalogQuery, counterCatalogResponse } from '../../core/schemas/counter-catalog';
import { productCreateBody, productUpdateSchema, vendorProductDto, vendorProductsQuery } from '../../core/schemas/product';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';

/**
 * What saving a product may answer besides its schema's codes: the category, GST, price, stock and
 * image checks of the service, a barcode's check digit (pushed by its schema's check) or owner.
 */
const PRODUCT_WRITE_CODES = [
  'productNotFound',
  'categoryNotFound',
  'subcategoryNotInCategory',
  'chooseValidGst',
  'shopPriceZero',
  'shopPriceOverMrp',
  'freeShopPrice',
  'discountOverPrice',
  'stockNegative',
  'stockDecimals',
  'stockWhole',
  'imageUrlInvalid',
  'chooseValidVendor',
  'barcodeCheckDigit',
  'barcodeTaken',
  // a product's packs (core/packs.ts)
  'packFactorInvalid',
  'packFactorWhole',
  'packNameTaken',
  'skuTaken',
  'skuFormat',
] as const;

/**
 * /api/products: a vendor's own products (create, edit, delete, list, the counter's catalogue); an admin works on any.
 * The catalogue reads (GET /:id, /search, ...) live in catalog.ts under the same prefix.
 */
export async function vendorProductsRoutes(app: App) {
  const svc = app.services.products;

  app.get(
    '/products',
    { schema: { querystring: vendorProductsQuery, response: replies({ 200: z.array(vendorProductDto) }) } },
    async (req) => svc.listOwn(currentUser(req), req.query.keyword),
  );
  // the counter's catalogue, page after page (the list above stops at 2,000)
  app.get(
    '/counter-catalog',
    { schema: { querystring: counterCatalogQuery, response: replies({ 200: counterCatalogResponse }) } },
    async (req) => svc.counterPage(currentUser(req), req.query),
  );
  app.post(
    '/',
    { schema: { body: productCreateBody, response: replies({ 201: vendorProductDto }, PRODUCT_WRITE_CODES) } },
    async (req, reply) => {
      reply.code(201);
      return svc.create(currentUser(req), req.body);
    },
  );
  app.put(
    '/:id',
    { schema: { params: idParams, body: productUpdateSchema, response: replies({ 200: vendorProductDto }, PRODUCT_WRITE_CODES) } },
    async (req) => svc.update(currentUser(req), req.params.id, req.body),
  );
  app.delete('/:id', { schema: { params: idParams, response: replies({ 200: messageResponse }, ['productNotFound']) } }, async (req) =>
    svc.remove(currentUser(req), req.params.id),
  );
}
