import { z } from 'zod';
import { CATEGORY_LIMITS } from './limits';

/** "a, b ,, c" or ["a", " b", ""] -> ["a", "b"]: trimmed, blanks dropped. */
export function parseSubcategories(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(',');
  return parts.map((s) => s.trim()).filter((s) => s.length > 0);
}

/**
 * The subcategories' Tamil names, "a, , c" or a list, in the order of the English ones: trimmed, a
 * blank keeps its place (that subcategory has no Tamil name), trailing blanks dropped.
 */
export function parseTamilNames(input: string | string[]): string[] {
  const parts = (Array.isArray(input) ? input : input.split(',')).map((s) => s.trim());
  while (parts.length && !parts[parts.length - 1]) parts.pop();
  return parts;
}

const subcategoryList = z
  .union([z.string().max(CATEGORY_LIMITS.subcategories), z.array(z.string().max(100)).max(200)])
  .optional()
  .default([]);

export const categorySchema = z
  .object({
    name: z.string({ error: 'nameRequired' }).trim().min(1, { error: 'nameRequired' }).max(CATEGORY_LIMITS.name, { error: 'tooLong' }),
    /** The Tamil name ('' when none). */
    nameTa: z.string().trim().max(CATEGORY_LIMITS.name, { error: 'tooLong' }).optional().default(''),
    subcategories: subcategoryList.transform(parseSubcategories),
    /** The subcategories' Tamil names, in the same order. */
    subcategoriesTa: subcategoryList.transform(parseTamilNames),
  })
  .superRefine((c, ctx) => {
    if (c.subcategoriesTa.length > c.subcategories.length)
      ctx.addIssue({ code: 'custom', path: ['subcategoriesTa'], message: 'subcategoriesTaTooMany' });
  });
export type CategoryInput = z.infer<typeof categorySchema>;

export const categoryDto = z.object({
  _id: z.string(),
  name: z.string(),
  /** The Tamil name, '' when none: the Tamil interface shows it. */
  nameTa: z.string(),
  /** Subcategory names in their saved order. */
  subcategories: z.array(z.string()),
  /** Their Tamil names in the same order ('' where none). */
  subcategoriesTa: z.array(z.string()),
});
export type CategoryDto = z.infer<typeof categoryDto>;

/** GET /api/products/categories-subcategories: subcategory names by category name. */
export const categorySubcategoryListResponse = z.object({ categorySubcategoryList: z.record(z.string(), z.array(z.string())) });
export const subcategoryNamesResponse = z.object({ subcategories: z.array(z.string()), subcategoriesTa: z.array(z.string()) });
