import type { ProductDto } from '../../../core/schemas/product';
import type { UserDto } from '../../../core/schemas/user';
import { api } from '../../lib/api';

/** The name the product list is saved under on this device, so sales can be rung up offline. */
export const SHOP_PRODUCTS = 'shop-products';

/** The vendor's own products (admin: all), all of them as saved; the form offers the active ones. */
export const fetchShopProducts = () => api.get<ProductDto[]>('products/products');

/** Saves the seller's UPI ID to its profile (PUT /api/users/profile; a new one takes the current password); answers the saved profile. */
export const saveUpiId = (upiId: string, currentPassword: string) => api.put<UserDto>('users/profile', { upiId, currentPassword });
