import type { z } from 'zod';
import type { CategoryDto } from '../../../core/schemas/category';
import type { messageResponse } from '../../../core/schemas/common';
import type { GstDto } from '../../../core/schemas/gst';
import type { ProductCreateBody, ProductDetailDto, ProductUpdateInput, VendorProductDto } from '../../../core/schemas/product';
import type { StockLedgerPage, StockMovementDto } from '../../../core/schemas/stock';
import type { UserDto } from '../../../core/schemas/user';
import { api } from '../../lib/api';

/** Vendors an admin may create a product for (an admin gets whole accounts: the userDto side of vendorsResponse). */
export const fetchVendors = () => api.get<UserDto[]>('users/vendors');

export const fetchMyProducts = (keyword = '') =>
  api.get<VendorProductDto[]>('products/products', { searchParams: keyword.trim() ? { keyword: keyword.trim() } : {} });
export const fetchProduct = (id: string) => api.get<ProductDetailDto>(`products/${encodeURIComponent(id)}`);
/** A product to edit: the catalogue's detail plus the vendor's own SKU and cost price from the vendor's list. */
export async function fetchOwnProduct(id: string): Promise<ProductDetailDto & Partial<Pick<VendorProductDto, 'sku' | 'costPrice'>>> {
  const [detail, mine] = await Promise.all([fetchProduct(id), fetchMyProducts('')]);
  const own = mine.find((p) => p._id === id);
  return own ? { ...detail, sku: own.sku, costPrice: own.costPrice } : detail;
}
/** An admin also names the vendor who sells the product (`vendorId`); a vendor's own id is always used for a vendor. */
export const createProduct = (body: ProductCreateBody) => api.post<VendorProductDto>('products', body);
export const updateProduct = (id: string, body: ProductUpdateInput) =>
  api.put<VendorProductDto>(`products/${encodeURIComponent(id)}`, body);
export const deleteProduct = (id: string) => api.delete<z.infer<typeof messageResponse>>(`products/${encodeURIComponent(id)}`);
export const fetchCategories = () => api.get<CategoryDto[]>('categories');
export const fetchActiveGsts = async () =>
  (await api.get<GstDto[]>('gsts', { searchParams: { active: 'true' } })).filter((g) => g.isActive !== false);
/** The product's last `limit` stock movements, oldest first. */
export const fetchRecentMovements = async (productId: string, limit = 10): Promise<StockMovementDto[]> =>
  (await api.get<StockLedgerPage>('stock/ledger', { searchParams: { productId, limit } })).movements;
