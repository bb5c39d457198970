import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { cartTotals, type CartTotals } from '../../core/cart-totals';
import type { Address } from '../../core/schemas/user';
import { useSession } from './session';

export interface CartItem {
  _id: string;
  name: string;
  Tamil?: string;
  image?: string;
  price: number; // per unit, rupees (the product's selling price)
  /** The MRP per unit, rupees: struck through beside the price, as the product page shows it. */
  mrp?: number;
  discount: number; // per unit, rupees
  qty: number;
  countInStock: number;
  vendorId: string;
  vendorName?: string;
  /** The product's unit (core/units); qty may have decimals for kg, l and metre. */
  unit?: string;
  /** The product's GST rate in percent, for "includes GST ₹x" (prices include it). */
  gstRate?: number;
  /** Given away by the vendor: shown as "Free". */
  isFree?: boolean;
}

interface CartState extends CartTotals {
  cartItems: CartItem[];
  shippingAddress: Address | null;
  paymentMethod: string;
  /** The user who filled the cart: it is emptied as soon as anyone else, or nobody, is signed in. */
  ownerId: string | null;
  addToCart: (item: CartItem) => void;
  removeFromCart: (id: string) => void;
  updatePrices: (prices: Array<{ productId: string; price: number; discount: number }>) => void;
  saveShippingAddress: (address: Address) => void;
  clearCart: () => void;
  /** Drops everything: items, shipping address, payment method and owner. */
  forget: () => void;
}

const withTotals = (cartItems: CartItem[]) => ({ cartItems, ...cartTotals(cartItems) });
const signedInId = () => useSession.getState().userInfo?._id ?? null;
const EMPTY = { ...withTotals([]), shippingAddress: null, paymentMethod: 'PayPal', ownerId: null };

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      ...EMPTY,
      // Adding an item whose _id is already in the cart replaces it.
      addToCart: (item) =>
        set((s) => ({
          ...withTotals(
            s.cartItems.some((x) => x._id === item._id) ? s.cartItems.map((x) => (x._id === item._id ? item : x)) : [...s.cartItems, item],
          ),
          ownerId: signedInId(),
        })),
      removeFromCart: (id) => set((s) => withTotals(s.cartItems.filter((x) => x._id !== id))),
      updatePrices: (prices) =>
        set((s) =>
          withTotals(
            s.cartItems.map((x) => {
              const p = prices.find((q) => q.productId === x._id);
              return p ? { ...x, price: p.price, discount: p.discount } : x;
            }),
          ),
        ),
      saveShippingAddress: (shippingAddress) => set({ shippingAddress, ownerId: signedInId() }),
      clearCart: () => set(withTotals([])),
      forget: () => set(EMPTY),
    }),
    {
      name: 'cart',
      storage: createJSONStorage(() => localStorage),
      // totals are always derived from the items with today's rules, never trusted from storage
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<CartState>;
        const items = Array.isArray(p.cartItems) ? p.cartItems : [];
        return { ...current, ...p, ...withTotals(items) };
      },
    },
  ),
);

const PLACE_KEY = 'shopping-place';
/**
 * Where the customer was shopping (a list, a search, the categories), for the cart's Add More Items.
 * Kept for this tab only (sessionStorage, which is cleared when the user changes).
 */
export function rememberShoppingPlace(url: string): void {
  try {
    sessionStorage.setItem(PLACE_KEY, url);
  } catch {
    /* storage unavailable */
  }
}

/** The place remembered by rememberShoppingPlace, else the categories. */
export function shoppingPlace(): string {
  try {
    const url = sessionStorage.getItem(PLACE_KEY);
    if (url && url.startsWith('/') && !url.startsWith('//')) return url;
  } catch {
    /* storage unavailable */
  }
  return '/user-categories';
}

const holdsData = (c: CartState) => c.cartItems.length > 0 || c.shippingAddress !== null;

/**
 * A shared phone: the cart and shipping address are the signed-in user's only. When the user
 * changes (sign-out, expiry, a refused session, someone else signing in) they are emptied at once.
 */
export function keepCartWithItsOwner() {
  const cart = useCart.getState();
  const uid = signedInId();
  // nobody signed in: nothing may be kept; someone: only what they filled
  if (cart.ownerId === uid && uid !== null) return;
  if (cart.ownerId !== null || holdsData(cart)) cart.forget();
}

// A cart saved before carts had an owner belongs to the user still signed in (or to nobody).
if (useCart.getState().ownerId === null && holdsData(useCart.getState()) && signedInId()) useCart.setState({ ownerId: signedInId() });
keepCartWithItsOwner();
useSession.subscribe(keepCartWithItsOwner);
if (typeof window !== 'undefined') {
  // another tab changed the cart: take its copy, and check its owner again
  window.addEventListener('storage', (e) => {
    if (e.key === 'cart' || e.key === null) void Promise.resolve(useCart.persist.rehydrate()).then(keepCartWithItsOwner);
  });
}
