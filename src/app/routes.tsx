import { type ComponentType, createElement, lazy, useState } from 'react';
import { matchPath } from 'react-router-dom';
import { loadNamespaces } from '../lib/i18n';
import type { Namespace } from '../locales/catalog';
import type { Access } from './guards';

export interface AppRoute {
  path: string;
  access: Access;
  Page: ComponentType;
  /** The page fills the screen alone: no header, menus or footer. */
  bare?: boolean;
}

const ALL = 'signedIn';
const USER = 'shop';
// a shop's pages, by what each needs (core/permissions.ts): a cashier sells, stock keeps the goods, the reports are
// the owner's and a manager's, the staff the owner's (vite.config.ts reads these names: the back office's pages)
const SELL = 'sell';
const STOCK = 'keepStock';
const REPORTS = 'seeReports';
const WORK = 'workForShop';
const MANAGE_STAFF = 'manageStaff';
// the books: what the shop owes its suppliers and paying them; its expenses and the cash book
const PAY_SUPPLIERS = 'paySuppliers';
const BOOKS = 'keepBooks';
// the shop's prices: its price lists and schemes (core/pricing.ts)
const PRICING = 'managePricing';
const ADMIN = 'administer';

const loaders = new WeakMap<ComponentType, () => Promise<unknown>>();
/**
 * A page whose code loads on demand. Once its chunk is in, it renders at once: React.lazy would
 * still suspend on its first render, show the loading fallback, and hold the page back for its
 * fallback throttle (~300 ms). With the route preloaded before the first render (src/main.tsx), the
 * first commit is the page itself (measured offline: the first product card ~350 ms -> 155-190 ms).
 */
const page = (load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[]) => {
  let loaded: ComponentType | null = null;
  // the page's texts (in the chosen language only) load beside its chunk
  const loadAndKeep = () =>
    Promise.all([load(), loadNamespaces(['common', ...namespaces])]).then(([m]) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(loadAndKeep);
  // chosen once per mount: switching from Lazy to the loaded page later would remount it (and lose its state)
  const Page: ComponentType = () => createElement(useState(() => loaded ?? Lazy)[0]);
  loaders.set(Page, loadAndKeep);
  return Page;
};

/** Every route of the app with its access rule (docs/product.md lists them). */
export const ROUTES: AppRoute[] = [
  { path: '/', access: 'public', Page: page(() => import('../features/auth/sign-in-page'), ['auth']) },
  { path: '/register', access: 'public', Page: page(() => import('../features/auth/register-page'), ['auth', 'account']) },
  { path: '/forgot-password', access: 'public', Page: page(() => import('../features/auth/forgot-password-page'), ['auth', 'account']) },
  { path: '/reset-password', access: 'public', Page: page(() => import('../features/auth/reset-password-page'), ['auth', 'account']) },
  {
    path: '/undo-phone-change',
    access: 'public',
    Page: page(() => import('../features/auth/undo-phone-change-page'), ['auth', 'account']),
  },
  { path: '/unauthorized', access: 'public', Page: page(() => import('../features/auth/unauthorized-page'), ['auth']) },
  // the customer display facing the customer: a second screen of the counter, or a tablet paired with it
  { path: '/display', access: 'public', Page: page(() => import('../features/display/display-page'), ['display']), bare: true },
  // a reminder's payment link: anyone holding it, signed in or not
  { path: '/pay/:token', access: 'public', Page: page(() => import('../features/pay/pay-page'), ['pay', 'upi-qr']) },
  { path: '/Home', access: ALL, Page: page(() => import('../features/home/home-page'), ['home']) },
  { path: '/profile', access: ALL, Page: page(() => import('../features/profile/profile-page'), ['profile']) },
  { path: '/update-profile', access: ALL, Page: page(() => import('../features/profile/update-profile-page'), ['profile']) },
  // customer
  { path: '/my-orders', access: USER, Page: page(() => import('../features/orders/my-orders-page'), ['orders']) },
  { path: '/user-categories', access: USER, Page: page(() => import('../features/catalog/categories-page'), ['catalog']) },
  { path: '/subcategory/:categoryName', access: USER, Page: page(() => import('../features/catalog/subcategories-page'), ['catalog']) },
  { path: '/productlist/:subcategory', access: USER, Page: page(() => import('../features/catalog/product-list-page'), ['catalog']) },
  { path: '/product/:productId', access: USER, Page: page(() => import('../features/catalog/product-page'), ['catalog']) },
  { path: '/user-product-search', access: USER, Page: page(() => import('../features/catalog/product-search-page'), ['catalog']) },
  { path: '/product-search', access: USER, Page: page(() => import('../features/catalog/product-search-page'), ['catalog']) },
  { path: '/cart', access: USER, Page: page(() => import('../features/cart/cart-page'), ['cart']) },
  { path: '/shipping', access: USER, Page: page(() => import('../features/cart/shipping-page'), ['cart']) },
  { path: '/placeorder', access: USER, Page: page(() => import('../features/cart/place-order-page'), ['cart']) },
  { path: '/userOrder/:orderId', access: USER, Page: page(() => import('../features/orders/user-order-page'), ['orders']) },
  { path: '/order/:orderId', access: USER, Page: page(() => import('../features/orders/user-order-page'), ['orders']) },
  { path: '/orders-summary', access: USER, Page: page(() => import('../features/orders/orders-summary-page'), ['orders']) },
  { path: '/category', access: 'viewCategories', Page: page(() => import('../features/admin/category-list-page'), ['admin']) },
  // vendor
  { path: '/order', access: SELL, Page: page(() => import('../features/shop-order/shop-order-page'), ['shop-order', 'upi-qr', 'shift']) },
  // a till's shift report, to print on the receipt roll
  { path: '/shift-report/:shiftId', access: SELL, Page: page(() => import('../features/shop-order/shift-report-page'), ['shift']) },
  // the bill of an order: the counter's sales, a rider's at the door, a customer's own
  {
    path: '/receipt/:orderId',
    access: ALL,
    Page: page(() => import('../features/shop-order/receipt-page'), ['receipt', 'upi-qr', 'eway']),
  },
  { path: '/PendingOrders', access: SELL, Page: page(() => import('../features/vendor-orders/pending-orders-page'), ['vendor-orders']) },
  {
    path: '/vendor/orders/:orderId',
    access: 'handleOrders',
    Page: page(() => import('../features/vendor-orders/order-detail-page'), ['vendor-orders', 'returns', 'upi-qr', 'eway']),
  },
  {
    path: '/vendorOrdersList',
    access: SELL,
    Page: page(() => import('../features/vendor-orders/vendor-orders-list-page'), ['vendor-orders']),
  },
  { path: '/productList', access: WORK, Page: page(() => import('../features/vendor-products/product-list-page'), ['vendor-products']) },
  {
    path: '/products/import',
    access: STOCK,
    Page: page(() => import('../features/product-import/product-import-page'), ['product-import']),
  },
  { path: '/createProduct', access: STOCK, Page: page(() => import('../features/vendor-products/product-form-page'), ['vendor-products']) },
  {
    path: '/edit-product/:id',
    access: STOCK,
    Page: page(() => import('../features/vendor-products/product-form-page'), ['vendor-products', 'stock-ledger']),
  },
  { path: '/gstr1', access: REPORTS, Page: page(() => import('../features/gst/gstr1-page'), ['gst']) },
  { path: '/gstr3b', access: REPORTS, Page: page(() => import('../features/gst/gstr3b-page'), ['gst', 'gstr3b']) },
  { path: '/purchases', access: STOCK, Page: page(() => import('../features/purchases/purchases-page'), ['purchases']) },
  { path: '/purchases/new', access: STOCK, Page: page(() => import('../features/purchases/receive-goods-page'), ['purchases']) },
  { path: '/purchases/:id', access: STOCK, Page: page(() => import('../features/purchases/purchase-page'), ['purchases']) },
  {
    path: '/purchase-orders',
    access: STOCK,
    Page: page(() => import('../features/purchase-orders/purchase-orders-page'), ['purchase-orders']),
  },
  {
    path: '/purchase-orders/:id',
    access: STOCK,
    Page: page(() => import('../features/purchase-orders/purchase-order-page'), ['purchase-orders']),
  },
  { path: '/debit-notes/:id', access: STOCK, Page: page(() => import('../features/purchases/debit-note-page'), ['purchases', 'eway']) },
  { path: '/credit-notes/:id', access: SELL, Page: page(() => import('../features/credit-notes/credit-note-page'), ['returns', 'eway']) },
  { path: '/customers', access: SELL, Page: page(() => import('../features/customers/customers-page'), ['customers']) },
  { path: '/customers/dues', access: SELL, Page: page(() => import('../features/customers/dues-page'), ['customers']) },
  { path: '/customers/:id', access: SELL, Page: page(() => import('../features/customers/customer-page'), ['customers', 'upi-qr']) },
  {
    path: '/customers/:id/statement',
    access: SELL,
    Page: page(() => import('../features/customers/statement-page'), ['customers']),
  },
  { path: '/dashboard', access: REPORTS, Page: page(() => import('../features/dashboard/vendor-dashboard-page'), ['dashboard']) },
  { path: '/day-close', access: REPORTS, Page: page(() => import('../features/day-close/day-close-page'), ['day-close']) },
  { path: '/profit', access: REPORTS, Page: page(() => import('../features/profit/profit-page'), ['profit']) },
  // the day's UPI sales by how each was confirmed, and a settlement statement matched to them
  {
    path: '/reconciliation',
    access: REPORTS,
    Page: page(() => import('../features/day-close/reconciliation-page'), ['reconciliation']),
  },
  { path: '/payables', access: PAY_SUPPLIERS, Page: page(() => import('../features/books/payables-page'), ['books']) },
  { path: '/suppliers/:id', access: PAY_SUPPLIERS, Page: page(() => import('../features/books/supplier-page'), ['books']) },
  { path: '/expenses', access: BOOKS, Page: page(() => import('../features/books/expenses-page'), ['books']) },
  { path: '/cashbook', access: BOOKS, Page: page(() => import('../features/books/cashbook-page'), ['books']) },
  { path: '/price-lists', access: PRICING, Page: page(() => import('../features/pricing/price-lists-page'), ['pricing']) },
  { path: '/schemes', access: PRICING, Page: page(() => import('../features/pricing/schemes-page'), ['pricing']) },
  { path: '/reorder', access: STOCK, Page: page(() => import('../features/reorder/reorder-page'), ['reorder']) },
  { path: '/expiring', access: STOCK, Page: page(() => import('../features/expiry/expiring-page'), ['expiry']) },
  { path: '/labels', access: STOCK, Page: page(() => import('../features/shelf-labels/shelf-labels-page'), ['shelf-labels']) },
  { path: '/stock-count', access: STOCK, Page: page(() => import('../features/stock/stock-count-page'), ['stock']) },
  { path: '/stock/:productId', access: STOCK, Page: page(() => import('../features/stock/stock-ledger-page'), ['stock', 'stock-ledger']) },
  // the shop's staff: the owner's (and an admin's, shop by shop)
  { path: '/staff', access: MANAGE_STAFF, Page: page(() => import('../features/staff/staff-page'), ['staff']) },
  // admin
  { path: '/admin/dashboard', access: ADMIN, Page: page(() => import('../features/dashboard/admin-dashboard-page'), ['dashboard']) },
  { path: '/toggleCard', access: ADMIN, Page: page(() => import('../features/admin/toggle-vendors-page'), ['admin']) },
  { path: '/create-category', access: ADMIN, Page: page(() => import('../features/admin/category-create-page'), ['admin']) },
  { path: '/categories', access: ADMIN, Page: page(() => import('../features/admin/category-list-page'), ['admin']) },
  { path: '/admin/categories', access: ADMIN, Page: page(() => import('../features/admin/category-list-page'), ['admin']) },
  { path: '/admin/category/:id/edit', access: ADMIN, Page: page(() => import('../features/admin/category-edit-page'), ['admin']) },
  { path: '/userList', access: ADMIN, Page: page(() => import('../features/admin/user-list-page'), ['admin']) },
  { path: '/admin/user/:id/edit', access: ADMIN, Page: page(() => import('../features/admin/user-edit-page'), ['admin']) },
  { path: '/informationList', access: ADMIN, Page: page(() => import('../features/admin/information-list-page'), ['admin']) },
  { path: '/information', access: ADMIN, Page: page(() => import('../features/admin/information-create-page'), ['admin']) },
  { path: '/information/:id/edit', access: ADMIN, Page: page(() => import('../features/admin/information-edit-page'), ['admin']) },
  { path: '/gsts', access: ADMIN, Page: page(() => import('../features/gst/gst-list-page'), ['gst']) },
  // delivery
  { path: '/orders-by-area', access: 'deliver', Page: page(() => import('../features/admin/orders-by-area-page'), ['admin']) },
  {
    path: '/orders-by-area/:area',
    access: 'deliver',
    Page: page(() => import('../features/delivery/area-orders-page'), ['delivery']),
  },
  // a rider's cash from his deliveries, shop by shop, and his hand-overs
  { path: '/rider-cash', access: 'holdDeliveryCash', Page: page(() => import('../features/delivery/rider-cash-page'), ['delivery']) },
  // any other address: Page not found (a real role mismatch stays Access denied)
  { path: '*', access: 'public', Page: page(() => import('../features/auth/not-found-page'), ['auth']) },
];

/**
 * Starts loading the page chunk of the route at `pathname` (src/main.tsx calls it before the first
 * render, so the chunk downloads while the entry runs instead of after React reaches the route).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const route = ROUTES.find((r) => matchPath(r.path, pathname));
  const load = route && loaders.get(route.Page);
  return load
    ? load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}
