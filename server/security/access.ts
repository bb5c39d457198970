import type { PlainCode } from '../../core/coded';
import { can, SHOP_TEAM } from '../../core/permissions';
import type { Role } from '../../core/roles';
import { notFound } from '../lib/errors';

/**
 * Who may see and change which rows, decided here and nowhere else. The route guard (the policy
 * table in route-policy.ts) has already let only the table's roles in; these helpers decide the
 * rows. A row the caller may not reach answers 404 exactly like a missing one, so ids cannot be
 * probed.
 */

/** The signed-in caller, as the session gives it: the person, their role, and the shop they work for. */
interface Actor {
  id: string;
  role: Role;
  shopId?: string | null;
}

/** Anything with a role: a caller, a users row, or a user as a role change will leave it. */
interface HasRole {
  role: Role;
}

/** Admin rights: every vendor's products and sales, inactive GST records, full vendor records, no upload quota. */
export const isAdmin = (who: HasRole): boolean => can(who, 'administer');

/** The owner and staff of a shop: they work on its rows. */
export const isShopTeam = (who: HasRole): boolean => SHOP_TEAM.includes(who.role);

/** The shop a caller works for (a vendor's own id, a staff member's owner); null for anyone else. */
export const shopOf = (actor: Actor): string | null => actor.shopId ?? (isVendor(actor) ? actor.id : null);

/** A vendor account (it has shop details: shop name, commission, active flag, invoice prefix). */
export const isVendor = (who: HasRole): boolean => can(who, 'ownShop');

/** Sellers: vendors and admins, who sell at the counter and have delivery areas and a UPI ID. */
export const isSeller = (who: HasRole): boolean => can(who, 'sell');

/** Customers (role `user`): they check out and own their orders. */
export const isCustomer = (who: HasRole): boolean => can(who, 'shop');

/** May the caller manage a row of this vendor (a product, a sale, its order filters): that shop's owner or staff, or an admin. */
export const ownedBy = (actor: Actor, vendorId: string): boolean => isAdmin(actor) || (isShopTeam(actor) && shopOf(actor) === vendorId);

/**
 * The vendor a seller's lists and lookups are limited to: the shop of its owner or staff; undefined
 * for an admin (every vendor). Any other caller is limited to its own id, which owns no vendor rows.
 */
export const sellerScope = (actor: Actor): string | undefined => (isAdmin(actor) ? undefined : (shopOf(actor) ?? actor.id));

/** The row when it exists and `ownedBy` the caller; 404 with the same message for "missing" and "not yours". */
export function assertOwner<T extends { vendor_id: string }>(actor: Actor, row: T | undefined, notFoundCode: PlainCode): T {
  if (!row || !ownedBy(actor, row.vendor_id)) throw notFound(notFoundCode);
  return row;
}

/** Which orders a caller reaches: a customer its own, a vendor its sales; delivery staff and admins every order. */
export function orderScope(actor: Actor): { customerId?: string; vendorId?: string } {
  switch (actor.role) {
    case 'user':
      return { customerId: actor.id };
    case 'vendor':
    case 'manager':
    case 'cashier':
    case 'stock':
      return { vendorId: shopOf(actor) ?? actor.id };
    case 'delivery':
    case 'admin':
      return {};
  }
}

/** The order when it exists and is in the caller's `orderScope`; 404 with the same message for "missing" and "not yours". */
export function assertOrderReach<T extends { customer_id: string | null; vendor_id: string }>(
  actor: Actor,
  row: T | undefined,
  notFoundCode: PlainCode,
): T {
  const { customerId, vendorId } = orderScope(actor);
  if (!row || (customerId && row.customer_id !== customerId) || (vendorId && row.vendor_id !== vendorId)) throw notFound(notFoundCode);
  return row;
}

/** A rider: holds the cash he collects on delivery until the shop records its hand-over (core/rider-cash.ts). */
export const isRider = (who: HasRole): boolean => can(who, 'holdDeliveryCash');

/** Delivery staff follow areas (a rider's push subscription keeps the areas it picked). */
export const followsAreas = (who: HasRole): boolean => who.role === 'delivery';

/**
 * Which order events a caller's live stream carries: an admin every one; a vendor its own orders';
 * delivery staff those of delivery orders (with their area); a customer its own orders'.
 */
export function liveEventReach(actor: Actor, event: { vendorId: string; customerId: string | null; isShop: boolean }): boolean {
  switch (actor.role) {
    case 'admin':
      return true;
    case 'vendor':
    case 'manager':
    case 'cashier':
    case 'stock':
      return event.vendorId === shopOf(actor);
    case 'delivery':
      return !event.isShop;
    case 'user':
      return event.customerId === actor.id;
  }
}
