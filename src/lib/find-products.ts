import type { CounterProductDto } from '../../core/schemas/counter-catalog';
import { productIndex, searchIndex } from './product-index';

const MAX_MATCHES = 8;

/**
 * Products matching what was typed: the exact barcode (or pack barcode) or name first, then names
 * (English or Tamil, or Tamil typed in English letters) holding every word or codes starting with it.
 * Searches the list's index (src/lib/product-index.ts), built once per list.
 */
export function findProducts<P extends CounterProductDto>(products: P[], query: string): P[] {
  // the index holds the list's own products: its matches are of the list's type
  return searchIndex(productIndex(products), query, MAX_MATCHES) as P[];
}

/** Starts building a list's search index before the first keystroke needs it. */
export function prepareFind(products: CounterProductDto[]): void {
  productIndex(products);
}
