import { toPaise } from '../../../core/money';
import { tamilSearchKey } from '../../../core/transliterate';
import { quantityText } from '../../../core/units';
import { productUnit, type ProductUpdateInput } from '../../../core/schemas/product';

/** The ids a product's names resolve to (category, subcategory, GST record). */
export interface ProductRefs {
  categoryId: string;
  subcategoryId: string;
  gstId: string;
}

/**
 * A checked product's fields as products columns: the one mapping the product form and the import
 * share. Barcode, SKU and cost price left out (undefined) are left out here too, so the row keeps them.
 * `tamilKey`: the key of this Tamil name when the caller has it already (an import's stored product).
 */
export function productValues(input: ProductUpdateInput, refs: ProductRefs, tamilKey = tamilSearchKey(input.Tamil)) {
  return {
    name: input.name,
    tamil: input.Tamil,
    // Tamil typed in English letters finds the product by this (migration 009)
    tamil_key: tamilKey,
    description: input.description,
    price_paise: toPaise(input.price),
    shop_price_paise: toPaise(input.shopPrice),
    is_free: input.isFree,
    discount_paise: toPaise(input.discount ?? 0),
    count_in_stock: quantityText(input.countInStock),
    unit: productUnit(input),
    reorder_level: input.reOrderLevel,
    category_id: refs.categoryId,
    subcategory_id: refs.subcategoryId,
    gst_id: refs.gstId,
    ...(input.barcode !== undefined ? { barcode: input.barcode } : {}),
    ...(input.sku !== undefined ? { sku: input.sku } : {}),
    ...(input.tracksBatches !== undefined ? { tracks_batches: input.tracksBatches } : {}),
    ...(input.costPrice !== undefined ? { cost_price_paise: input.costPrice === null ? null : toPaise(input.costPrice) } : {}),
  };
}
