import type { ProductDto } from '../../../core/schemas/product';

/** The shop's products and their categories as select options (the categories the shop sells in). */
export function productOptions(products: readonly ProductDto[] | undefined) {
  const list = products ?? [];
  const byCategory = new Map<string, string>();
  for (const p of list) if (p.categoryId) byCategory.set(p.categoryId, p.category);
  return {
    products: list.map((p) => ({ value: p._id, label: p.name })),
    categories: [...byCategory].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)),
  };
}
