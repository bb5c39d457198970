import { messageResponse, idParams } from '../../core/schemas/common';
import {
  priceListDto,
  priceListSchema,
  priceListsResponse,
  schemeDto,
  schemeSchema,
  schemesResponse,
  tillDifferencesQuery,
  tillDifferencesResponse,
} from '../../core/schemas/pricing';
import { CODE } from '../../core/message-codes';
import { note } from '../lib/errors';
import type { App } from '../app-type';
import { replies } from '../lib/zod';
import { currentUser } from '../plugins/auth';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';
import { PRICE_LIST_CODES, SCHEME_CODES } from '../services/pricing/pricing.service';

/**
 * /api/price-lists, /api/schemes and /api/sales/till-differences: the shop's price lists and schemes
 * (core/pricing.ts prices the counter's sales with them) and the offline sales that kept their till's
 * total (server/services/pricing). Registered under /api.
 */
export async function pricingRoutes(app: App) {
  const { pricing } = app.services;

  app.post(
    '/price-lists',
    { schema: { body: priceListSchema, response: replies({ 201: priceListDto }, [...PRICE_LIST_CODES, ...IDEMPOTENCY_CODES]) } },
    async (req, reply) => {
      const list = await pricing.createList(currentUser(req), req.body);
      reply.code(201);
      return list;
    },
  );
  app.get('/price-lists', { schema: { response: replies({ 200: priceListsResponse }) } }, async (req) => pricing.lists(currentUser(req)));
  app.get('/price-lists/:id', { schema: { params: idParams, response: replies({ 200: priceListDto }, PRICE_LIST_CODES) } }, async (req) =>
    pricing.list(currentUser(req), req.params.id),
  );
  app.put(
    '/price-lists/:id',
    { schema: { params: idParams, body: priceListSchema, response: replies({ 200: priceListDto }, PRICE_LIST_CODES) } },
    async (req) => pricing.updateList(currentUser(req), req.params.id, req.body),
  );
  app.delete(
    '/price-lists/:id',
    { schema: { params: idParams, response: replies({ 200: messageResponse }, PRICE_LIST_CODES) } },
    async (req) => {
      await pricing.deleteList(currentUser(req), req.params.id);
      return note(CODE.priceListDeleted);
    },
  );

  app.post(
    '/schemes',
    { schema: { body: schemeSchema, response: replies({ 201: schemeDto }, [...SCHEME_CODES, ...IDEMPOTENCY_CODES]) } },
    async (req, reply) => {
      const scheme = await pricing.createScheme(currentUser(req), req.body);
      reply.code(201);
      return scheme;
    },
  );
  app.get('/schemes', { schema: { response: replies({ 200: schemesResponse }) } }, async (req) => pricing.schemes(currentUser(req)));
  app.put(
    '/schemes/:id',
    { schema: { params: idParams, body: schemeSchema, response: replies({ 200: schemeDto }, SCHEME_CODES) } },
    async (req) => pricing.updateScheme(currentUser(req), req.params.id, req.body),
  );
  app.delete('/schemes/:id', { schema: { params: idParams, response: replies({ 200: schemeDto }, SCHEME_CODES) } }, async (req) =>
    pricing.endScheme(currentUser(req), req.params.id),
  );

  app.get(
    '/sales/till-differences',
    { schema: { querystring: tillDifferencesQuery, response: replies({ 200: tillDifferencesResponse }) } },
    async (req) => pricing.tillDifferences(currentUser(req), req.query.from, req.query.to),
  );
}
