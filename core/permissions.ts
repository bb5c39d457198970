import type { Role } from './roles';

/**
 * Who may do what: one table for the server's route policy (server/security/route-policy.ts), the
 * server's row rules (server/security/access.ts) and the web's `can()` (src/lib/can.ts), which
 * drives its routes, navigation and menus. A new role, or a change of what one may do, is a change
 * here. Role comparisons anywhere else in the web app are refused by the linter.
 *
 * A shop is its owner (the vendor account) and its staff: a manager runs everything but the staff and
 * the shop's payment settings; a cashier the counter, the shop's customers and their payments, and
 * returns and voids (beyond the owner's limits with a manager's approval); stock the goods coming in,
 * counts, adjustments, labels, reorder and import. Neither a cashier nor stock sees sales reports.
 */
export const PERMISSIONS = {
  /** Any signed-in account: home, profile, sign-out. */
  signedIn: ['user', 'vendor', 'delivery', 'admin', 'manager', 'cashier', 'stock'],
  /** A customer's shopping: the lists, cart, checkout, own orders, reviews and the area the lists deliver to. */
  shop: ['user'],
  /** The category list: customers shop by it, admins manage it. */
  viewCategories: ['user', 'admin'],
  /** Place an order: a customer from the cart, a seller at the counter. */
  placeOrders: ['user', 'vendor', 'manager', 'cashier', 'admin'],
  /** Selling: the counter, the shop's orders, returns and voids, its customers and their payments; whether its payment provider confirms UPI (read only). */
  sell: ['vendor', 'manager', 'cashier', 'admin'],
  /** Work for a shop: its owner and staff (the shop's product list, the GST rates, the shop's tills). */
  workForShop: ['vendor', 'manager', 'cashier', 'stock', 'admin'],
  /** Keep the goods: products, pictures, barcodes and labels, purchases, counts, adjustments, the reorder list, import. */
  keepStock: ['vendor', 'manager', 'stock', 'admin'],
  /** What the shop owes its suppliers: their credit days and payables, and paying them. */
  paySuppliers: ['vendor', 'manager', 'admin'],
  /** See what goods cost: cost prices and margins. */
  seeCost: ['vendor', 'manager', 'stock', 'admin'],
  /** The shop's figures: the dashboard, the day close, GSTR-1 and the product export. */
  seeReports: ['vendor', 'manager', 'admin'],
  /** Set up the counter's reading of the shop's scale labels (their layout); everyone who sells reads it. */
  setUpScaleLabels: ['vendor', 'manager', 'admin'],
  /** Register the shop's tills. */
  registerTills: ['vendor', 'manager'],
  /** Remove (retire) a till. */
  manageTills: ['vendor', 'manager', 'admin'],
  /** Work at a till: reserve its invoice numbers; open a shift, take cash in or out, count and close it. */
  useTill: ['vendor', 'manager', 'cashier'],
  /** Keep the shop's books: its expenses and their categories, and the cash book. */
  keepBooks: ['vendor', 'manager'],
  /** The shop's prices: its price lists and schemes, and the offline sales whose till total differed. */
  managePricing: ['vendor', 'manager'],
  /** Read the price lists and schemes the counter prices with (also offline). */
  readPricing: ['vendor', 'manager', 'cashier'],
  /** Any shift of the shop's tills: see it, move cash in or out, close it (a cashier: their own shifts only). */
  manageShifts: ['vendor', 'manager', 'admin'],
  /** The people of a shop: their own till PIN, and switching in on the shop's till. */
  team: ['vendor', 'manager', 'cashier', 'stock'],
  /** The shop's staff, and its payment settings (UPI ID, invoice prefix) and approval limits. */
  manageStaff: ['vendor', 'admin'],
  /** The shop's loyalty points: what a ₹100 earns and what a point is worth (everyone who sells reads them and redeems at a sale). */
  setLoyalty: ['vendor'],
  /** The list of the shop's staff, to read the figures of one person (the reports' staff filter). */
  seeStaff: ['vendor', 'manager', 'admin'],
  /** A shop's own account: its shop details and first-day checklist. */
  ownShop: ['vendor'],
  /** See the shops: an admin's full records, a shop's names of other shops (B2B buying). */
  listShops: ['admin', 'vendor', 'manager', 'stock'],
  /** Handle any order put in front of them: the details, mark delivered with cash collected. */
  handleOrders: ['vendor', 'manager', 'cashier', 'delivery', 'admin'],
  /** Work through the areas and their pending orders. */
  deliver: ['delivery', 'admin'],
  /** A rider's device keeps every area's pending orders saved, so a round works offline. */
  keepRoundsOffline: ['delivery'],
  /** A rider holds the cash he collects on delivery until he hands it over to the shop (his own cash page). */
  holdDeliveryCash: ['delivery'],
  /** Administer: users, categories, announcements, GST and vendors; every shop's rows and reports. */
  administer: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

/** Whether a signed-in account (anything with a role) may do `action`; nobody signed in may do nothing. */
export function can(who: { role: Role } | null | undefined, action: Action): boolean {
  return !!who && (PERMISSIONS[action] as readonly Role[]).includes(who.role);
}

/** The roles that work for a shop (its owner and its staff), with the shop's id in their session. */
export const SHOP_TEAM: readonly Role[] = ['vendor', 'manager', 'cashier', 'stock'];
