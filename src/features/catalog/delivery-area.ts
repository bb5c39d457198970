import { useCart } from '../../stores/cart';
import { useSession } from '../../stores/session';
import { can } from '../../lib/can';
import { useCan } from '../../stores/use-can';

/**
 * A customer's delivery area: that of the address chosen for delivery, else of the first saved
 * address. Lists, search and product pages then show only shops delivering there; other roles see
 * everything.
 */
export function customerArea(): string | undefined {
  const user = useSession.getState().userInfo;
  if (!can(user, 'shop')) return undefined;
  return useCart.getState().shippingAddress?.area || user?.addresses?.[0]?.area || undefined;
}

/** The same as a hook: a screen whose saved-copy names carry the area redraws (and refetches) when it changes. */
export function useCustomerArea(): string | undefined {
  const shopper = useCan('shop');
  const first = useSession((s) => s.userInfo?.addresses?.[0]?.area);
  const chosen = useCart((s) => s.shippingAddress?.area);
  return shopper ? chosen || first || undefined : undefined;
}
