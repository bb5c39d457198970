import type { ProductDto } from '../../../core/schemas/product';
import { api } from '../../lib/api';

/** The name the product list is saved under on this device, so sales can be rung up offline. */
export const SHOP_PRODUCTS = 'shop-products';

/** The vendor's own products (admin: all), all of them as saved; the form offers the active ones. */
export const fetchShopProducts = () => api.get<ProductDto[]>('products/products');
