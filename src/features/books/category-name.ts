import type { ExpenseCategoryDto } from '../../../core/schemas/expense';
import type { Lang } from '../../lib/language';

/** A category's name in the interface language: its Tamil name in Tamil when it has one. */
export const categoryName = (c: Pick<ExpenseCategoryDto, 'name' | 'nameTa'>, lang: Lang): string =>
  lang === 'ta' && c.nameTa ? c.nameTa : c.name;
