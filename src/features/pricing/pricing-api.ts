import type { z } from 'zod';
import type { messageResponse } from '../../../core/schemas/common';
import type { PriceListDto, PriceListInput, SchemeDto, SchemeInput, TillDifferenceDto } from '../../../core/schemas/pricing';
import type { ProductDto } from '../../../core/schemas/product';
import { api } from '../../lib/api';

/** The shop's products (the rules and schemes name them; their categories come with them). */
export const fetchPricingProducts = () => api.get<ProductDto[]>('products/products');

export const createPriceList = (body: PriceListInput) => api.post<PriceListDto>('price-lists', body);
export const updatePriceList = (id: string, body: PriceListInput) => api.put<PriceListDto>(`price-lists/${encodeURIComponent(id)}`, body);
export const deletePriceList = (id: string) => api.delete<z.infer<typeof messageResponse>>(`price-lists/${encodeURIComponent(id)}`);

export const createScheme = (body: SchemeInput) => api.post<SchemeDto>('schemes', body);
export const updateScheme = (id: string, body: SchemeInput) => api.put<SchemeDto>(`schemes/${encodeURIComponent(id)}`, body);
/** DELETE /api/schemes/:id ends the scheme now. */
export const endScheme = (id: string) => api.delete<SchemeDto>(`schemes/${encodeURIComponent(id)}`);

/** GET /api/sales/till-differences: offline sales that kept their till's total. */
export const fetchTillDifferences = () => api.get<TillDifferenceDto[]>('sales/till-differences');
