import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { cartTotals, type CartTotals } from '../../core/cart';
import type { Address } from '../../core/schemas/user';

export interface CartItem {
  _id: string;
  name: string;
  Tamil?: string;
  image?: string;
  price: number; // per unit, rupees (the product's selling price)
  discount: number; // per unit, rupees
  qty: number;
  countInStock: number;
  vendorId: string;
  vendorName?: string;
}

interface CartState extends CartTotals {
  cartItems: CartItem[];
  shippingAddress: Address | null;
  paymentMethod: string;
  addToCart: (item: CartItem) => void;
  removeFromCart: (id: string) => void;
  updatePrices: (prices: Array<{ productId: string; price: number; discount: number }>) => void;
  saveShippingAddress: (address: Address) => void;
  clearCart: () => void;
}

const withTotals = (cartItems: CartItem[]) => ({ cartItems, ...cartTotals(cartItems) });

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      ...withTotals([]),
      shippingAddress: null,
      paymentMethod: 'PayPal',
      // Adding an item whose _id is already in the cart replaces it (SPEC §4).
      addToCart: (item) =>
        set((s) => withTotals(s.cartItems.some((x) => x._id === item._id) ? s.cartItems.map((x) => (x._id === item._id ? item : x)) : [...s.cartItems, item])),
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
      saveShippingAddress: (shippingAddress) => set({ shippingAddress }),
      clearCart: () => set(withTotals([])),
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
