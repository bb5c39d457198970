import type { CategoryDto } from '../../../core/schemas/category';
import type { ProductDetailDto, ProductDto, ReviewDto } from '../../../core/schemas/product';
import { api } from '../../lib/api';
import { fetchWithCache } from '../../lib/use-cached-query';

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

// Reads go through this device's saved copy (issue 6): offline, what was seen last shows, with its time.
export const catalogApi = {
  categories: () => fetchWithCache('catalog:categories', () => api.get<Category[]>('categories')),
  subcategories: (category: string) =>
    fetchWithCache(`catalog:subcategories:${category}`, () =>
      api.get<{ subcategories: string[] }>(`categories/${encodeURIComponent(category)}/subcategories`),
    ),
  bySubcategory: (subcategory: string, page: number, f: ListFilters) => {
    const searchParams = params({ page, limit: PAGE_SIZE, minPrice: f.minPrice, maxPrice: f.maxPrice, inStock: f.inStock, sort: f.sort });
    return fetchWithCache(`catalog:subcategory:${subcategory}?${searchParams}`, () =>
      api.get<{ products: Product[]; totalCount: number; page: number; pages: number }>(`products/subcategory/${encodeURIComponent(subcategory)}`, { searchParams }),
    );
  },
  search: (q: { keyword: string; minPrice: number | ''; maxPrice: number | ''; sort: Sort; pageNumber: number }) => {
    const searchParams = params({ ...q, keyword: q.keyword.trim(), pageSize: PAGE_SIZE });
    return fetchWithCache(`catalog:search?${searchParams}`, () =>
      api.get<{ products: Product[]; page: number; pages: number; total: number }>('products/search', { searchParams }),
    );
  },
  product: (id: string) => fetchWithCache(`catalog:product:${id}`, () => api.get<ProductDetail>(`products/${encodeURIComponent(id)}`)),
  review: (id: string, body: { rating: number; comment: string }) =>
    api.post<{ message?: string }>(`products/${encodeURIComponent(id)}/reviews`, body),
};
