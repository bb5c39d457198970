import { z } from 'zod';
import { CATEGORY_LIMITS } from './limits';

/** "a, b ,, c" or ["a", " b", ""] -> ["a", "b"]: trimmed, blanks dropped. */
export function parseSubcategories(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(',');
  return parts.map((s) => s.trim()).filter((s) => s.length > 0);
}

export const categorySchema = z.object({
  name: z.string({ error: 'nameRequired' }).trim().min(1, { error: 'nameRequired' }).max(CATEGORY_LIMITS.name, { error: 'tooLong' }),
  subcategories: z
    .union([z.string().max(CATEGORY_LIMITS.subcategories), z.array(z.string().max(100)).max(200)])
    .optional()
    .default([])
    .transform(parseSubcategories),
});
export type CategoryInput = z.infer<typeof categorySchema>;

export const categoryDto = z.object({
  _id: z.string(),
  name: z.string(),
  /** Subcategory names in their saved order. */
  subcategories: z.array(z.string()),
});
export type CategoryDto = z.infer<typeof categoryDto>;

/** GET /api/products/categories-subcategories: subcategory names by category name. */
export const categorySubcategoryListResponse = z.object({ categorySubcategoryList: z.record(z.string(), z.array(z.string())) });
export const subcategoryNamesResponse = z.object({ subcategories: z.array(z.string()) });
