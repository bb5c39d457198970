import type { ShopOrderPayload } from '../../../core/shop-order';
import { api } from '../../lib/api';

/** The product fields the counter sale form uses (GET /api/products/products). */
export interface ShopProduct {
  _id: string;
  name: string;
  Tamil?: string;
  shopPrice: number;
  discount: number;
  countInStock: number;
  category: string;
  subcategory: string;
  isActive: boolean;
  vendorId: string;
  vendorName?: string;
}

export interface CreatedOrder {
  _id: string;
  orderNumber?: string;
}

/** The vendor's own products (admin: all); the form offers the active ones. */
export const fetchShopProducts = async () => (await api.get<ShopProduct[]>('products/products')).filter((p) => p.isActive);

/**
 * Sends one shop (walk-in) sale: POST /api/Orders. Kept as the single submit point so the
 * offline outbox can take it over later.
 */
export const submitShopOrder = (payload: ShopOrderPayload) => api.post<{ orders: CreatedOrder[] }>('Orders', payload);
