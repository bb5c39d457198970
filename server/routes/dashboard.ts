import { adminSummaryQuery, adminSummaryResponse, vendorSummaryQuery, vendorSummaryResponse } from '../../core/schemas/dashboard';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { REPORT_PERSON_CODES } from '../services/reports/report-vendor';

const RANGE_CODES = ['endBeforeStart', 'reportRangeTooLong'] as const;

/**
 * GET /api/reports/vendor/summary?from&to[&vendorId][&staffId]: the owner's figures for India-time days
 * from..to (vendor: own; admin: names the vendor; staffId: one person's sales and returns only);
 * GET /api/reports/admin/summary?from&to: the marketplace's.
 */
export async function dashboardRoutes(app: App) {
  const svc = app.services.dashboard;
  app.get(
    '/vendor/summary',
    {
      schema: {
        querystring: vendorSummaryQuery,
        response: replies({ 200: vendorSummaryResponse }, [...REPORT_PERSON_CODES, ...RANGE_CODES]),
      },
    },
    async (req) => svc.vendorSummary(currentUser(req), req.query),
  );
  app.get(
    '/admin/summary',
    { schema: { querystring: adminSummaryQuery, response: replies({ 200: adminSummaryResponse }, RANGE_CODES) } },
    async (req) => svc.adminSummary(req.query),
  );
}
