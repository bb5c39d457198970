import { z } from 'zod';

/** "a, b ,, c" or ["a", " b", ""] -> ["a", "b"]: trimmed, blanks dropped (SPEC §5). */
export function parseSubcategories(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(',');
  return parts.map((s) => s.trim()).filter((s) => s.length > 0);
}

export const categorySchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(100),
  subcategories: z
    .union([z.string().max(5000), z.array(z.string().max(100)).max(200)])
    .optional()
    .default([])
    .transform(parseSubcategories),
});
export type CategoryInput = z.infer<typeof categorySchema>;

export const categoryNameParams = z.object({ name: z.string().min(1).max(200) });

export interface CategoryDto {
  _id: string;
  name: string;
  /** Subcategory names in their saved order. */
  subcategories: string[];
}
