import type { ProductDto } from '../../../core/schemas/product';
import type { StoreCodesResponse } from '../../../core/schemas/store-codes';
import { api } from '../../lib/api';

/** The caller's products (a vendor's own, an admin's every vendor's), by name or exact barcode. */
export const fetchLabelProducts = (keyword = '') =>
  api.get<ProductDto[]>('products/products', { searchParams: keyword.trim() ? { keyword: keyword.trim() } : {} });

/** POST /api/products/store-codes: in-store codes for the listed products that have no barcode. */
export const giveStoreCodes = (productIds: string[]) => api.post<StoreCodesResponse>('products/store-codes', { productIds });
