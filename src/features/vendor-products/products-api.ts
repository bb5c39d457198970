import { api } from '../../lib/api';

/** A product as GET /api/products/:id and /api/products/products return it. */
export interface VendorProduct {
  _id: string;
  name: string;
  Tamil: string;
  description: string;
  price: number;
  shopPrice: number;
  discount: number;
  discountPercent?: number;
  countInStock: number;
  reOrderLevel: number;
  category: string;
  subcategory: string;
  categoryId?: string | null;
  subcategoryId?: string | null;
  gst: string | null;
  gstName?: string | null;
  gstRate?: number | null;
  images: string[];
  image?: string | null;
  isActive: boolean;
  rating: number;
  numReviews: number;
  vendorId: string;
  vendorName?: string;
}

export interface Category {
  _id: string;
  name: string;
  subcategories: string[];
}

export interface GstOption {
  _id: string;
  name: string;
  rate: number;
  isActive: boolean;
}

export interface ProductBody {
  name: string;
  Tamil: string;
  description: string;
  price: number;
  shopPrice: number;
  countInStock: number;
  reOrderLevel: number;
  category: string;
  subcategory: string;
  discount?: number;
  gst: string;
  images?: string[];
  isActive?: boolean;
  /** Admins only: the vendor who sells the product. */
  vendorId?: string;
}

/** Vendors an admin may create a product for. */
export const fetchVendors = () => api.get<Array<{ _id: string; name: string; vendorDetails?: { shopName?: string } }>>('users/vendors');

export const fetchMyProducts = (keyword = '') =>
  api.get<VendorProduct[]>('products/products', { searchParams: keyword.trim() ? { keyword: keyword.trim() } : {} });
export const fetchProduct = (id: string) => api.get<VendorProduct>(`products/${encodeURIComponent(id)}`);
export const createProduct = (body: ProductBody) => api.post<VendorProduct>('products', body);
export const updateProduct = (id: string, body: ProductBody) => api.put<VendorProduct>(`products/${encodeURIComponent(id)}`, body);
export const deleteProduct = (id: string) => api.delete<{ message: string }>(`products/${encodeURIComponent(id)}`);
export const fetchCategories = () => api.get<Category[]>('categories');
export const fetchActiveGsts = async () =>
  (await api.get<GstOption[]>('gsts', { searchParams: { active: 'true' } })).filter((g) => g.isActive !== false);
