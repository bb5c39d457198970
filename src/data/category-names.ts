import { useMemo } from 'react';
import type { CategoryDto } from '../../core/schemas/category';
import { api } from '../lib/api';
import type { Lang } from '../lib/language';
import { useLanguage } from '../lib/i18n';
import { useCachedQuery } from './use-cached-query';

/** The categories screen saves its list under this name too: one copy on the device serves both. */
const CATEGORIES_KEY = 'catalog:categories';

export interface CategoryNames {
  /** A category's name in the interface language (its English name when it has no Tamil one). */
  category: (name: string) => string;
  /** A subcategory's name in the interface language. */
  subcategory: (name: string) => string;
}

const key = (name: string) => name.trim().toLowerCase();

/** Names in the language from the category list (links and filters keep using the English names). */
export function categoryNamer(categories: readonly CategoryDto[] | null | undefined, lang: Lang): CategoryNames {
  if (lang !== 'ta' || !categories) return { category: (n) => n, subcategory: (n) => n };
  const cats = new Map<string, string>();
  const subs = new Map<string, string>();
  for (const c of categories) {
    if (c.nameTa) cats.set(key(c.name), c.nameTa);
    c.subcategories.forEach((s, i) => {
      const ta = c.subcategoriesTa?.[i];
      if (ta) subs.set(key(s), ta);
    });
  }
  return { category: (n) => cats.get(key(n)) || n, subcategory: (n) => subs.get(key(n)) || n };
}

/**
 * Category and subcategory names in the interface language, for menus, chips, breadcrumbs and pickers.
 * The English interface needs no list; the Tamil one reads the categories (saved on the device).
 */
export function useCategoryNames(): CategoryNames {
  const lang = useLanguage();
  const q = useCachedQuery(lang === 'ta' ? CATEGORIES_KEY : null, () => api.get<CategoryDto[]>('categories'));
  return useMemo(() => categoryNamer(q.data, lang), [q.data, lang]);
}
