import type account from './en/account';
import type admin from './en/admin';
import type auth from './en/auth';
import type books from './en/books';
import type cart from './en/cart';
import type catalog from './en/catalog';
import type common from './en/common';
import type customers from './en/customers';
import type dashboard from './en/dashboard';
import type dayClose from './en/day-close';
import type display from './en/display';
import type delivery from './en/delivery';
import type gst from './en/gst';
import type gstr3b from './en/gstr3b';
import type home from './en/home';
import type offline from './en/offline';
import type orders from './en/orders';
import type pay from './en/pay';
import type printer from './en/printer';
import type productImport from './en/product-import';
import type profile from './en/profile';
import type profit from './en/profit';
import type purchaseOrders from './en/purchase-orders';
import type purchases from './en/purchases';
import type receipt from './en/receipt';
import type reconciliation from './en/reconciliation';
import type reorder from './en/reorder';
import type returns from './en/returns';
import type shelfLabels from './en/shelf-labels';
import type shift from './en/shift';
import type shopOrder from './en/shop-order';
import type staff from './en/staff';
import type stock from './en/stock';
import type stockLedger from './en/stock-ledger';
import type expiry from './en/expiry';
import type pricing from './en/pricing';
import type upiCollect from './en/upi-collect';
import type upiQr from './en/upi-qr';
import type eway from './en/eway';
import type vendorOrders from './en/vendor-orders';
import type vendorProducts from './en/vendor-products';

/**
 * The namespaces of the interface texts: `common` (layout, shared components), `offline` (src/offline), `stock-ledger` (the shared
 * stock movements list) and `upi-qr` (the shared UPI QR code), each loaded by the routes that show it, and one per feature; src/features/auth has two: `auth` for sign-in (kept small: the first screen) and `account` for registration and passwords.
 */
export interface Catalog {
  account: typeof account;
  admin: typeof admin;
  auth: typeof auth;
  books: typeof books;
  cart: typeof cart;
  catalog: typeof catalog;
  common: typeof common;
  customers: typeof customers;
  dashboard: typeof dashboard;
  'day-close': typeof dayClose;
  display: typeof display;
  delivery: typeof delivery;
  gst: typeof gst;
  gstr3b: typeof gstr3b;
  home: typeof home;
  offline: typeof offline;
  orders: typeof orders;
  pay: typeof pay;
  printer: typeof printer;
  'product-import': typeof productImport;
  profile: typeof profile;
  profit: typeof profit;
  'purchase-orders': typeof purchaseOrders;
  purchases: typeof purchases;
  receipt: typeof receipt;
  reconciliation: typeof reconciliation;
  reorder: typeof reorder;
  returns: typeof returns;
  'shelf-labels': typeof shelfLabels;
  shift: typeof shift;
  'shop-order': typeof shopOrder;
  staff: typeof staff;
  stock: typeof stock;
  'stock-ledger': typeof stockLedger;
  expiry: typeof expiry;
  pricing: typeof pricing;
  'upi-collect': typeof upiCollect;
  'upi-qr': typeof upiQr;
  eway: typeof eway;
  'vendor-orders': typeof vendorOrders;
  'vendor-products': typeof vendorProducts;
}
export type Namespace = keyof Catalog;

/** A translation of an English namespace: the same keys, every one a text (a test checks the {placeholders} too). */
export type Messages<T> = { readonly [K in keyof T]: string };
