import {
  stockAdjustmentResponse,
  stockAdjustmentSchema,
  stockCountResponse,
  stockCountSchema,
  stockLedgerQuery,
  stockLedgerResponse,
} from '../../core/schemas/stock';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';

/**
 * /api/stock: a product's ledger, a manual adjustment and the shelf count (vendors their own
 * products, admins any; server/services/stock/stock.service.ts).
 */
export async function stockRoutes(app: App) {
  const svc = app.services.stock;
  app.get(
    '/ledger',
    { schema: { querystring: stockLedgerQuery, response: replies({ 200: stockLedgerResponse }, ['productNotFound']) } },
    async (req) => svc.ledger(currentUser(req), req.query.productId, { limit: req.query.limit, before: req.query.before }),
  );
  app.post(
    '/adjustments',
    {
      schema: {
        body: stockAdjustmentSchema,
        response: replies({ 201: stockAdjustmentResponse }, [
          'productNotFound',
          'quantityWhole',
          'stockBelowZero',
          'batchNotFound',
          'batchShort',
        ]),
      },
    },
    async (req, reply) => reply.code(201).send(await svc.adjust(currentUser(req), req.body)),
  );
  app.post(
    '/counts',
    {
      schema: {
        body: stockCountSchema,
        response: replies({ 200: stockCountResponse }, [
          'productNotFound',
          'duplicateProducts',
          'stockNegative',
          'stockDecimals',
          'stockWhole',
        ]),
      },
    },
    async (req) => svc.count(currentUser(req), req.body),
  );
}
