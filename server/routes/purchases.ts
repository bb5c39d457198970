import { z } from 'zod';
import {
  cancelPurchaseResponse,
  cancelPurchaseSchema,
  createPurchaseSchema,
  inputGstResponse,
  purchaseDto,
  purchaseRangeQuery,
  purchaseSummaryDto,
  supplierDto,
} from '../../core/schemas/purchase';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';

/** What receiving a bill may answer besides its schema's codes. */
const CREATE_CODES = [
  'productNotFound',
  'duplicateProducts',
  'purchaseMixedVendors',
  'purchaseBillTaken',
  'purchaseOrderNotFound',
  'purchaseOrderOtherSupplier',
  'purchaseOrderClosed',
  'batchRequired',
  'batchExpired',
  // a line bought in a pack the product has not, or in part of a pack (server/services/sales/pack-lines.ts)
  'packUnknown',
  'packQuantityWhole',
  'quantityPositive',
  'quantityTooLarge',
  'quantityDecimals',
  'quantityWhole',
  'alreadyExists',
  // the supplier GSTIN's check (core/purchase.ts), named by the schema's refinement
  'gstinCheck',
  ...IDEMPOTENCY_CODES,
] as const;

/** Any text: a malformed id is simply "Purchase not found". */
const anyId = z.object({ id: z.string().max(200) });

/** /api/purchases: goods received from suppliers (server/services/stock/purchases.service.ts). */
export async function purchasesRoutes(app: App) {
  const svc = app.services.purchases;

  // the offline outbox sends it with an Idempotency-Key: a replay answers the first 201
  app.post('/', { schema: { body: createPurchaseSchema, response: replies({ 201: purchaseDto }, CREATE_CODES) } }, async (req, reply) => {
    const purchase = await svc.create(currentUser(req), req.body, req.idempotency ?? undefined);
    reply.code(201);
    return purchase;
  });
  app.get('/', { schema: { querystring: purchaseRangeQuery, response: replies({ 200: z.array(purchaseSummaryDto) }) } }, async (req) =>
    svc.list(currentUser(req), req.query),
  );
  app.get('/suppliers', { schema: { response: replies({ 200: z.array(supplierDto) }) } }, async (req) => svc.suppliers(currentUser(req)));
  app.get('/input-gst', { schema: { querystring: purchaseRangeQuery, response: replies({ 200: inputGstResponse }) } }, async (req) =>
    svc.inputGst(currentUser(req), req.query),
  );
  app.get('/:id', { schema: { params: anyId, response: replies({ 200: purchaseDto }, ['purchaseNotFound']) } }, async (req) =>
    svc.get(currentUser(req), req.params.id),
  );
  app.post(
    '/:id/cancel',
    {
      schema: {
        params: anyId,
        body: cancelPurchaseSchema,
        response: replies({ 200: cancelPurchaseResponse }, [
          'purchaseNotFound',
          'purchaseCancelStockSold',
          'purchaseCancelPaid',
          'purchaseCancelReturned',
        ]),
      },
    },
    async (req) => svc.cancel(currentUser(req), req.params.id, req.body.reason),
  );
}
