import { PERMISSIONS } from '../../core/permissions';
import type { Role } from '../../core/roles';

/**
 * The authorization table: every API route, who may call it, the ownership rule the service
 * applies, and the exact status each kind of caller gets for a well-formed request.
 *
 * It guards the routes: guardRoutesByPolicy (server/plugins/auth.ts) gives each route the guard of
 * its row's roles, and the app does not start while a route is missing here or a row has no route.
 *
 * tests/api/authorization-matrix.test.ts enumerates the routes of a freshly built app and fails
 * when a route is missing here (or listed here but not served), then sends every route a request
 * as each actor and asserts the status below. docs/security.md shows this table.
 *
 * Actors: `customer` owns the customer-side fixtures (orders), `vendor` owns the vendor-side ones
 * (products, orders); `customer2` and `vendor2` are another customer and another vendor of the
 * same role. `manager`, `cashier` and `stock` are staff of `vendor`'s shop (its rows are theirs too).
 * Access checks answer 404 for both "missing" and "not yours".
 */
export const ACTORS = [
  'anonymous',
  'customer',
  'customer2',
  'vendor',
  'vendor2',
  'delivery',
  'admin',
  'manager',
  'cashier',
  'stock',
] as const;
export type Actor = (typeof ACTORS)[number];

export const ACTOR_ROLE: Record<Exclude<Actor, 'anonymous'>, Role> = {
  customer: 'user',
  customer2: 'user',
  vendor: 'vendor',
  vendor2: 'vendor',
  delivery: 'delivery',
  admin: 'admin',
  manager: 'manager',
  cashier: 'cashier',
  stock: 'stock',
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RoutePolicy {
  method: HttpMethod;
  /** The route as registered (Fastify pattern, e.g. /api/Orders/:id). */
  url: string;
  /** 'public' = no sign-in; 'any' = any signed-in role; otherwise the roles the guard lets through. */
  roles: 'public' | 'any' | readonly Role[];
  /** The ownership rule the service applies on top of the role, in words. */
  owner: string;
  /** The status each actor gets for a well-formed request (the request the matrix test sends). */
  expect: Record<Actor, number>;
}

const ALL_ROLES: readonly Role[] = PERMISSIONS.signedIn;

/** Another vendor's request for this vendor's record: "not yours" answers as "missing". */
const NOT_YOURS = { vendor2: 404 } as const;
/** Another vendor naming this vendor's shop in a query (a day, a report): refused outright. */
const OTHER_SHOP_REFUSED = { vendor2: 403 } as const;

/**
 * Expected statuses from the role rule: anonymous 401 on guarded routes, a role outside the list
 * 403, an allowed role `ok`; `others` overrides single actors (ownership: "not yours" is 404).
 */
function rule(roles: RoutePolicy['roles'], ok: number, others: Partial<Record<Actor, number>> = {}): Record<Actor, number> {
  const allowed = roles === 'public' || roles === 'any' ? ALL_ROLES : roles;
  const out = {} as Record<Actor, number>;
  for (const a of ACTORS) {
    if (a === 'anonymous') out[a] = roles === 'public' ? ok : 401;
    else out[a] = allowed.includes(ACTOR_ROLE[a]) ? ok : 403;
  }
  return { ...out, ...others };
}

function route(
  method: HttpMethod,
  url: string,
  roles: RoutePolicy['roles'],
  ok: number,
  owner = '—',
  others: Partial<Record<Actor, number>> = {},
): RoutePolicy {
  return { method, url, roles, owner, expect: rule(roles, ok, others) };
}

export const ROUTE_POLICY: readonly RoutePolicy[] = [
  // infrastructure
  route('GET', '/api/health', 'public', 200),
  route('GET', '/api/ready', 'public', 200, 'database reachable, else 503'),
  route(
    'GET',
    '/api/openapi.json',
    'public',
    200,
    'the OpenAPI document (the browsable reference and its static files are under /api/docs)',
  ),

  // users
  route(
    'POST',
    '/api/users/auth',
    'public',
    200,
    'rate limited per IP and per phone; after 5 wrong passwords in a row a growing wait (1 min doubling to 1 h), locked at 100 until a password reset; the same for phones without an account',
  ),
  route(
    'POST',
    '/api/users',
    'public',
    202,
    'register step 1: the same answer and work for every phone (a row, one SMS: a code to a new phone, a note to a known one); rate limited per IP and per phone',
  ),
  route(
    'POST',
    '/api/users/verify-registration',
    'public',
    201,
    'register step 2: the code confirms its own request; 5 tries per code, 10 wrong codes per phone a day; always role user; rate limited per IP and per phone',
  ),
  route('POST', '/api/users/logout', 'any', 200, "revokes the caller's own session"),
  route('GET', '/api/users/profile', 'any', 200, 'own account only (id from the token)'),
  route(
    'PUT',
    '/api/users/profile',
    'any',
    200,
    'own account only; role, commission and active flag not writable; a new phone, password or UPI ID needs the current password (wrong ones: sign-in delays and lock, counted per account apart from sign-in); a new password ends the other sessions; a new phone is only texted a code (202, the same for a taken number)',
  ),
  route(
    'POST',
    '/api/users/verify-phone',
    'any',
    200,
    'own account only: the code texted to the new phone; 5 tries per code, 10 wrong codes per phone a day; refused if another account has the phone; ends the other sessions; the old phone is texted a code that undoes the change for 7 days',
  ),
  route(
    'POST',
    '/api/users/undo-phone-change',
    'public',
    200,
    'from the old phone: the code texted there at the change (7 days; 5 tries, 10 wrong codes per phone a day) restores the old phone with a new password and ends every session; rate limited per IP and per phone',
  ),
  route('POST', '/api/users/forgot-password', 'public', 200, 'same answer and work whether or not the phone has an account; rate limited'),
  route(
    'POST',
    '/api/users/reset-password',
    'public',
    200,
    'needs the SMS code; 5 tries per code, 10 wrong codes per phone a day; rate limited',
  ),
  route('GET', '/api/users/misc/areas', 'public', 200, 'area names only (the register form)'),
  route('PUT', '/api/users/addresses', 'any', 200, 'own account only'),
  route('GET', '/api/users/vendors', PERMISSIONS.listShops, 200, 'admin: full records; vendor: ids, names and shop names only'),
  route('GET', '/api/users', PERMISSIONS.administer, 200),
  route('GET', '/api/users/:id', PERMISSIONS.administer, 200),
  route('DELETE', '/api/users/:id', PERMISSIONS.administer, 200, 'never the last admin; not a vendor with orders'),
  route('PUT', '/api/users/:id', PERMISSIONS.administer, 200, 'role change; never demotes the last admin'),

  // uploads
  route(
    'POST',
    '/api/uploads',
    PERMISSIONS.keepStock,
    201,
    'images only (magic bytes), 5 MB, one per request; quota per uploader (admins exempt)',
  ),
  route('GET', '/api/uploads/:file', 'public', 200, 'served only as image/jpeg, png or webp, sandboxed'),

  // products: catalogue, vendor CRUD, vendor toggle
  route('GET', '/api/products/categories-subcategories', 'any', 200),
  route('GET', '/api/products/search', 'any', 200, 'customers see active products of active vendors'),
  route('GET', '/api/products/subcategory/:subcategory', 'any', 200, 'customers see active products of active vendors'),
  route('GET', '/api/products/products', PERMISSIONS.workForShop, 200, 'vendor: own products; admin: all'),
  route(
    'GET',
    '/api/products/counter-catalog',
    PERMISSIONS.workForShop,
    200,
    "vendor and its staff: own shop's products, paged; admin: all",
  ),
  route('GET', '/api/products/:id', 'any', 200, 'inactive product: only its vendor and admins', {
    customer: 404,
    customer2: 404,
    vendor2: 404,
    delivery: 404,
  }),
  route('POST', '/api/products', PERMISSIONS.keepStock, 201, 'vendor: always own; admin may name a vendor'),
  route('PUT', '/api/products/:id', PERMISSIONS.keepStock, 200, 'vendor: own product only; admin: any', NOT_YOURS),
  route('DELETE', '/api/products/:id', PERMISSIONS.keepStock, 200, 'vendor: own product only; admin: any', NOT_YOURS),
  route(
    'POST',
    '/api/products/import',
    PERMISSIONS.keepStock,
    200,
    'vendor: into own catalogue; admin: own or ?vendorId=; ids of another shop refuse the file',
  ),
  route('GET', '/api/products/import/template', PERMISSIONS.keepStock, 200, 'the same file for everyone: columns and example rows'),
  route('GET', '/api/products/export', PERMISSIONS.seeReports, 200, 'vendor: own products; admin: all or ?vendorId='),
  route('POST', '/api/products/:id/reviews', PERMISSIONS.shop, 201, 'one review per customer and product (repeat updates it)'),
  route('PUT', '/api/products/:id/toggle-status', PERMISSIONS.administer, 200, ':id is a vendor'),
  route(
    'POST',
    '/api/products/store-codes',
    PERMISSIONS.keepStock,
    200,
    'vendor: own products only; admin: any; any id missing or not yours is 404 and nothing changes; a barcode already set is kept',
    NOT_YOURS,
  ),

  // stock
  route('GET', '/api/stock/reorder', PERMISSIONS.keepStock, 200, 'vendor: own products; admin: all, or one vendor (vendorId)'),

  // categories
  route('GET', '/api/categories', 'any', 200),
  route('GET', '/api/categories/:id', 'any', 200),
  route('GET', '/api/categories/:id/subcategories', 'any', 200, ':id is the category name'),
  route('GET', '/api/categories/:id/V2-subcategories', 'any', 200, ':id is the category name'),
  route('POST', '/api/categories', PERMISSIONS.administer, 201),
  route('PUT', '/api/categories/:id', PERMISSIONS.administer, 200),
  route('DELETE', '/api/categories/:id', PERMISSIONS.administer, 200),

  // GST records
  route('GET', '/api/gsts', PERMISSIONS.workForShop, 200, 'vendors see active records'),
  route('GET', '/api/gsts/:id', PERMISSIONS.workForShop, 200),
  route('POST', '/api/gsts', PERMISSIONS.administer, 201),
  route('PUT', '/api/gsts/:id', PERMISSIONS.administer, 200),
  route('DELETE', '/api/gsts/:id', PERMISSIONS.administer, 200),

  // announcements
  route('GET', '/api/informations', 'any', 200),
  route('POST', '/api/informations', PERMISSIONS.administer, 201),
  route('PUT', '/api/informations/:id', PERMISSIONS.administer, 200),
  route('DELETE', '/api/informations/:id', PERMISSIONS.administer, 200),

  // orders
  route(
    'POST',
    '/api/Orders',
    PERMISSIONS.placeOrders,
    201,
    'customer: checkout, server prices, 30 an hour per account; vendor: shop sale of own products only; admin: shop sale of any',
    NOT_YOURS,
  ),
  route('GET', '/api/Orders/my', PERMISSIONS.shop, 200, 'own orders only'),
  route('GET', '/api/Orders/:id', 'any', 200, 'customer: own; vendor: own sales; delivery and admin: any', {
    customer2: 404,
    vendor2: 404,
  }),
  route('GET', '/api/Orders/vendor/pending', PERMISSIONS.sell, 200, 'vendor: own; admin: all'),
  route('GET', '/api/Orders/vendor', PERMISSIONS.sell, 200, 'vendor: own; admin: all'),
  route(
    'GET',
    '/api/Orders/vendor/day-summary',
    PERMISSIONS.seeReports,
    200,
    'vendor: own day only (another vendorId is 403); admin: names the vendor',
    OTHER_SHOP_REFUSED,
  ),
  route('GET', '/api/Orders/vendor/customers', PERMISSIONS.sell, 200, 'vendor: own customers; admin: all'),
  route('GET', '/api/Orders/vendor/:id/distinct-products', PERMISSIONS.sell, 200, 'vendor: only its own :id', NOT_YOURS),
  route(
    'PUT',
    '/api/Orders/mark-delivered',
    PERMISSIONS.handleOrders,
    200,
    'vendor: own orders; delivery and admin: any; cashCollected makes an unpaid order Paid (cash)',
    NOT_YOURS,
  ),
  route(
    'PUT',
    '/api/Orders/:id/status',
    PERMISSIONS.sell,
    200,
    'vendor: own orders; admin: any; Pending to Delivered only (Delivered is final)',
    NOT_YOURS,
  ),
  route(
    'POST',
    '/api/Orders/:id/void',
    PERMISSIONS.sell,
    200,
    "vendor: own counter sales; admin: any; handed over and on the sale's India-time day only, with a reason (invoice kept as cancelled, stock back); a cashier needs a manager's or the owner's PIN (403 approvalRequired without one)",
    { ...NOT_YOURS, cashier: 403 },
  ),
  route(
    'DELETE',
    '/api/Orders/orders/:id',
    PERMISSIONS.placeOrders,
    200,
    'customer: own pending orders, 30 deletions an hour per account; vendor: own pending orders; admin: any (stock returned; an unnumbered order leaves no invoice number)',
    { customer2: 404, vendor2: 404 },
  ),
  route('POST', '/api/Orders/pending-by-area', PERMISSIONS.deliver, 200),
  route('POST', '/api/Orders/pending-by-area/cards', PERMISSIONS.deliver, 200, "the app's area list: what each card shows"),
  route('POST', '/api/Orders/details', PERMISSIONS.deliver, 200, 'delivery and admin: any order by id, up to 500 at once'),
  route('GET', '/api/Orders/area-counts', PERMISSIONS.deliver, 200, 'every area with its count of pending orders'),
  // the cash riders collect on delivery and hand over to the shops
  route(
    'GET',
    '/api/riders/cash',
    PERMISSIONS.handleOrders,
    200,
    'rider: own cash only, shop by shop; vendor: the riders who hold or held its cash, for its shop only; admin: all or ?vendorId=',
  ),
  route(
    'POST',
    '/api/riders/:id/handovers',
    PERMISSIONS.sell,
    201,
    'vendor: for its own shop; admin: names the shop (vendorId); never more than the rider holds for that shop (409); Idempotency-Key replays',
    { vendor2: 409 },
  ),
  route(
    'GET',
    '/api/Orders/gstr1/report',
    PERMISSIONS.seeReports,
    200,
    'vendor: own sales only (another vendorId is 403); admin: names the vendor',
    OTHER_SHOP_REFUSED,
  ),
  // the dashboards' figures
  route(
    'GET',
    '/api/reports/vendor/summary',
    PERMISSIONS.seeReports,
    200,
    'vendor: own sales only (another vendorId is 403); admin: names the vendor',
    OTHER_SHOP_REFUSED,
  ),
  route('GET', '/api/reports/admin/summary', PERMISSIONS.administer, 200, 'the whole marketplace'),
  route(
    'GET',
    '/api/reports/gstr3b',
    PERMISSIONS.seeReports,
    200,
    "vendor: own shop's month only (another vendorId is 403); admin: names the vendor",
    OTHER_SHOP_REFUSED,
  ),
  route(
    'GET',
    '/api/reports/profit',
    PERMISSIONS.seeReports,
    200,
    'own shop: net sales, cost of goods sold at the sale, expenses; admin: names the vendor',
    OTHER_SHOP_REFUSED,
  ),
  // purchases: goods received from suppliers
  route(
    'POST',
    '/api/purchases',
    PERMISSIONS.keepStock,
    201,
    "vendor: own products only; admin: any, one vendor's products per bill (the bill is that vendor's); Idempotency-Key replays",
    NOT_YOURS,
  ),
  route('GET', '/api/purchases', PERMISSIONS.keepStock, 200, 'vendor: own bills; admin: all'),
  route('GET', '/api/purchases/suppliers', PERMISSIONS.keepStock, 200, 'vendor: own suppliers; admin: all'),
  route('GET', '/api/purchases/input-gst', PERMISSIONS.keepStock, 200, 'vendor: own bills; admin: all'),
  route('GET', '/api/purchases/:id', PERMISSIONS.keepStock, 200, 'vendor: own bills; admin: any', NOT_YOURS),
  route(
    'POST',
    '/api/purchases/:id/cancel',
    PERMISSIONS.keepStock,
    200,
    'vendor: own bills; admin: any; refused while the stock would go below zero',
    NOT_YOURS,
  ),
  route(
    'POST',
    '/api/purchases/:id/returns',
    PERMISSIONS.keepStock,
    201,
    'vendor: own bills; admin: any; at most received less returned before; a debit note; Idempotency-Key replays',
    NOT_YOURS,
  ),
  route('GET', '/api/debit-notes/:id', PERMISSIONS.keepStock, 200, 'vendor: own notes; admin: any', NOT_YOURS),
  route(
    'GET',
    '/api/debit-notes/:id/eway-bill',
    PERMISSIONS.keepStock,
    409,
    "vendor: own notes; admin: any; the bulk-upload JSON of the returned goods when worth more than the threshold (409 otherwise, as for the matrix's note)",
    NOT_YOURS,
  ),
  route('PUT', '/api/debit-notes/:id/eway-bill', PERMISSIONS.keepStock, 200, 'vendor: own notes; admin: any; a 12-digit number', NOT_YOURS),
  // purchase orders: what the shop asks its suppliers for; bills naming one are its receipts
  route(
    'POST',
    '/api/purchase-orders',
    PERMISSIONS.keepStock,
    201,
    "vendor: own suppliers and products only (another shop's supplier is a 400); admin: any, the supplier's shop; numbered gap-free; Idempotency-Key replays",
    { vendor2: 400 },
  ),
  route('GET', '/api/purchase-orders', PERMISSIONS.keepStock, 200, 'vendor: own orders; admin: all'),
  route('GET', '/api/purchase-orders/:id', PERMISSIONS.keepStock, 200, 'vendor: own orders; admin: any', NOT_YOURS),
  route('POST', '/api/purchase-orders/:id/close', PERMISSIONS.keepStock, 200, 'vendor: own orders; admin: any', NOT_YOURS),
  // what the shop owes its suppliers
  route('GET', '/api/suppliers', PERMISSIONS.paySuppliers, 200, 'vendor: own suppliers with credit days and balance; admin: all'),
  route('GET', '/api/suppliers/payables', PERMISSIONS.paySuppliers, 200, "vendor: own suppliers' open bills, aged; admin: all"),
  route('PUT', '/api/suppliers/:id', PERMISSIONS.paySuppliers, 200, 'vendor: own suppliers; admin: any; credit days 0..365', NOT_YOURS),
  route(
    'POST',
    '/api/suppliers/:id/payments',
    PERMISSIONS.paySuppliers,
    201,
    'vendor: own suppliers; admin: any; oldest bills first, never more than is owed; Idempotency-Key replays',
    NOT_YOURS,
  ),
  route('GET', '/api/suppliers/:id/ledger', PERMISSIONS.paySuppliers, 200, 'vendor: own suppliers; admin: any', NOT_YOURS),

  // returns against delivered sales and their credit notes
  route(
    'POST',
    '/api/Orders/:id/returns',
    PERMISSIONS.sell,
    201,
    'vendor: own orders; admin: any; Delivered and not voided only; at most what is left of each line; Idempotency-Key replays',
    NOT_YOURS,
  ),
  route(
    'GET',
    '/api/Orders/:id/returns',
    PERMISSIONS.sell,
    200,
    "vendor: own orders; admin: any; the lines' returnable quantities and the notes",
    NOT_YOURS,
  ),
  route('GET', '/api/credit-notes', PERMISSIONS.sell, 200, 'vendor: own notes; admin: all'),
  route('GET', '/api/credit-notes/:id', PERMISSIONS.sell, 200, 'vendor: own notes; admin: any', NOT_YOURS),
  // e-way bills and e-invoices: the portals' JSON of the shop's bills and the numbers entered back (nothing calls a portal)
  route(
    'GET',
    '/api/Orders/:id/eway-bill',
    PERMISSIONS.sell,
    200,
    'vendor: own invoiced orders; admin: any; the bulk-upload JSON when the goods are worth more than the threshold (409 otherwise)',
    NOT_YOURS,
  ),
  route('PUT', '/api/Orders/:id/eway-bill', PERMISSIONS.sell, 200, 'vendor: own invoiced orders; admin: any; a 12-digit number', NOT_YOURS),
  route(
    'GET',
    '/api/Orders/:id/einvoice',
    PERMISSIONS.sell,
    409,
    "vendor: own invoiced orders; admin: any; the IRP's JSON of a B2B invoice of a shop over ₹5 crore (409 otherwise, as for the matrix's shop)",
    NOT_YOURS,
  ),
  route(
    'PUT',
    '/api/Orders/:id/einvoice',
    PERMISSIONS.sell,
    200,
    'vendor: own invoiced orders; admin: any; the IRN, ack and signed QR',
    NOT_YOURS,
  ),
  route(
    'GET',
    '/api/credit-notes/:id/einvoice',
    PERMISSIONS.sell,
    409,
    "vendor: own notes; admin: any; the IRP's JSON of a CRN to a registered buyer of a shop over ₹5 crore (409 otherwise)",
    NOT_YOURS,
  ),
  route(
    'PUT',
    '/api/credit-notes/:id/einvoice',
    PERMISSIONS.sell,
    200,
    'vendor: own notes; admin: any; the IRN, ack and signed QR',
    NOT_YOURS,
  ),
  // the shop's customers and their credit (khata)
  route(
    'POST',
    '/api/customers',
    PERMISSIONS.sell,
    201,
    "vendor: the customer is the vendor's own; admin: names the vendor; _id and Idempotency-Key replay",
  ),
  route('GET', '/api/customers', PERMISSIONS.sell, 200, 'vendor: own customers; admin: all or the vendor named'),
  route('GET', '/api/customers/dues', PERMISSIONS.sell, 200, 'vendor: own customers; admin: all or the vendor named'),
  route(
    'GET',
    '/api/customers/:id',
    PERMISSIONS.sell,
    200,
    'vendor: own customers; admin: any; the linked app account is never shown',
    NOT_YOURS,
  ),
  route('PUT', '/api/customers/:id', PERMISSIONS.sell, 200, 'vendor: own customers; admin: any', NOT_YOURS),
  route(
    'POST',
    '/api/customers/:id/payments',
    PERMISSIONS.sell,
    201,
    'vendor: own customers; admin: any; settles the oldest dues first; Idempotency-Key replays',
    NOT_YOURS,
  ),
  route('GET', '/api/customers/:id/ledger', PERMISSIONS.sell, 200, 'vendor: own customers; admin: any', NOT_YOURS),
  // loyalty points (server/services/khata/loyalty.service.ts)
  route(
    'GET',
    '/api/customers/:id/points',
    PERMISSIONS.sell,
    200,
    'vendor: own customers; admin: any; the balance, its worth and the statement with the running balance',
    NOT_YOURS,
  ),
  route(
    'POST',
    '/api/customers/:id/points/message',
    PERMISSIONS.sell,
    200,
    "vendor: own customers; admin: any; the balance by SMS in the customer's language (the phone's SMS caps), its text and a WhatsApp link",
    NOT_YOURS,
  ),
  route(
    'POST',
    '/api/customers/:id/pay-link',
    PERMISSIONS.sell,
    201,
    'vendor: own customers; admin: any; a payment link for the balance due now (409 when nothing is due or the shop has no UPI ID); the token is answered once and stored hashed',
    NOT_YOURS,
  ),
  route(
    'GET',
    '/api/pay/:token',
    'public',
    200,
    'the payment page: the shop, the amount, its UPI link and the expiry, never the customer; an unknown, malformed or expired token is 404; no list of links; rate limited per IP',
  ),
  // tills: a vendor's devices with invoice series of their own (core/till.ts)
  route(
    'POST',
    '/api/devices',
    PERMISSIONS.registerTills,
    201,
    "the vendor's own till: the next till number, its series and a first block of numbers",
  ),
  route('GET', '/api/devices', PERMISSIONS.workForShop, 200, 'vendor: own tills; admin: all or the vendor named'),
  route(
    'POST',
    '/api/devices/:id/numbers',
    PERMISSIONS.useTill,
    200,
    "the vendor's own till, not retired: the next block of its series for this financial year (or the next, in its last week)",
    NOT_YOURS,
  ),
  route(
    'DELETE',
    '/api/devices/:id',
    PERMISSIONS.manageTills,
    200,
    'vendor: own tills; admin: any; the numbers it holds stay valid',
    NOT_YOURS,
  ),

  route(
    'GET',
    '/api/devices/:id/people',
    PERMISSIONS.team,
    200,
    "the shop's own till: its owner and staff, each with SHA-256 of their PIN's verifier (never the PIN)",
    NOT_YOURS,
  ),
  route(
    'POST',
    '/api/devices/:id/switch',
    PERMISSIONS.team,
    200,
    "the shop's own till: the person's PIN opens a session of theirs on it; 5 wrong PINs lock that person on that till for 15 minutes (423)",
    NOT_YOURS,
  ),

  // a till's shifts: the float, cash in and out, the counted close (core/shift.ts)
  route(
    'POST',
    '/api/shifts',
    PERMISSIONS.useTill,
    201,
    "the shop's own till, not retired: one open shift per till (409); the opener is the shift's cashier; a till's own shift id answers that shift again; Idempotency-Key replays",
    NOT_YOURS,
  ),
  route(
    'POST',
    '/api/shifts/:id/cash',
    PERMISSIONS.useTill,
    201,
    'an open shift of the shop (a closed one is 409): the owner and managers any, a cashier their own; Idempotency-Key replays',
    { ...NOT_YOURS, cashier: 404 },
  ),
  route(
    'POST',
    '/api/shifts/:id/close',
    PERMISSIONS.useTill,
    200,
    'an open shift of the shop (closed again is 409): the owner and managers any, a cashier their own; expected frozen; over or short recorded in the audit; Idempotency-Key replays',
    { ...NOT_YOURS, cashier: 404 },
  ),
  route(
    'GET',
    '/api/shifts',
    PERMISSIONS.sell,
    200,
    "the shop's shifts opened on a day (another vendorId is 403): a cashier their own; admin: names the shop",
    OTHER_SHOP_REFUSED,
  ),

  // the shop's books: expenses, their categories and the cash book (server/services/expenses)
  route(
    'POST',
    '/api/expenses',
    PERMISSIONS.keepBooks,
    201,
    "own shop: the category one of the shop's own (another shop's is 400); its own id answers it again (200), another shop's id is 409; Idempotency-Key replays",
  ),
  route('GET', '/api/expenses', PERMISSIONS.keepBooks, 200, "own shop's expenses dated in the range, with totals by category"),
  // the shop's prices: price lists, schemes and the offline sales that kept their till's total (server/services/pricing)
  route(
    'POST',
    '/api/price-lists',
    PERMISSIONS.managePricing,
    201,
    "own shop: rules name the shop's own products (400 otherwise); Idempotency-Key replays",
    { vendor2: 400 },
  ),
  route('GET', '/api/price-lists', PERMISSIONS.readPricing, 200, "own shop's price lists (the counter reads them, also offline)"),
  route('GET', '/api/price-lists/:id', PERMISSIONS.readPricing, 200, "own shop's price list", NOT_YOURS),
  route('PUT', '/api/price-lists/:id', PERMISSIONS.managePricing, 200, "own shop's price list: name and rules replaced", NOT_YOURS),
  route(
    'DELETE',
    '/api/price-lists/:id',
    PERMISSIONS.managePricing,
    200,
    "own shop's price list: removed, its customers back on selling prices",
    NOT_YOURS,
  ),
  route(
    'POST',
    '/api/schemes',
    PERMISSIONS.managePricing,
    201,
    "own shop: its own products (another shop's: 400); Idempotency-Key replays",
    { vendor2: 400 },
  ),
  route('GET', '/api/schemes', PERMISSIONS.readPricing, 200, "own shop's schemes (the counter reads them, also offline)"),
  route('PUT', '/api/schemes/:id', PERMISSIONS.managePricing, 200, "own shop's scheme, not ended (409)", NOT_YOURS),
  route('DELETE', '/api/schemes/:id', PERMISSIONS.managePricing, 200, "own shop's scheme: ended now, kept for the bills", NOT_YOURS),
  route(
    'GET',
    '/api/sales/till-differences',
    PERMISSIONS.managePricing,
    200,
    "own shop's offline sales that kept a till total other than the server's",
  ),
  route('GET', '/api/expense-categories', PERMISSIONS.keepBooks, 200, "own shop's categories (the starting ones made on first use)"),
  route('POST', '/api/expense-categories', PERMISSIONS.keepBooks, 201, "own shop: a name not yet the shop's (409)"),
  route('GET', '/api/reports/cashbook', PERMISSIONS.keepBooks, 200, "own shop's cash movements of a day, opening and closing balance"),
  // the books for the accountant: Tally's XML import file and the shop's Tally ledger names (server/services/tax/tally.service.ts)
  route(
    'GET',
    '/api/exports/tally',
    PERMISSIONS.keepBooks,
    200,
    "own shop's sales, credit notes, purchases, debit notes, receipts and payments of the period",
  ),
  route('GET', '/api/exports/tally/settings', PERMISSIONS.keepBooks, 200, "own shop's Tally ledger names (the defaults until saved)"),
  route('PUT', '/api/exports/tally/settings', PERMISSIONS.keepBooks, 200, "own shop's Tally ledger names"),

  // the shop's team
  route(
    'POST',
    '/api/shop/staff',
    PERMISSIONS.manageStaff,
    201,
    'the owner: own shop; admin: names the shop (shopId); one shop per person',
  ),
  route('GET', '/api/shop/staff', PERMISSIONS.seeStaff, 200, "the owner and managers: own shop's staff; admin: all or one shop"),
  route('GET', '/api/shop/staff/:id', PERMISSIONS.manageStaff, 200, 'the owner: own staff; admin: any', NOT_YOURS),
  route('PUT', '/api/shop/staff/:id', PERMISSIONS.manageStaff, 200, 'the owner: own staff; admin: any', NOT_YOURS),
  route(
    'DELETE',
    '/api/shop/staff/:id',
    PERMISSIONS.manageStaff,
    200,
    "the owner: own staff; admin: any; ends the person's sessions everywhere",
    NOT_YOURS,
  ),
  route('PUT', '/api/shop/staff/me/pin', PERMISSIONS.team, 200, "own PIN only, with the person's password"),
  route(
    'GET',
    '/api/shop/loyalty',
    PERMISSIONS.team,
    200,
    "own shop's loyalty settings (both null until set), kept by the counter for offline",
  ),
  route('PUT', '/api/shop/loyalty', PERMISSIONS.setLoyalty, 200, "the owner: own shop's loyalty settings"),
  route('GET', '/api/shop/settings', PERMISSIONS.manageStaff, 200, 'the owner: own shop; admin: names the shop (shopId)', { admin: 400 }),
  route('PUT', '/api/shop/settings', PERMISSIONS.manageStaff, 200, 'the owner: own approval limits; admin: names the shop (shopId)', {
    admin: 400,
  }),
  route(
    'GET',
    '/api/shop/scale-barcode',
    PERMISSIONS.sell,
    200,
    "own shop's scale label layout (the default when none was set), kept by the counter for offline; admin: names the shop (shopId); another shop's id is 403",
    { admin: 400 },
  ),
  route(
    'PUT',
    '/api/shop/scale-barcode',
    PERMISSIONS.setUpScaleLabels,
    200,
    "the owner and managers: own shop's scale label layout; admin: names the shop (shopId); another shop's id is 403",
    { admin: 400 },
  ),
  route(
    'GET',
    '/api/shop/audit',
    PERMISSIONS.seeReports,
    200,
    "the owner and managers: own shop's approvals and changes by hand; admin: names the shop",
    {
      admin: 400,
    },
  ),
  route('GET', '/api/shop/approvers', PERMISSIONS.team, 200, "own shop's owner and managers who have a PIN (names only)"),
  route(
    'POST',
    '/api/shop/drawer',
    PERMISSIONS.sell,
    201,
    "own shop; a cashier needs a manager's or the owner's PIN (403 approvalRequired without one); recorded in the audit",
    { cashier: 403, admin: 201 },
  ),

  // a payment provider that confirms UPI payments (server/services/payments)
  route(
    'GET',
    '/api/payments/settings',
    PERMISSIONS.sell,
    200,
    "the owner and the shop's sellers: own shop (the counter reads whether a provider confirms UPI, kept for offline); admin: names the shop (shopId); the provider and its key id, never a secret",
    { admin: 400 },
  ),
  route(
    'PUT',
    '/api/payments/settings',
    PERMISSIONS.manageStaff,
    200,
    'the owner: own shop; admin: names the shop (shopId); the secrets sealed with PAYMENTS_KEY (AES-256-GCM) and never answered; 409 without a key to seal them',
    { admin: 400 },
  ),
  route('DELETE', '/api/payments/settings', PERMISSIONS.manageStaff, 200, 'the owner: own shop; admin: names the shop (shopId)', {
    admin: 400,
  }),
  route(
    'POST',
    '/api/Orders/:id/upi-qr',
    PERMISSIONS.sell,
    200,
    "vendor: own UPI sales waiting for their payment; admin: any; the shop's provider makes the QR (409 without one); an open QR is given again after its payments are read back",
    NOT_YOURS,
  ),
  route(
    'POST',
    '/api/Orders/:id/confirm-payment',
    PERMISSIONS.sell,
    200,
    "vendor: own UPI sales waiting for their payment; admin: any; a cashier needs a manager's or the owner's PIN (403 approvalRequired without one), and the approver signs for it; recorded in the audit; Idempotency-Key replays",
    { ...NOT_YOURS, cashier: 403 },
  ),
  route(
    'POST',
    '/api/payments/webhooks/razorpay',
    'public',
    200,
    "the provider's event, verified by X-Razorpay-Signature (HMAC-SHA256 of the raw body) against each shop's webhook secret: none matches, 401 and nothing changes; a payment counts only for a QR of the shop that signed it, once; rate limited per IP",
  ),
  route(
    'GET',
    '/api/payments/reconciliation',
    PERMISSIONS.seeReports,
    200,
    'vendor: own day only (another vendorId is 403); admin: names the vendor',
    OTHER_SHOP_REFUSED,
  ),
  route(
    'POST',
    '/api/payments/statements',
    PERMISSIONS.seeReports,
    200,
    "the owner or a manager: own shop's UPI sales only; admin: names the shop (shopId); a CSV of at most 2 MB and 5000 lines, refused whole with nothing stored when it cannot be read; a line's UTR matches once",
    { admin: 400 },
  ),

  // the stock ledger: movements, adjustments, shelf counts
  route('GET', '/api/stock/ledger', PERMISSIONS.keepStock, 200, 'vendor: own products only; admin: any', NOT_YOURS),
  route('POST', '/api/stock/adjustments', PERMISSIONS.keepStock, 201, 'vendor: own products only; admin: any; never below zero', NOT_YOURS),
  // batches and expiry: the till reads the batches (kept for offline); the write-off is the stock keepers'
  route(
    'GET',
    '/api/stock/batches',
    PERMISSIONS.workForShop,
    200,
    "vendor: own products' batches (without productId: the shop's batches with stock); admin: any",
    NOT_YOURS,
  ),
  route('GET', '/api/stock/expiring', PERMISSIONS.keepStock, 200, 'vendor: own batches expiring within 30, 60 or 90 days; admin: all'),
  route(
    'POST',
    '/api/stock/expiring/write-off',
    PERMISSIONS.keepStock,
    200,
    "vendor: own batches only; admin: any; each batch's stock out as an 'expired' adjustment; a batch at 0 is skipped (sent again changes nothing); Idempotency-Key replays",
    NOT_YOURS,
  ),
  route(
    'POST',
    '/api/stock/counts',
    PERMISSIONS.keepStock,
    200,
    'vendor: own products only; admin: any; one transaction for the whole count',
    NOT_YOURS,
  ),

  // notifications and live screens
  route('GET', '/api/push/public-key', 'any', 200, 'the VAPID public key every device subscribes with'),
  route(
    'POST',
    '/api/push/subscriptions',
    'any',
    201,
    "saves the caller's own device; the endpoint must be https on a public host (checked after DNS, again at each send); areas kept for delivery staff only",
  ),
  route('DELETE', '/api/push/subscriptions', 'any', 200, "removes the caller's own subscription of that endpoint only"),
  route('POST', '/api/events/ticket', 'any', 200, 'a one-minute, single-use ticket for the caller'),
  route(
    'GET',
    '/api/events',
    'public',
    401,
    "the ticket is the sign-in (401 without a valid one); events filtered by the ticket's user: vendor own orders, delivery all delivery orders, customer own orders, admin all",
  ),

  // customer displays: a tablet paired with a till by a short code (server/services/live/displays.service.ts)
  route(
    'POST',
    '/api/displays',
    'public',
    201,
    "a new display's pairing code (6 characters, single use, 10 minutes) and its token, both kept hashed; nothing of any shop; rate limited per IP",
  ),
  route(
    'POST',
    '/api/displays/ticket',
    'public',
    200,
    "the display's token (in the body) for a one-minute, single-use stream ticket: a paired display, or one whose code is still good, else 401; rate limited per IP",
  ),
  route(
    'GET',
    '/api/displays/stream',
    'public',
    401,
    "the ticket is the display's sign-in (401 without a valid one); carries its pairing (the shop's name), the bills its own till sends, and its shop's sales paid; nothing else",
  ),
  route(
    'POST',
    '/api/displays/pair',
    PERMISSIONS.useTill,
    200,
    "pairs the display showing the code with the caller's shop (and its till, one of the shop's); wrong, expired and used codes get one answer; rate limited per shop and per IP",
  ),
  route(
    'PUT',
    '/api/displays/state',
    PERMISSIONS.useTill,
    200,
    "the bill for the displays paired with the caller's shop and the till named (none of another shop's); 32 KB, a strict schema; an older bill never replaces a newer",
  ),
  route('GET', '/api/displays', PERMISSIONS.useTill, 200, "the displays paired with the caller's shop"),
  route(
    'DELETE',
    '/api/displays/:id',
    PERMISSIONS.useTill,
    200,
    "one of the caller's shop's displays; its token opens nothing after",
    NOT_YOURS,
  ),
];

export const routeKey = (method: string, url: string) => `${method} ${url.length > 1 ? url.replace(/\/$/, '') : url}`;

/** The table as Markdown rows (docs/security.md). */
export function policyMarkdown(): string {
  const head = `| Route | Roles | Ownership rule | ${ACTORS.join(' | ')} |\n|---|---|---|${ACTORS.map(() => '---').join('|')}|`;
  const rows = ROUTE_POLICY.map((p) => {
    const roles = typeof p.roles === 'string' ? p.roles : p.roles.join(', ');
    return `| ${p.method} ${p.url} | ${roles} | ${p.owner} | ${ACTORS.map((a) => p.expect[a]).join(' | ')} |`;
  });
  return [head, ...rows].join('\n');
}
