import { tallyExportFile, tallyExportQuery, tallyLedgersSchema, tallySettingsResponse } from '../../core/schemas/tally';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { TALLY_EXPORT_CODES } from '../services/tax/tally.service';

/**
 * /api/exports/tally: the shop's books for a period as Tally's XML import file, and the shop's Tally ledger
 * names (server/services/tax/tally.service.ts, docs/tally.md). Registered under /api.
 */
export async function tallyExportRoutes(app: App) {
  const { tally } = app.services;

  app.get('/exports/tally/settings', { schema: { response: replies({ 200: tallySettingsResponse }) } }, async (req) =>
    tally.settings(currentUser(req)),
  );
  app.put(
    '/exports/tally/settings',
    { schema: { body: tallyLedgersSchema, response: replies({ 200: tallySettingsResponse }) } },
    async (req) => tally.saveSettings(currentUser(req), req.body),
  );
  app.get(
    '/exports/tally',
    { schema: { querystring: tallyExportQuery, response: replies({ 200: tallyExportFile }, TALLY_EXPORT_CODES) } },
    async (req, reply) => {
      const { xml, fileName } = await tally.export(currentUser(req), req.query.from, req.query.to);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(xml);
    },
  );
}
