import { CODE } from '../core/message-codes';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import type { App } from './app-type';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { type Config, fastifyTrustProxy } from './config';
import type { Db } from './db';
import { HttpError, note } from './lib/errors';
import { fastifyErrorCode } from './lib/fastify-errors';
import { uniqueViolation } from './lib/unique-violation';
import { z } from 'zod';
import {
  declareSchemaCodes,
  replies,
  ResponseContractError,
  type ZodTypeProvider,
  zodSerializerCompiler,
  zodValidatorCompiler,
} from './lib/zod';
import { registerApiDocs } from './plugins/api-docs';
import { guardRoutesByPolicy } from './plugins/auth';
import { inRequestLanguage, registerI18n, requestLanguage } from './plugins/i18n';
import { registerIdempotency } from './plugins/idempotency';
import { purchasesRoutes } from './routes/purchases';
import { debitNotesRoutes } from './routes/debit-notes';
import { purchaseOrdersRoutes } from './routes/purchase-orders';
import { suppliersRoutes } from './routes/suppliers';
import { returnsRoutes } from './routes/returns';
import { customersRoutes } from './routes/customers';
import { payLinksRoutes } from './routes/pay-links';
import { loyaltyRoutes } from './routes/loyalty';
import { shopRoutes } from './routes/shop';
import { devicesRoutes } from './routes/devices';
import { securityHeaders } from './plugins/security-headers';
import { sql } from 'kysely';
import { createServices } from './create-services';
import { startPurgeTimer } from './services/platform/purge.service';
import { usersRoutes } from './routes/users';
import { catalogRoutes } from './routes/catalog';
import { vendorProductsRoutes } from './routes/vendor-products';
import { productImportRoutes } from './routes/product-import';
import { adminVendorsRoutes } from './routes/admin-vendors';
import { categoriesRoutes } from './routes/categories';
import { gstsRoutes } from './routes/gsts';
import { informationsRoutes } from './routes/informations';
import { ordersRoutes } from './routes/orders';
import { vendorOrdersRoutes } from './routes/vendor-orders';
import { uploadsRoutes } from './routes/uploads';
import { stockRoutes } from './routes/stock';
import { batchesRoutes } from './routes/batches';
import { profitRoutes, reportsRoutes } from './routes/reports';
import { gstr3bRoutes } from './routes/gstr3b';
import { dashboardRoutes } from './routes/dashboard';
import { reorderRoutes } from './routes/reorder';
import { storeCodesRoutes } from './routes/store-codes';
import { pushRoutes } from './routes/push';
import { eventsRoutes } from './routes/events';
import { riderCashRoutes } from './routes/rider-cash';
import { shiftsRoutes } from './routes/shifts';
import { expensesRoutes } from './routes/expenses';
import { pricingRoutes } from './routes/pricing';
import { ewayEinvoiceRoutes } from './routes/eway-einvoice';
import { tallyExportRoutes } from './routes/tally-export';
import { paymentsRoutes } from './routes/payments';
import { displaysRoutes } from './routes/displays';

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

function isDbUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    (!!e?.code && DB_DOWN_CODES.has(e.code)) ||
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(e?.message ?? '')
  );
}

export interface BuildOptions {
  db: Db;
  config: Config;
  logger?: boolean | object;
}

/** Builds the Fastify instance: API under /api, the PWA and its deep links on the same origin. */
export async function buildApp({ db, config, logger }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_000_000,
    routerOptions: { maxParamLength: 200 },
    // the router's refusals (a malformed or too long path) by code like every other answer
    frameworkErrors: (err, req, reply) => {
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
      const answer = note(status < 500 ? fastifyErrorCode(err.code) : 'internalError');
      (reply as FastifyReply).code(status).send(inRequestLanguage(req, reply as FastifyReply, answer));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler(config.validateResponses));
  // each route's error schema lists the codes its request schemas name (before the API docs read it)
  app.addHook('onRoute', declareSchemaCodes);
  const services = createServices(db, config, app.log);
  app.decorate('services', services);
  // every /api route gets the guard its row of the authorization table names (server/security/route-policy.ts)
  guardRoutesByPolicy(app, services.sessions, undefined, (actor, claim, key) => services.pins.actedBy(actor, claim, key));
  // Expired sessions, codes and old counters: purged now and every hour; stopped before the database closes.
  const purge = startPurgeTimer(db, app.log);
  app.addHook('onClose', () => purge.stop());
  // order events from the database (LISTEN) for live screens and pushes; stopped before the database closes
  await services.live.start();
  app.addHook('onClose', () => services.live.close());
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('catalogVersion', null);

  securityHeaders(config.imageUploadUrl ? [new URL(config.imageUploadUrl).origin] : [])(app);
  // `{ message, code }` answers in the request's language (Accept-Language: ta-IN gets Tamil)
  registerI18n(app);

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send(err.body());
    // under test, an answer that breaks its route's contract says where (see zodSerializerCompiler)
    if (err instanceof ResponseContractError) {
      req.log.error({ err }, 'response contract broken');
      return reply.code(500).send({ ...note(CODE.internalError), message: err.message });
    }
    // a save raced another past its service's check and a unique index refused it: the same 409 as the check
    const unique = uniqueViolation(err);
    if (unique) {
      req.log.info({ constraint: unique.constraint }, 'unique violation answered 409');
      return reply.code(409).send(unique.answer.body());
    }
    if (isDbUnavailable(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(note(CODE.serviceUnavailable));
    }
    // Fastify's own refusals (body too large, not JSON, ...): their code, never their English
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send(note(fastifyErrorCode((err as { code?: string }).code)));
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(note(CODE.internalError));
  });

  await registerApiDocs(app);
  await app.register(
    async (api) => {
      const status = { response: replies({ 200: z.object({ status: z.string() }) }) };
      const ready = { response: replies({ 200: z.object({ status: z.string(), search: z.enum(['memory', 'database']) }) }) };
      api.get('/health', { schema: status }, async () => ({ status: 'ok' }));
      // search: where this process ranks searches (its in-memory index once built, PostgreSQL until then)
      api.get('/ready', { schema: ready }, async (_req, reply) => {
        try {
          await sql`select 1`.execute(db);
          return { status: 'ready', search: services.catalog.searchInMemory ? ('memory' as const) : ('database' as const) };
        } catch {
          return reply.code(503).send(note(CODE.serviceUnavailable));
        }
      });
      // API answers hold personal data: no browser or proxy cache keeps them (images set their own header)
      api.addHook('onSend', async (_req, reply, payload) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      // JSON answers compressed for phones on slow links (Brotli quality 4 or gzip) from 1 KB up, after
      // the other onSend hooks (the idempotency store keeps the plain JSON); images are compressed
      // formats already and pass as they are; request bodies are never decompressed. Up to 128 KB in
      // one synchronous call: the plugin's stream path (its default from 8 KB on two cores) took a
      // quarter of the server's CPU for search pages (profiled on the bench); bigger lists still stream.
      await api.register(fastifyCompress, {
        encodings: ['br', 'gzip'],
        threshold: 1024,
        syncThreshold: 128 * 1024,
        customTypes: /^application\/json(?:;|$)/u,
        globalDecompression: false,
      });
      registerIdempotency(api);
      await api.register(usersRoutes, { prefix: '/users' });
      // /api/products: catalogue reads (customers), vendor CRUD, admin vendor toggle
      await api.register(storeCodesRoutes, { prefix: '/products' });
      await api.register(catalogRoutes, { prefix: '/products' });
      await api.register(vendorProductsRoutes, { prefix: '/products' });
      await api.register(productImportRoutes, { prefix: '/products' });
      await api.register(adminVendorsRoutes, { prefix: '/products' });
      await api.register(categoriesRoutes, { prefix: '/categories' });
      await api.register(gstsRoutes, { prefix: '/gsts' });
      await api.register(informationsRoutes, { prefix: '/informations' });
      // /api/Orders: checkout and shop sales, customer reads; vendor, delivery and report calls
      await api.register(ordersRoutes, { prefix: '/Orders' });
      await api.register(vendorOrdersRoutes, { prefix: '/Orders' });
      await api.register(reportsRoutes, { prefix: '/Orders' });
      // /api/reports: the dashboards' figures (the vendor's range of days, the marketplace's)
      await api.register(dashboardRoutes, { prefix: '/reports' });
      // /api/reports/profit: a shop's profit for a period
      await api.register(profitRoutes, { prefix: '/reports' });
      // /api/reports/gstr3b: a shop's GSTR-3B for a month
      await api.register(gstr3bRoutes, { prefix: '/reports' });
      // /api/Orders/:id/returns and /api/credit-notes: returns against delivered sales, their credit notes
      await api.register(returnsRoutes);
      await api.register(uploadsRoutes, { prefix: '/uploads' });
      // /api/stock: the reorder list (stock adjustments and the ledger share the prefix)
      await api.register(reorderRoutes, { prefix: '/stock' });
      await api.register(purchasesRoutes, { prefix: '/purchases' });
      // /api/purchases/:id/returns and /api/debit-notes/:id: goods returned to suppliers, their debit notes
      await api.register(debitNotesRoutes);
      await api.register(purchaseOrdersRoutes, { prefix: '/purchase-orders' });
      // /api/suppliers: credit days, payments to suppliers, their ledgers and the payables
      await api.register(suppliersRoutes, { prefix: '/suppliers' });
      await api.register(customersRoutes, { prefix: '/customers' });
      // /api/customers/:id/pay-link and the public /api/pay/:token: a reminder's payment link
      await api.register(payLinksRoutes);
      // /api/shop/loyalty and /api/customers/:id/points: loyalty points
      await api.register(loyaltyRoutes);
      // /api/Orders/:id/eway-bill, /api/Orders/:id/einvoice, /api/credit-notes/:id/einvoice: the portals' JSON and their numbers entered back
      await api.register(ewayEinvoiceRoutes);
      await api.register(devicesRoutes, { prefix: '/devices' });
      await api.register(shopRoutes, { prefix: '/shop' });
      await api.register(stockRoutes, { prefix: '/stock' });
      // /api/stock/batches and /api/stock/expiring: batches, expiry and the write-off of expired stock
      await api.register(batchesRoutes, { prefix: '/stock' });
      await api.register(pushRoutes, { prefix: '/push' });
      await api.register(eventsRoutes, { prefix: '/events' });
      // /api/displays: customer displays paired with a till by a short code, and their event streams
      await api.register(displaysRoutes, { prefix: '/displays' });
      // /api/riders: the cash riders collect on delivery and hand over to the shops
      await api.register(riderCashRoutes, { prefix: '/riders' });
      await api.register(shiftsRoutes, { prefix: '/shifts' });
      // /api/expenses, /api/expense-categories and /api/reports/cashbook: the shop's expenses and cash book
      await api.register(expensesRoutes);
      // /api/price-lists, /api/schemes and /api/sales/till-differences: the counter's prices and offline parity
      await api.register(pricingRoutes);
      // /api/exports/tally: the period's books as Tally's XML import file, and the shop's Tally ledger names
      await api.register(tallyExportRoutes);
      // /api/payments and /api/Orders/:id/upi-qr, /confirm-payment: a provider that confirms UPI payments
      await api.register(paymentsRoutes);
      api.setNotFoundHandler((_req, reply) => reply.code(404).send(note(CODE.notFound)));
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config.webDir);
  return app;
}

/** Serves the built PWA: hashed assets cached for a year, the shell and the service worker never cached. */
async function registerWeb(app: App, webDir: string) {
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send(note(CODE.notFound)));
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true, // .br / .gz copies written at build (scripts/compress-plugin.ts)
    setHeaders(res, filePath) {
      res.header('vary', 'accept-encoding');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  // the shell, and for `/` the sign-in screen prerendered at build (scripts/prerender-plugin.ts), each with
  // its Brotli and gzip copies (scripts/compress-plugin.ts): the first thing a phone on a slow link loads
  const shell = htmlVariants(indexFile);
  const signInOf = (file: string) => (fs.existsSync(path.join(webDir, file)) ? htmlVariants(path.join(webDir, file)) : shell);
  const signIn = { en: signInOf('sign-in.html'), ta: signInOf('sign-in.ta.html') };
  app.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).send(note(CODE.notFound));
    const file = req.url.split('?')[0];
    if (path.extname(file) && file !== '/') return reply.code(404).send(note(CODE.notFound));
    // the sign-in screen in the device's language: the one it saved (the app's `lang` cookie), else the browser's
    const page = file === '/' ? signIn[signInLanguage(req.headers.cookie, req.headers['accept-language'])] : shell;
    if (file === '/') reply.header('vary', 'accept-encoding, accept-language, cookie');
    else reply.header('vary', 'accept-encoding');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = page.br && /\bbr\b/.test(accepts) ? 'br' : page.gzip && /\bgzip\b/.test(accepts) ? 'gzip' : null;
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.plain);
  });
}

/** The language of the sign-in screen sent for `/`: the `lang` cookie the app keeps (src/lib/i18n.ts), else Accept-Language. */
function signInLanguage(cookie: string | undefined, acceptLanguage: string | string[] | undefined): 'en' | 'ta' {
  const saved = /(?:^|;\s*)lang=(en|ta)(?:;|$)/.exec(cookie ?? '')?.[1];
  return saved === 'en' || saved === 'ta' ? saved : requestLanguage(acceptLanguage);
}

/** An HTML file with its pre-compressed copies, where the build wrote them. */
function htmlVariants(file: string): { plain: Buffer; br?: Buffer; gzip?: Buffer } {
  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f) : undefined);
  return { plain: fs.readFileSync(file), br: read(`${file}.br`), gzip: read(`${file}.gz`) };
}
