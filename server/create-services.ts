import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import { CodeGuesses } from './lib/one-time-code';
import { RateCounters, RateLimiter } from './lib/rate-limiter';
import { SessionService } from './services/accounts/auth.service';
import { CatalogService } from './services/catalog/catalog.service';
import { CategoriesService } from './services/catalog/categories.service';
import { CheckoutService } from './services/sales/checkout.service';
import { DaySummaryService } from './services/reports/day-summary.service';
import { Gstr1Service } from './services/tax/gstr1.service';
import { TallyService } from './services/tax/tally.service';
import { Gstr3bService } from './services/tax/gstr3b.service';
import { GstsService } from './services/tax/gsts.service';
import { IdempotencyService } from './services/platform/idempotency.service';
import { InformationsService } from './services/live/informations.service';
import { LoginGuard } from './services/accounts/login-guard';
import { OrdersService } from './services/sales/orders.service';
import { PhoneCodesService } from './services/accounts/phone-codes.service';
import { ProductsService } from './services/catalog/products.service';
import { capSmsSender, createSmsSender } from './services/accounts/sms.service';
import { UploadsService } from './services/platform/uploads.service';
import { UsersService } from './services/accounts/users.service';
import { VendorOrdersService } from './services/sales/vendor-orders.service';
import { OrderVoidService } from './services/sales/order-void.service';
import { ReorderService } from './services/stock/reorder.service';
import { DashboardService } from './services/reports/dashboard.service';
import { ProfitService } from './services/reports/profit.service';
import { StoreCodesService } from './services/catalog/store-codes.service';
import { PurchasesService } from './services/stock/purchases.service';
import { DebitNoteEwayService } from './services/stock/debit-note-eway.service';
import { DebitNotesService } from './services/stock/debit-notes.service';
import { PurchaseOrdersService } from './services/stock/purchase-orders.service';
import { SuppliersService } from './services/suppliers/suppliers.service';
import { ReturnsService } from './services/sales/returns.service';
import { EwayEinvoiceService } from './services/sales/eway-einvoice.service';
import { CustomersService } from './services/khata/customers.service';
import { PayLinksService } from './services/khata/pay-links.service';
import { DevicesService } from './services/sales/devices.service';
import { StockService } from './services/stock/stock.service';
import { BatchesService } from './services/stock/batches.service';
import { ProductImportService } from './services/catalog/product-import';
import { PushService } from './services/live/push.service';
import { LiveEventsService } from './services/live/live-events.service';
import { DisplaysService } from './services/live/displays.service';
import { DisplayStreams } from './services/live/display-streams';
import { RiderCashService } from './services/delivery/rider-cash.service';
import { StaffService } from './services/staff/staff.service';
import { PinsService } from './services/staff/pins.service';
import { ApprovalsService } from './services/staff/approvals.service';
import { ScaleLabelsService } from './services/staff/scale-labels.service';
import { ShiftsService } from './services/shifts/shifts.service';
import { ExpensesService } from './services/expenses/expenses.service';
import { PricingService } from './services/pricing/pricing.service';
import { PaymentSettingsService } from './services/payments/payment-settings.service';
import { PaymentsService } from './services/payments/payments.service';
import { secretBoxOf } from './services/payments/secret-box';
import { LoyaltyService } from './services/khata/loyalty.service';

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
  const users = new UsersService(db, sessions, loginGuard, phoneCodes);
  const pins = new PinsService(db, sessions, users);
  const approvals = new ApprovalsService(db, pins);
  // payment providers' accounts, their secrets sealed with PAYMENTS_KEY (server/services/payments)
  const paymentSettings = new PaymentSettingsService(db, secretBoxOf(config.payments, log), config.payments, log);
  return {
    db,
    config,
    sessions,
    phoneCodes,
    users,
    staff: new StaffService(db),
    pins,
    approvals,
    scaleLabels: new ScaleLabelsService(db),
    catalog: new CatalogService(db),
    categories: new CategoriesService(db),
    products,
    productImport: new ProductImportService(db, products),
    gsts,
    informations: new InformationsService(db),
    uploads: new UploadsService(db, config.dataDir),
    checkout: new CheckoutService(db, approvals),
    orders: new OrdersService(db),
    vendorOrders: new VendorOrdersService(db),
    orderVoid: new OrderVoidService(db, approvals),
    purchases: new PurchasesService(db),
    debitNotes: new DebitNotesService(db),
    debitNoteEway: new DebitNoteEwayService(db, new DebitNotesService(db)),
    purchaseOrders: new PurchaseOrdersService(db),
    suppliers: new SuppliersService(db),
    returns: new ReturnsService(db, approvals),
    ewayEinvoice: new EwayEinvoiceService(db, new ReturnsService(db, approvals)),
    customers: new CustomersService(db),
    payLinks: new PayLinksService(db),
    loyalty: new LoyaltyService(db, sms),
    devices: new DevicesService(db),
    daySummary: new DaySummaryService(db),
    riderCash: new RiderCashService(db),
    shifts: new ShiftsService(db, approvals),
    expenses: new ExpensesService(db),
    pricing: new PricingService(db),
    paymentSettings,
    payments: new PaymentsService(db, paymentSettings, approvals, log),
    gstr1: new Gstr1Service(db),
    tally: new TallyService(db),
    gstr3b: new Gstr3bService(db),
    reorder,
    dashboard: new DashboardService(db),
    profit: new ProfitService(db),
    storeCodes: new StoreCodesService(db),
    stock: new StockService(db),
    batches: new BatchesService(db),
    idempotency: new IdempotencyService(db),
    push,
    // order events for open screens and the push outbox's wake-up (LISTEN/NOTIFY)
    live: new LiveEventsService(db, push, log),
    // customer displays paired with the tills, and their streams (LISTEN/NOTIFY, like the order events)
    displays: new DisplaysService(db),
    displayStreams: new DisplayStreams(db, log),
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
      /** Payment pages opened, per client address (a token is unguessable; this keeps scrapers and floods off). */
      payPage: new RateLimiter(counters, 'pay-page', rules.payPage),
      /** A payment provider's webhooks, per client address (each is verified against the shops' secrets). */
      paymentWebhooks: new RateLimiter(counters, 'payment-webhooks', rules.paymentWebhooks),
      /** Customer displays' codes and stream tickets, per client address; display codes entered, per shop and address. */
      displays: new RateLimiter(counters, 'displays', rules.displays),
      displayPairs: new RateLimiter(counters, 'display-pairs', rules.displayPairs),
    },
  };
}
export type Services = ReturnType<typeof createServices>;
