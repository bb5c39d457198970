import type { BatchDto } from '../../../core/schemas/batch';
import type { ProductDetailDto, ProductDto } from '../../../core/schemas/product';
import type {
  StockAdjustmentInput,
  StockAdjustmentResult,
  StockCountInput,
  StockCountResult,
  StockMovementDto,
} from '../../../core/schemas/stock';
import { api } from '../../lib/api';

/** The products a count may find: the vendor's own (an admin's: all). */
export const fetchCountableProducts = () => api.get<ProductDto[]>('products/products');
export const fetchProduct = (id: string) => api.get<ProductDetailDto>(`products/${encodeURIComponent(id)}`);
export const fetchLedger = (productId: string) => api.get<StockMovementDto[]>('stock/ledger', { searchParams: { productId } });
/** A product's batches (an adjustment may name one). */
export const fetchBatches = (productId: string) => api.get<BatchDto[]>('stock/batches', { searchParams: { productId } });
export const postAdjustment = (body: StockAdjustmentInput) => api.post<StockAdjustmentResult>('stock/adjustments', body);
export const postCount = (body: StockCountInput) => api.post<StockCountResult>('stock/counts', body);
