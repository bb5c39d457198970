import type { PriceListDto, SchemeDto } from '../../core/schemas/pricing';
import { api } from '../lib/api';

/**
 * The shop's price lists and schemes (core/pricing.ts) as the counter and the pricing pages reach them. Both are
 * saved on the device under these names (use-cached-query), so the counter prices offline with the same engine
 * as the server.
 */
export const PRICE_LISTS = 'price-lists';
export const SCHEMES = 'schemes';

/** GET /api/price-lists: the shop's lists with their rules. */
export const fetchPriceLists = () => api.get<PriceListDto[]>('price-lists');
/** GET /api/schemes: the shop's schemes, ended ones too (the engine skips them). */
export const fetchSchemes = () => api.get<SchemeDto[]>('schemes');
