import type { Role } from './roles';

/**
 * Who may do what: one table for the server's route policy (server/security/route-policy.ts), the
 * server's row rules (server/security/access.ts) and the web's `can()` (src/lib/can.ts), which
 * drives its routes, navigation and menus. A new role, or a change of what one may do, is a change
 * here. Role comparisons anywhere else in the web app are refused by the linter.
 */
export const PERMISSIONS = {
  /** Any signed-in account: home, profile, sign-out. */
  signedIn: ['user', 'vendor', 'delivery', 'admin'],
  /** A customer's shopping: the lists, cart, checkout, own orders, reviews and the area the lists deliver to. */
  shop: ['user'],
  /** The category list: customers shop by it, admins manage it. */
  viewCategories: ['user', 'admin'],
  /** Place an order: a customer from the cart, a seller at the counter. */
  placeOrders: ['user', 'vendor', 'admin'],
  /** Selling: the counter, products, stock, customers and the shop's orders and reports. */
  sell: ['vendor', 'admin'],
  /** A shop's own account: its shop details, tills and first-day checklist. */
  ownShop: ['vendor'],
  /** See the shops: an admin's full records, a vendor's names of other shops (B2B buying). */
  listShops: ['admin', 'vendor'],
  /** Handle any order put in front of them: the details, mark delivered with cash collected. */
  handleOrders: ['vendor', 'delivery', 'admin'],
  /** Work through the areas and their pending orders. */
  deliver: ['delivery', 'admin'],
  /** A rider's device keeps every area's pending orders saved, so a round works offline. */
  keepRoundsOffline: ['delivery'],
  /** Administer: users, categories, announcements, GST and vendors; every shop's rows and reports. */
  administer: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

/** Whether a signed-in account (anything with a role) may do `action`; nobody signed in may do nothing. */
export function can(who: { role: Role } | null | undefined, action: Action): boolean {
  return !!who && (PERMISSIONS[action] as readonly Role[]).includes(who.role);
}
