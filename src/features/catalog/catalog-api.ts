import type { CategoryDto } from '../../../core/schemas/category';
import type { ProductDetailDto, ProductDto, ReviewDto } from '../../../core/schemas/product';
import { api } from '../../lib/api';

export type Category = CategoryDto;
export type Product = ProductDto;
export type Review = ReviewDto;
export type ProductDetail = ProductDetailDto;

export type Sort = '' | 'lowToHigh' | 'highToLow' | 'newest' | 'rating';

export interface ListFilters {
  minPrice: number | '';
  maxPrice: number | '';
  inStock: boolean;
  sort: Sort;
}

export const PAGE_SIZE = 10;

/** Only the filled-in values travel as query parameters. */
const params = (o: Record<string, string | number | boolean | undefined | ''>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== '' && v !== false) p.set(k, String(v));
  return p;
};

export const catalogApi = {
  categories: () => api.get<Category[]>('categories'),
  subcategories: (category: string) =>
    api.get<{ subcategories: string[] }>(`categories/${encodeURIComponent(category)}/subcategories`),
  bySubcategory: (subcategory: string, page: number, f: ListFilters) =>
    api.get<{ products: Product[]; totalCount: number; page: number; pages: number }>(
      `products/subcategory/${encodeURIComponent(subcategory)}`,
      { searchParams: params({ page, limit: PAGE_SIZE, minPrice: f.minPrice, maxPrice: f.maxPrice, inStock: f.inStock, sort: f.sort }) },
    ),
  search: (q: { keyword: string; minPrice: number | ''; maxPrice: number | ''; sort: Sort; pageNumber: number }) =>
    api.get<{ products: Product[]; page: number; pages: number; total: number }>('products/search', {
      searchParams: params({ ...q, keyword: q.keyword.trim(), pageSize: PAGE_SIZE }),
    }),
  product: (id: string) => api.get<ProductDetail>(`products/${encodeURIComponent(id)}`),
  review: (id: string, body: { rating: number; comment: string }) =>
    api.post<{ message?: string }>(`products/${encodeURIComponent(id)}/reviews`, body),
};
