import { z } from 'zod';
import { APPROVAL_CODES } from '../../core/approvals';
import { messageResponse } from '../../core/schemas/common';
import {
  areaCardsResponse,
  areaCountsResponse,
  daySummaryQuery,
  daySummaryResponse,
  markDeliveredSchema,
  orderChangedResponse,
  orderCustomersResponse,
  orderDetailsSchema,
  orderDto,
  orderProductsResponse,
  pendingByAreaSchema,
  statusUpdateSchema,
  vendorOrdersPage,
  voidSaleSchema,
  vendorOrdersQuery,
} from '../../core/schemas/order';
import { sendJsonAnswer } from '../lib/json-answer';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';
import { ACT_TIME_CODES } from '../lib/act-time';
import { REPORT_PERSON_CODES } from '../services/reports/report-vendor';
import { isCustomer } from '../security/access';

/** What a status change (or mark delivered) may answer besides its schema's codes. */
const STATUS_CHANGE_CODES = ['orderNotFound', 'deliveredIsFinal', 'statusNotAllowed', 'documentSeriesFull'] as const;

/** What voiding a counter sale may answer besides its schema's codes. */
const VOID_CODES = ['orderNotFound', 'voidShopSaleOnly', 'voidPendingDelete', 'voidSameDayOnly', 'voidHasReturns'] as const;

/** Any text: a malformed id is simply "not found". */
const anyId = z.object({ id: z.string().max(200) });

/**
 * /api/Orders for vendors, admins and delivery staff: pending and paged lists, customers and
 * products for the filters, the day's close, mark delivered (with cash collected), status change,
 * delete, and pending orders by area.
 */
export async function vendorOrdersRoutes(app: App) {
  const { vendorOrders: svc, daySummary: days, orderVoid } = app.services;

  app.get('/vendor/pending', { schema: { response: replies({ 200: z.array(orderDto) }) } }, async (req) => svc.pending(currentUser(req)));
  app.get(
    '/vendor',
    { schema: { querystring: vendorOrdersQuery, response: replies({ 200: vendorOrdersPage }, ['startAfterEnd']) } },
    async (req) => svc.list(currentUser(req), req.query),
  );
  app.get(
    '/vendor/day-summary',
    { schema: { querystring: daySummaryQuery, response: replies({ 200: daySummaryResponse }, REPORT_PERSON_CODES) } },
    async (req) => days.summary(currentUser(req), req.query.date, req.query.vendorId, req.query.staffId),
  );
  app.get('/vendor/customers', { schema: { response: replies({ 200: orderCustomersResponse }) } }, async (req) =>
    svc.customers(currentUser(req)),
  );
  app.get(
    '/vendor/:id/distinct-products',
    { schema: { params: anyId, response: replies({ 200: orderProductsResponse }, ['vendorNotFound']) } },
    async (req) => svc.distinctProducts(currentUser(req), req.params.id),
  );
  app.put(
    '/mark-delivered',
    {
      schema: {
        body: markDeliveredSchema,
        // cash collected on a sale already on a shop customer's account is a payment on the account (docs/khata.md)
        response: replies({ 200: orderChangedResponse }, [
          ...STATUS_CHANGE_CODES,
          'creditSaleOnAccount',
          'splitSaleCashCollected',
          ...ACT_TIME_CODES,
          ...IDEMPOTENCY_CODES,
        ]),
      },
    },
    async (req) => svc.markDelivered(currentUser(req), req.body.orderId, req.body.cashCollected === true, req.body.at),
  );
  // a counter sale voided on its day (core/sale-void); the outbox may send it with an Idempotency-Key
  app.post(
    '/:id/void',
    {
      schema: {
        params: anyId,
        body: voidSaleSchema,
        response: replies({ 200: orderChangedResponse }, [...VOID_CODES, ...ACT_TIME_CODES, ...IDEMPOTENCY_CODES, ...APPROVAL_CODES]),
      },
    },
    async (req) => orderVoid.voidSale(currentUser(req), req.params.id, req.body.reason, req.body.at, req.body.approval),
  );
  app.put(
    '/:id/status',
    { schema: { params: anyId, body: statusUpdateSchema, response: replies({ 200: orderChangedResponse }, STATUS_CHANGE_CODES) } },
    async (req) => svc.setStatus(currentUser(req), req.params.id, req.body.status),
  );
  // a customer may delete their own order while it is Pending (the spec's customer variant of the order page),
  // a limited number of times an hour per account (rateLimits.orderDeletes); vendors and admins are not limited
  app.delete(
    '/orders/:id',
    { schema: { params: anyId, response: replies({ 200: messageResponse }, ['orderNotFound', 'onlyPendingDeletable']) } },
    async (req) => {
      const user = currentUser(req);
      if (isCustomer(user)) await app.services.limits.orderDeletes.hit(`user:${user.id}`);
      return svc.remove(user, req.params.id);
    },
  );
  // the spec's whole orders of an area, sent as built (server/services/sales/vendor-orders.service.ts pendingByAreaAnswer): a
  // few builds at a time, the waiting one shared by the requests for its area, each serialized and compressed once
  app.post(
    '/pending-by-area',
    { schema: { body: pendingByAreaSchema, response: replies({ 200: z.array(orderDto) }) } },
    async (req, reply) => sendJsonAnswer(req, reply, await svc.pendingByAreaAnswer(req.body.area)),
  );
  // the rider's app: the cards of an area (a few fields each), then the orders' details, many at once, to keep offline;
  // the cards are sent as cached (server/services/delivery/area-cards-cache.ts): serialized and compressed once per version of the list
  app.post(
    '/pending-by-area/cards',
    { schema: { body: pendingByAreaSchema, response: replies({ 200: areaCardsResponse }) } },
    async (req, reply) => sendJsonAnswer(req, reply, await svc.pendingCardsAnswer(req.body.area)),
  );
  app.post('/details', { schema: { body: orderDetailsSchema, response: replies({ 200: z.array(orderDto) }) } }, async (req) =>
    svc.details(req.body.ids),
  );
  app.get('/area-counts', { schema: { response: replies({ 200: areaCountsResponse }) } }, async () => svc.pendingCountsByArea());
}
