import type { z } from 'zod';
import type { CategoryDto, subcategoryNamesResponse } from '../../../core/schemas/category';
import type {
  ProductDetailDto,
  reviewResultResponse,
  reviewSchema,
  SearchResponse,
  SORTS,
  SubcategoryProductsResponse,
} from '../../../core/schemas/product';
import { api } from '../../lib/api';
import { fetchWithCache } from '../../data/use-cached-query';
import { customerArea } from './delivery-area';

/** The sort chosen in the filters; '' is the server's default order. */
export type Sort = '' | (typeof SORTS)[number];

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

const areaParams = () => params({ area: customerArea() });

/** The search form's values, as the URL keeps them. */
type SearchQuery = { keyword: string; minPrice: number | ''; maxPrice: number | ''; sort: Sort; pageNumber: number };

const listParams = (page: number, f: ListFilters) =>
  params({ page, limit: PAGE_SIZE, minPrice: f.minPrice, maxPrice: f.maxPrice, inStock: f.inStock, sort: f.sort, area: customerArea() });
const searchParamsOf = (q: SearchQuery) => params({ ...q, keyword: q.keyword.trim(), pageSize: PAGE_SIZE, area: customerArea() });

/**
 * The names the screens' answers are saved under on this device (per user), for useCachedQuery:
 * the screen draws the saved copy at once (offline too), then what the network answers.
 */
export const catalogKeys = {
  categories: 'catalog:categories',
  subcategories: (category: string) => `catalog:subcategories:${category}`,
  bySubcategory: (subcategory: string, page: number, f: ListFilters) => `catalog:subcategory:${subcategory}?${listParams(page, f)}`,
  search: (q: SearchQuery) => `catalog:search?${searchParamsOf(q)}`,
  product: (id: string) => `catalog:product:${id}?${areaParams()}`,
};

/** Straight from the network (useCachedQuery saves and falls back on its own). */
export const catalogFetch = {
  categories: () => api.get<CategoryDto[]>('categories'),
  subcategories: (category: string) =>
    api.get<z.infer<typeof subcategoryNamesResponse>>(`categories/${encodeURIComponent(category)}/subcategories`),
  bySubcategory: (subcategory: string, page: number, f: ListFilters) =>
    api.get<SubcategoryProductsResponse>(`products/subcategory/${encodeURIComponent(subcategory)}`, { searchParams: listParams(page, f) }),
  search: (q: SearchQuery) => api.get<SearchResponse>('products/search', { searchParams: searchParamsOf(q) }),
  product: (id: string) => api.get<ProductDetailDto>(`products/${encodeURIComponent(id)}`, { searchParams: areaParams() }),
  /** The product whatever the customer's area (to say that it is not delivered there). */
  productAnywhere: (id: string) => api.get<ProductDetailDto>(`products/${encodeURIComponent(id)}`),
};

export const catalogApi = {
  // Load More pages (a click, not a screen's query) go through this device's saved copy too: offline, what was seen last shows, with its time.
  bySubcategory: (subcategory: string, page: number, f: ListFilters) =>
    fetchWithCache(catalogKeys.bySubcategory(subcategory, page, f), () => catalogFetch.bySubcategory(subcategory, page, f)),
  review: (id: string, body: z.input<typeof reviewSchema>) =>
    api.post<z.infer<typeof reviewResultResponse>>(`products/${encodeURIComponent(id)}/reviews`, body),
};
