import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { BARCODE_MAX } from '../../../core/barcode';
import type { CategoryDto } from '../../../core/schemas/category';
import type { GstDto } from '../../../core/schemas/gst';
import type { ProductDto } from '../../../core/schemas/product';
import { categoryNamer } from '../../data/category-names';
import { useLanguage, useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchMyProducts } from './products-api';
import type { ProductForm } from './use-product-form';

const gstLabel = (g: { name: string; rate?: number | null }) =>
  g.name.includes('%') || g.rate === undefined || g.rate === null ? g.name : `${g.name} (${g.rate}%)`;

/** A list's options with the saved value kept in it (a category or GST record no longer offered). */
const withValue = (options: string[], value: string | null) => (value && !options.includes(value) ? [...options, value] : options);

interface Props {
  form: ProductForm;
  isEdit: boolean;
  product?: ProductDto;
  categories: CategoryDto[];
  gsts: GstDto[];
}

/** Category, subcategory (of the category), GST record and barcode. */
export function ProductCatalogFields({ form, isEdit, product, categories, gsts }: Props) {
  const t = useT('vendor-products');
  const { values, set, setValues } = form;
  // the shop's own products (the list page's query): which GST records its products in each category use
  const mineQ = useCachedQuery('vendor-products:', () => fetchMyProducts(''), { persist: false });
  const categoryOptions = withValue(
    categories.map((c) => c.name),
    values.category,
  );
  const subcategoryOptions = withValue(categories.find((c) => c.name === values.category)?.subcategories ?? [], values.subcategory);
  // shown in the interface language; the value stays the English name
  const lang = useLanguage();
  const names = useMemo(() => categoryNamer(categories, lang), [categories, lang]);

  // GST records used by the shop's products in this category come first, most used first
  const usedInCategory = useMemo(() => {
    const counts = new Map<string, number>();
    for (const p of mineQ.data ?? []) if (p.category === values.category && p.gst) counts.set(p.gst, (counts.get(p.gst) ?? 0) + 1);
    return counts;
  }, [mineQ.data, values.category]);
  const gstOptions = useMemo(() => {
    const opts = gsts.map((g) => ({ value: g._id, label: gstLabel(g) }));
    // the product's own record stays choosable when it is no longer active
    if (product?.gst && product.gstName && !opts.some((o) => o.value === product.gst))
      opts.push({ value: product.gst, label: gstLabel({ name: product.gstName, rate: product.gstRate }) });
    const used = opts
      .filter((o) => usedInCategory.has(o.value))
      .sort((a, b) => usedInCategory.get(b.value)! - usedInCategory.get(a.value)!);
    if (!used.length || !values.category) return opts;
    return [
      { group: t('gstUsedIn', { category: values.category }), items: used },
      { group: t('gstOthers'), items: opts.filter((o) => !usedInCategory.has(o.value)) },
    ];
  }, [gsts, product, usedInCategory, values.category, t]);

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Select
        label={t('category')}
        required
        placeholder={t('chooseCategory')}
        data={categoryOptions.map((c) => ({ value: c, label: names.category(c) }))}
        value={values.category}
        onChange={(v) => setValues((f) => ({ ...f, category: v, subcategory: isEdit && v === f.category ? f.subcategory : null }))}
        searchable
        nothingFoundMessage={t('noCategories')}
        error={form.error('category')}
      />
      <Select
        label={t('subcategory')}
        required
        placeholder={values.category ? t('chooseSubcategory') : t('chooseCategoryFirst')}
        data={subcategoryOptions.map((s) => ({ value: s, label: names.subcategory(s) }))}
        value={values.subcategory}
        onChange={(v) => set('subcategory', v)}
        disabled={!values.category}
        searchable
        nothingFoundMessage={t('noSubcategories')}
        error={form.error('subcategory')}
      />
      <Select
        label={t('gst')}
        required
        placeholder={t('chooseGst')}
        description={usedInCategory.size && values.category ? t('gstSuggested') : undefined}
        data={gstOptions}
        value={values.gst}
        onChange={(v) => set('gst', v)}
        searchable
        nothingFoundMessage={t('noGstRecords')}
        error={form.error('gst')}
      />
      <TextInput
        label={t('barcode')}
        description={t('barcodeHint')}
        value={values.barcode}
        onChange={(e) => set('barcode', e.currentTarget.value)}
        maxLength={BARCODE_MAX}
        autoComplete="off"
        error={form.error('barcode')}
        // a scanner ends with Enter: it fills the field, it does not submit the form
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
      />
    </SimpleGrid>
  );
}
