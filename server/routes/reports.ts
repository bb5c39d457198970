import { gstr1Query, gstr1ReportResponse } from '../../core/schemas/order';
import { profitQuery, profitResponse } from '../../core/schemas/profit';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { localized } from '../plugins/i18n';
import { PROFIT_CODES } from '../services/reports/profit.service';
import { REPORT_VENDOR_CODES } from '../services/reports/report-vendor';

/** GET /api/Orders/gstr1/report?startDate&endDate[&vendorId]: a vendor's GSTR-1 summary (dates inclusive, IST). */
export async function reportsRoutes(app: App) {
  const svc = app.services.gstr1;
  app.get(
    '/gstr1/report',
    {
      schema: {
        querystring: gstr1Query,
        response: replies({ 200: gstr1ReportResponse }, [...REPORT_VENDOR_CODES, 'datesFormat', 'endBeforeStart', 'periodTooLong']),
      },
    },
    async (req, reply) => {
      const report = await svc.report(currentUser(req), req.query);
      return { ...report, warnings: report.warnings.map((w) => localized(req, reply, w)) };
    },
  );
}

/** GET /api/reports/profit?from&to[&vendorId]: a shop's profit for India dates from..to, both included (registered under /api/reports). */
export async function profitRoutes(app: App) {
  const svc = app.services.profit;
  app.get(
    '/profit',
    { schema: { querystring: profitQuery, response: replies({ 200: profitResponse }, [...REPORT_VENDOR_CODES, ...PROFIT_CODES]) } },
    async (req) => svc.report(currentUser(req), req.query),
  );
}
