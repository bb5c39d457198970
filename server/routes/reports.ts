import { gstr1Query, gstr1ReportResponse } from '../../core/schemas/order';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { Gstr1Service } from '../services/gstr1.service';

/** GET /api/Orders/gstr1/report?startDate&endDate[&vendorId]: a vendor's GSTR-1 summary (dates inclusive, IST). */
export async function reportsRoutes(app: App) {
  const svc = new Gstr1Service(app.services.db);
  app.get(
    '/gstr1/report',
    { onRequest: app.guard(['vendor', 'admin']), schema: { querystring: gstr1Query, response: replies({ 200: gstr1ReportResponse }) } },
    async (req) => svc.report(currentUser(req), req.query),
  );
}
