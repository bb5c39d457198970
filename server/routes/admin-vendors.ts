import { idParams } from '../../core/schemas/common';
import { toggleVendorSchema, vendorToggledResponse } from '../../core/schemas/user';
import { replies } from '../lib/zod';
import type { App } from '../app-type';

/** PUT /api/products/:id/toggle-status {isActive}: admin sets a vendor (by user id) active or inactive. */
export async function adminVendorsRoutes(app: App) {
  app.put(
    '/:id/toggle-status',
    {
      schema: { params: idParams, body: toggleVendorSchema, response: replies({ 200: vendorToggledResponse }, ['vendorNotFound']) },
    },
    async (req) => app.services.users.setVendorActive(req.params.id, req.body.isActive),
  );
}
