import { expect } from 'vitest';
import type { z } from 'zod';
import type { OrderDto, shopOrderSchema } from '../../core/schemas/order';
import type { App } from '../../server/app-type';

/** A counter sale's body as the API takes it (core/schemas/order.ts), every field but the lines optional. */
type ShopSaleBody = Partial<Omit<z.input<typeof shopOrderSchema>, 'isShop' | 'products'>>;
export type SaleLine = { productId: string; quantity: number; discount?: number; unitDiscount?: number };

/** The counter's own address: what a sale handed over at the counter is sent with. */
export const COUNTER_ADDRESS = { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000000' };

/**
 * The shared builders of API tests: the orders and sales a test needs, made through the API as a user
 * makes them, so they pass every rule the server applies. `app()` answers the test's app (it may be
 * made in beforeAll).
 */
export function apiBuilders(app: () => App) {
  const post = (token: string, body: object) =>
    app().inject({ method: 'POST', url: '/api/Orders', headers: { authorization: `Bearer ${token}` }, payload: body });

  /** A walk-in sale as sent (POST /api/Orders, isShop): the response; `extra` may be anything, for a test of a refusal. */
  const shopSale = (token: string, products: SaleLine[], extra: ShopSaleBody | Record<string, unknown> = {}) =>
    post(token, { isShop: true, products, shippingAddress: COUNTER_ADDRESS, ...extra });

  /** A counter sale handed over and paid in cash (`extra` overrides the body); answers the order. */
  const sale = async (token: string, products: SaleLine[], extra: ShopSaleBody = {}): Promise<OrderDto> => {
    const res = await shopSale(token, products, { paymentMethod: 'cash', handedOver: true, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { order: OrderDto }).order;
  };

  /** A credit sale to a shop customer, handed over unless `extra` says otherwise; answers the order. */
  const creditSale = (token: string, customerId: string, products: SaleLine[], extra: ShopSaleBody = {}) =>
    sale(token, products, { customerId, paymentMethod: 'credit', ...extra });

  return { shopSale, sale, creditSale };
}
