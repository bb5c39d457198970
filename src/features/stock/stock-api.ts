import type { BatchDto } from '../../../core/schemas/batch';
import type { ProductDetailDto, ProductDto } from '../../../core/schemas/product';
import type {
  StockAdjustmentInput,
  StockAdjustmentResult,
  StockCountInput,
  StockCountResult,
  StockLedgerPage,
} from '../../../core/schemas/stock';
import { api } from '../../lib/api';

/** The products a count may find: the vendor's own (an admin's: all). */
export const fetchCountableProducts = () => api.get<ProductDto[]>('products/products');
export const fetchProduct = (id: string) => api.get<ProductDetailDto>(`products/${encodeURIComponent(id)}`);
/** A page of the product's ledger: the newest movements, or with `before` (a page's `older`) the ones before them. */
export const fetchLedger = (productId: string, before?: number) =>
  api.get<StockLedgerPage>('stock/ledger', { searchParams: before === undefined ? { productId } : { productId, before } });
/** A product's batches (an adjustment may name one). */
export const fetchBatches = (productId: string) => api.get<BatchDto[]>('stock/batches', { searchParams: { productId } });
export const postAdjustment = (body: StockAdjustmentInput) => api.post<StockAdjustmentResult>('stock/adjustments', body);
export const postCount = (body: StockCountInput) => api.post<StockCountResult>('stock/counts', body);
