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

type ListPage = { products: Product[]; totalCount: number; page: number; pages: number };
type SearchPage = { products: Product[]; page: number; pages: number; total: number };
type SearchQuery = { keyword: string; minPrice: number | ''; maxPrice: number | ''; sort: Sort; pageNumber: number };

const listParams = (page: number, f: ListFilters) => params({ page, limit: PAGE_SIZE, minPrice: f.minPrice, maxPrice: f.maxPrice, inStock: f.inStock, sort: f.sort });
const searchParamsOf = (q: SearchQuery) => params({ ...q, keyword: q.keyword.trim(), pageSize: PAGE_SIZE });

/**
 * The names the screens' answers are saved under on this device (per user), for useCachedQuery:
 * the screen draws the saved copy at once (offline too), then what the network answers.
 */
export const catalogKeys = {
  categories: 'catalog:categories',
  subcategories: (category: string) => `catalog:subcategories:${category}`,
  bySubcategory: (subcategory: string, page: number, f: ListFilters) => `catalog:subcategory:${subcategory}?${listParams(page, f)}`,
  search: (q: SearchQuery) => `catalog:search?${searchParamsOf(q)}`,
  product: (id: string) => `catalog:product:${id}`,
};

/** Straight from the network (useCachedQuery saves and falls back on its own). */
export const catalogFetch = {
  categories: () => api.get<Category[]>('categories'),
  subcategories: (category: string) => api.get<{ subcategories: string[] }>(`categories/${encodeURIComponent(category)}/subcategories`),
  bySubcategory: (subcategory: string, page: number, f: ListFilters) =>
    api.get<ListPage>(`products/subcategory/${encodeURIComponent(subcategory)}`, { searchParams: listParams(page, f) }),
  search: (q: SearchQuery) => api.get<SearchPage>('products/search', { searchParams: searchParamsOf(q) }),
  product: (id: string) => api.get<ProductDetail>(`products/${encodeURIComponent(id)}`),
};

export const catalogApi = {
  // Load More pages (a click, not a screen's query) go through this device's saved copy too: offline, what was seen last shows, with its time.
  bySubcategory: (subcategory: string, page: number, f: ListFilters) =>
    fetchWithCache(catalogKeys.bySubcategory(subcategory, page, f), () => catalogFetch.bySubcategory(subcategory, page, f)),
  review: (id: string, body: { rating: number; comment: string }) =>
    api.post<{ message?: string }>(`products/${encodeURIComponent(id)}/reviews`, body),
};
