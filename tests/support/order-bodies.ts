import type { z } from 'zod';
import type { customerOrderSchema, shopOrderSchema } from '../../core/schemas/order';

/**
 * The bodies of POST /api/Orders as tests send them, typed by the core order schema: one place for the
 * API tests' builders (inject) and the browser tests' (fetch). No test runner is imported here.
 */

/** A counter sale's body, every field but the lines optional. */
export type ShopSaleBody = Partial<Omit<z.input<typeof shopOrderSchema>, 'isShop' | 'products'>>;
/** A counter sale's line: the server prices it, the counter discount is the one amount it takes from the client. */
export type SaleLine = { productId: string; quantity: number; discount?: number; unitDiscount?: number; pack?: string; batch?: string };
/** A customer's order line: the price and discount the customer was shown (the server refuses stale ones). */
export type OrderLine = z.input<typeof customerOrderSchema>['products'][number];
/** Where a customer's order goes: the shipping address with its delivery area. */
export type ShippingAddress = z.input<typeof customerOrderSchema>['shippingAddress'];

/** The counter's own address: what a sale handed over at the counter is sent with. */
export const COUNTER_ADDRESS = { address: 'Counter', city: 'Chennai', pincode: '600017', phoneNumber: '9000000000' };
