import type { ProductDto } from '../../core/schemas/product';

const MAX_MATCHES = 8;

/** Products matching what was typed: the exact barcode or name first, then names (English or Tamil) holding every word or codes starting with it. */
export function findProducts(products: ProductDto[], query: string): ProductDto[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const exact = products.filter((p) => (p.barcode && p.barcode.toLowerCase() === q) || p.name.toLowerCase() === q);
  const words = q.split(/\s+/);
  const named = products.filter(
    (p) =>
      !exact.includes(p) && (words.every((w) => `${p.name} ${p.Tamil}`.toLowerCase().includes(w)) || p.barcode.toLowerCase().startsWith(q)),
  );
  return [...exact, ...named].slice(0, MAX_MATCHES);
}
