import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installWebEnv } from './web-env';

/** The cart belongs to the user who filled it (a shared phone): checked when the stores load from storage. */

const env = installWebEnv();
const USER = { _id: 'u-a', name: 'Lakshmi Priya', phone: '9876500003', role: 'user' as const, token: 't', addresses: [] };
const ITEM = { _id: 'p1', name: 'Rice', price: 100, discount: 0, qty: 1, countInStock: 5, vendorId: 'v1' };
const ADDRESS = { address: '7 Kasturba Nagar', city: 'Chennai', pincode: '600020', phoneNumber: '9876500003', area: 'Adyar' };

const saveSession = (userInfo: typeof USER | null, expiresAt = Date.now() + 60_000) =>
  env.localStorage.setItem('session', JSON.stringify({ state: { userInfo, expiresAt: userInfo ? expiresAt : null }, version: 0 }));
const saveCart = (state: Record<string, unknown>) => env.localStorage.setItem('cart', JSON.stringify({ state, version: 0 }));

async function load() {
  vi.resetModules();
  const session = await import('../../../src/stores/session');
  const { useCart } = await import('../../../src/stores/cart');
  return { session, useCart };
}

beforeEach(() => env.localStorage.clear());

describe('cart owner', () => {
  it('a saved cart of a user who is no longer signed in is dropped when the app starts', async () => {
    saveSession(null);
    saveCart({ cartItems: [ITEM], shippingAddress: ADDRESS, paymentMethod: 'PayPal', ownerId: 'u-a' });
    const { useCart } = await load();
    expect(useCart.getState()).toMatchObject({ cartItems: [], shippingAddress: null, ownerId: null });
    expect(env.localStorage.getItem('cart')).not.toContain('Kasturba');
  });

  it('a cart saved before carts had an owner stays with the user still signed in, and goes at their logout', async () => {
    saveSession(USER);
    saveCart({ cartItems: [ITEM], shippingAddress: ADDRESS, paymentMethod: 'PayPal' });
    const { session, useCart } = await load();
    expect(useCart.getState()).toMatchObject({ cartItems: [ITEM], ownerId: 'u-a' });
    session.useSession.getState().clear();
    expect(useCart.getState()).toMatchObject({ cartItems: [], shippingAddress: null });
  });

  it('a cart saved before carts had an owner, with nobody signed in, is dropped', async () => {
    saveSession(null);
    saveCart({ cartItems: [ITEM], shippingAddress: ADDRESS, paymentMethod: 'PayPal' });
    const { session, useCart } = await load();
    expect(useCart.getState().cartItems).toEqual([]);
    // and the next user to sign in starts empty
    session.useSession.getState().setCredentials({ ...USER, _id: 'u-b' });
    expect(useCart.getState().shippingAddress).toBeNull();
  });

  it('a stored session past its 30 days takes its cart with it', async () => {
    saveSession(USER, Date.now() - 1000);
    saveCart({ cartItems: [ITEM], shippingAddress: ADDRESS, paymentMethod: 'PayPal', ownerId: 'u-a' });
    const { session, useCart } = await load();
    session.expireSessionIfDue();
    expect(session.useSession.getState().userInfo).toBeNull();
    expect(useCart.getState().cartItems).toEqual([]);
  });

  it('what a signed-in user adds is theirs and survives a reload', async () => {
    saveSession(USER);
    let { useCart } = await load();
    useCart.getState().addToCart(ITEM);
    useCart.getState().saveShippingAddress(ADDRESS);
    expect(useCart.getState().ownerId).toBe('u-a');
    ({ useCart } = await load());
    expect(useCart.getState()).toMatchObject({ cartItems: [ITEM], shippingAddress: ADDRESS, ownerId: 'u-a' });
  });
});
