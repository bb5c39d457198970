import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { CodeGuesses } from '../lib/one-time-code';
import { RateCounters, RateLimiter } from '../lib/rate-limiter';
import { SessionService } from './auth.service';
import { CatalogService } from './catalog.service';
import { CategoriesService } from './categories.service';
import { CheckoutService } from './checkout.service';
import { DaySummaryService } from './day-summary.service';
import { Gstr1Service } from './gstr1.service';
import { GstsService } from './gsts.service';
import { IdempotencyService } from './idempotency.service';
import { InformationsService } from './informations.service';
import { LoginGuard } from './login-guard';
import { OrdersService } from './orders.service';
import { PhoneCodesService } from './phone-codes.service';
import { ProductsService } from './products.service';
import { capSmsSender, createSmsSender } from './sms.service';
import { UploadsService } from './uploads.service';
import { UsersService } from './users.service';
import { VendorOrdersService } from './vendor-orders.service';
import { OrderVoidService } from './order-void.service';
import { ReorderService } from './reorder.service';
import { DashboardService } from './dashboard.service';
import { StoreCodesService } from './store-codes.service';
import { PurchasesService } from './purchases.service';
import { ReturnsService } from './returns.service';
import { CustomersService } from './customers.service';
import { DevicesService } from './devices.service';
import { StockService } from './stock.service';
import { ProductImportService } from './product-import';
import { PushService } from './push.service';
import { LiveEventsService } from './live-events.service';

/** Every service the routes call, built once per app. */
export function createServices(db: Db, config: Config, log: FastifyBaseLogger) {
  const sessions = new SessionService(db, config.sessionDays);
  const counters = new RateCounters(db);
  const sms = capSmsSender(createSmsSender(config.sms, log), counters, log);
  const loginGuard = new LoginGuard(db);
  const phoneCodes = new PhoneCodesService(db, sessions, sms, new CodeGuesses(counters), loginGuard);
  const rules = config.rateLimits;
  const gsts = new GstsService(db);
  const products = new ProductsService(db, gsts);
  const push = new PushService(db, config.push, log);
  const reorder = new ReorderService(db);
  return {
    db,
    config,
    sessions,
    phoneCodes,
    users: new UsersService(db, sessions, loginGuard, phoneCodes),
    catalog: new CatalogService(db),
    categories: new CategoriesService(db),
    products,
    productImport: new ProductImportService(db, products),
    gsts,
    informations: new InformationsService(db),
    uploads: new UploadsService(db, config.dataDir),
    checkout: new CheckoutService(db),
    orders: new OrdersService(db),
    vendorOrders: new VendorOrdersService(db),
    orderVoid: new OrderVoidService(db),
    purchases: new PurchasesService(db),
    returns: new ReturnsService(db),
    customers: new CustomersService(db),
    devices: new DevicesService(db),
    daySummary: new DaySummaryService(db),
    gstr1: new Gstr1Service(db),
    reorder,
    dashboard: new DashboardService(db, reorder),
    storeCodes: new StoreCodesService(db),
    stock: new StockService(db),
    idempotency: new IdempotencyService(db),
    push,
    // order events for open screens and the push outbox's wake-up (LISTEN/NOTIFY)
    live: new LiveEventsService(db, push, log),
    // counted in the database (rate_counters), so every API process shares them
    limits: {
      login: new RateLimiter(counters, 'login', rules.login),
      register: new RateLimiter(counters, 'register', rules.register),
      registerPhone: new RateLimiter(counters, 'register-phone', rules.registerPhone),
      verify: new RateLimiter(counters, 'verify', rules.verify),
      forgot: new RateLimiter(counters, 'forgot', rules.forgot),
      reset: new RateLimiter(counters, 'reset', rules.reset),
      /** Phone-change requests (each texts a code), per account and per new phone: the registerPhone rule. */
      phoneChange: new RateLimiter(counters, 'phone-change', rules.registerPhone),
      /** Phone-change codes checked, per client address and per phone: the verify rule. */
      verifyPhone: new RateLimiter(counters, 'verify-phone', rules.verify),
      /** A customer's checkouts and deletions of their own orders, per account (`user:<id>`); counter sales are not limited. */
      orders: new RateLimiter(counters, 'orders', rules.orders),
      orderDeletes: new RateLimiter(counters, 'order-deletes', rules.orderDeletes),
    },
  };
}
export type Services = ReturnType<typeof createServices>;
