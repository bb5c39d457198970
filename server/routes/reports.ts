import { gstr1Query } from '../../core/schemas/order';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import { Gstr1Service } from '../services/gstr1.service';

/** GET /api/Orders/gstr1/report?startDate&endDate[&vendorId]: a vendor's GSTR-1 summary (dates inclusive, IST). */
export async function reportsRoutes(app: App) {
  const svc = new Gstr1Service(app.services.db);
  app.get('/gstr1/report', { onRequest: app.guard(['vendor', 'admin']), schema: { querystring: gstr1Query } }, async (req) =>
    svc.report(currentUser(req), req.query),
  );
}
