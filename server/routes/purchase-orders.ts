import { z } from 'zod';
import {
  closePurchaseOrderSchema,
  createPurchaseOrderSchema,
  purchaseOrderDto,
  purchaseOrderListQuery,
  purchaseOrderSummaryDto,
} from '../../core/schemas/purchase-order';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';

/** What making an order may answer besides its schema's codes. */
const CREATE_CODES = [
  'purchaseOrderSupplierUnknown',
  'purchaseOrderProductNotOfShop',
  'duplicateProducts',
  'quantityWhole',
  'quantityDecimals',
  'documentSeriesFull',
  ...IDEMPOTENCY_CODES,
] as const;

/** Any text: a malformed id is simply "Purchase order not found". */
const anyId = z.object({ id: z.string().max(200) });

/** /api/purchase-orders: what the shop asks its suppliers for (server/services/stock/purchase-orders.service.ts). */
export async function purchaseOrdersRoutes(app: App) {
  const svc = app.services.purchaseOrders;

  // the offline outbox sends it with an Idempotency-Key: a replay answers the first 201
  app.post(
    '/',
    { schema: { body: createPurchaseOrderSchema, response: replies({ 201: purchaseOrderDto }, CREATE_CODES) } },
    async (req, reply) => {
      const order = await svc.create(currentUser(req), req.body, req.idempotency ?? undefined);
      reply.code(201);
      return order;
    },
  );
  app.get(
    '/',
    { schema: { querystring: purchaseOrderListQuery, response: replies({ 200: z.array(purchaseOrderSummaryDto) }) } },
    async (req) => svc.list(currentUser(req), req.query),
  );
  app.get('/:id', { schema: { params: anyId, response: replies({ 200: purchaseOrderDto }, ['purchaseOrderNotFound']) } }, async (req) =>
    svc.get(currentUser(req), req.params.id),
  );
  app.post(
    '/:id/close',
    { schema: { params: anyId, body: closePurchaseOrderSchema, response: replies({ 200: purchaseOrderDto }, ['purchaseOrderNotFound']) } },
    async (req) => svc.close(currentUser(req), req.params.id, req.body.reason),
  );
}
