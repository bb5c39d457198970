import { gstr3bQuery, gstr3bResponse } from '../../core/schemas/gstr3b';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { localized } from '../plugins/i18n';
import { REPORT_VENDOR_CODES } from '../services/reports/report-vendor';

/**
 * GET /api/reports/gstr3b?month=YYYY-MM[&vendorId][&format=csv]: a shop's GSTR-3B for a month, as
 * JSON (the report and GSTN's JSON) or as a CSV file.
 */
export async function gstr3bRoutes(app: App) {
  const svc = app.services.gstr3b;
  app.get(
    '/gstr3b',
    { schema: { querystring: gstr3bQuery, response: replies({ 200: gstr3bResponse }, REPORT_VENDOR_CODES) } },
    async (req, reply) => {
      const { csv, ...report } = await svc.report(currentUser(req), req.query);
      if (req.query.format === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="GSTR3B_${report.vendor.gstNumber || 'shop'}_${report.period.retPeriod}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(csv);
      return { ...report, warnings: report.warnings.map((w) => localized(req, reply, w)) };
    },
  );
}
