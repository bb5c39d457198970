import { storeCodesBody, storeCodesResponse } from '../../core/schemas/store-codes';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';

/**
 * POST /api/products/store-codes: in-store EAN-13 codes for products without a barcode (shelf labels).
 * Registered before the catalogue's /:id routes of the same prefix.
 */
export async function storeCodesRoutes(app: App) {
  app.post(
    '/store-codes',
    { schema: { body: storeCodesBody, response: replies({ 200: storeCodesResponse }, ['productNotFound']) } },
    async (req) => app.services.storeCodes.assign(currentUser(req), req.body.productIds),
  );
}
