import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartItem } from '../../../src/stores/cart';

// The store persists to localStorage; give the node environment an in-memory one before it loads.
const memory = new Map<string, string>();
(globalThis as { localStorage?: Storage }).localStorage = {
  get length() {
    return memory.size;
  },
  clear: () => memory.clear(),
  getItem: (k: string) => memory.get(k) ?? null,
  key: (i: number) => [...memory.keys()][i] ?? null,
  removeItem: (k: string) => void memory.delete(k),
  setItem: (k: string, v: string) => void memory.set(k, String(v)),
};

let useCart: typeof import('../../../src/stores/cart').useCart;

beforeAll(async () => {
  ({ useCart } = await import('../../../src/stores/cart'));
});

const item = (over: Partial<CartItem>): CartItem => ({
  _id: 'p1',
  name: 'Rice',
  Tamil: 'அரிசி',
  price: 100,
  discount: 10,
  qty: 1,
  countInStock: 20,
  vendorId: 'v1',
  ...over,
});

const saved = () => JSON.parse(memory.get('cart') ?? '{}').state;

describe('cart store', () => {
  beforeEach(() => useCart.getState().clearCart());

  it('adding an item whose _id is already in the cart replaces it', () => {
    const { addToCart } = useCart.getState();
    addToCart(item({ qty: 2 }));
    addToCart(item({ _id: 'p2', name: 'Dal', price: 250, discount: 0, qty: 1, vendorId: 'v2' }));
    addToCart(item({ qty: 5 }));
    const s = useCart.getState();
    expect(s.cartItems.map((x) => [x._id, x.qty])).toEqual([
      ['p1', 5],
      ['p2', 1],
    ]);
    // (100 - 10) x 5 + 250 = 700, discount 10 x 5 = 50, delivery slab for 500..999 is 10, shared 6.43 / 3.57
    // over the two vendors' orders, each then rounded down to a whole rupee (443.57 -> 443, 246.43 -> 246)
    expect(s.totalItems).toBe(6);
    expect(s.itemsPrice).toBe(700);
    expect(s.totalDiscount).toBe(50);
    expect(s.totalDeliveryDiscount).toBe(11);
    expect(s.totalPrice).toBe(689);
    expect(s.shippingPrice).toBe(0);
    expect(s.taxPrice).toBe(0);
    expect(saved().cartItems).toHaveLength(2);
    expect(saved().itemsPrice).toBe(700);
  });

  it('removing filters the item out and recomputes the totals', () => {
    const { addToCart, removeFromCart } = useCart.getState();
    addToCart(item({ qty: 12, price: 100, discount: 0 }));
    addToCart(item({ _id: 'p2', price: 40, discount: 5, qty: 3 }));
    expect(useCart.getState().itemsPrice).toBe(1305);
    expect(useCart.getState().totalDeliveryDiscount).toBe(30);
    removeFromCart('p1');
    const s = useCart.getState();
    expect(s.cartItems.map((x) => x._id)).toEqual(['p2']);
    expect(s.itemsPrice).toBe(105);
    expect(s.totalDiscount).toBe(15);
    expect(s.totalDeliveryDiscount).toBe(0);
    expect(s.totalPrice).toBe(105);
    expect(saved().cartItems.map((x: CartItem) => x._id)).toEqual(['p2']);
  });

  it('a discount above the price never makes a line negative', () => {
    useCart.getState().addToCart(item({ price: 50, discount: 80, qty: 2 }));
    expect(useCart.getState().itemsPrice).toBe(0);
    expect(useCart.getState().totalDiscount).toBe(100);
  });

  it('updatePrices takes the server prices and recomputes', () => {
    const { addToCart, updatePrices } = useCart.getState();
    addToCart(item({ qty: 2 }));
    updatePrices([{ productId: 'p1', price: 120, discount: 0 }]);
    const s = useCart.getState();
    expect(s.cartItems[0]).toMatchObject({ price: 120, discount: 0, qty: 2 });
    expect(s.itemsPrice).toBe(240);
  });

  it('clearCart empties the items and zeroes the totals', () => {
    const { addToCart, saveShippingAddress, clearCart } = useCart.getState();
    addToCart(item({ qty: 3 }));
    saveShippingAddress({ address: '1 Main Rd', city: 'Chennai', pincode: '600004', phoneNumber: '9876543210', area: 'Adyar' });
    clearCart();
    const s = useCart.getState();
    expect(s.cartItems).toEqual([]);
    expect(s.totalItems).toBe(0);
    expect(s.itemsPrice).toBe(0);
    expect(s.totalPrice).toBe(0);
    expect(saved().cartItems).toEqual([]);
    expect(s.paymentMethod).toBe('PayPal');
  });

  it('a saved cart is read back with its totals recomputed from the items', async () => {
    const stale = {
      cartItems: [item({ qty: 6, price: 100, discount: 0 })],
      shippingAddress: null,
      paymentMethod: 'PayPal',
      totalItems: 1,
      itemsPrice: 1,
      totalDiscount: 0,
      totalDeliveryDiscount: 0,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 1,
    };
    memory.set('cart', JSON.stringify({ state: stale, version: 0 }));
    await useCart.persist.rehydrate();
    const s = useCart.getState();
    expect(s.cartItems).toHaveLength(1);
    expect(s.totalItems).toBe(6);
    expect(s.itemsPrice).toBe(600);
    expect(s.totalDeliveryDiscount).toBe(10);
    expect(s.totalPrice).toBe(590);
  });
});
