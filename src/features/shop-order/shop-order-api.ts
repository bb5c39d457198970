import type { z } from 'zod';
import type { createOrderResponse } from '../../../core/schemas/order';
import type { ProductDto } from '../../../core/schemas/product';
import type { ShopOrderPayload } from '../../../core/shop-order';
import { api } from '../../lib/api';
import { readSaved } from '../../lib/use-cached-query';
import { awaitOutcome } from '../../offline/actions';
import { enqueueShopSale } from './shop-sale-outbox';

/** The name the product list is saved under on this device, so sales can be rung up offline. */
export const SHOP_PRODUCTS = 'shop-products';

/** The vendor's own products (admin: all), all of them as saved; the form offers the active ones. */
export const fetchShopProducts = () => api.get<ProductDto[]>('products/products');

/**
 * Sends one shop (walk-in) sale, POST /api/Orders, through the outbox: saved on this device first
 * with a client-made id and the sale time, then sent with an Idempotency-Key. Online, the server's
 * answer (or refusal) shows as before; offline it is saved and shows in Pending Orders as Waiting to sync.
 */
export async function submitShopOrder(payload: ShopOrderPayload): Promise<z.infer<typeof createOrderResponse> | null> {
  const products = (await readSaved<ProductDto[]>(SHOP_PRODUCTS)) ?? [];
  const byId = new Map(products.map((p) => [p._id, p]));
  const item = await enqueueShopSale(payload, {
    lines: payload.products.map((l) => ({
      productId: l.productId,
      name: byId.get(l.productId)?.name ?? 'Product',
      unit: byId.get(l.productId)?.unit,
    })),
  });
  const sent = await awaitOutcome(item.id, 8_000);
  return (sent?.response as z.infer<typeof createOrderResponse> | undefined) ?? null;
}
