import { reorderQuery, reorderResponse } from '../../core/schemas/reorder';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';

/** GET /api/stock/reorder: what to order again (vendor: own products; admin: all, or ?vendorId=). */
export async function reorderRoutes(app: App) {
  app.get('/reorder', { schema: { querystring: reorderQuery, response: replies({ 200: reorderResponse }) } }, async (req) =>
    app.services.reorder.list(currentUser(req), req.query.vendorId),
  );
}
