/**
 * The columns of a product import or export file (server/services/catalog/product-import/, the import page):
 * each column's key, its English header as the export writes it, and the other headers an import
 * accepts for it, English and Tamil. Headers are compared by `headerKey`: case, spaces and
 * punctuation are ignored, and so is the order of the columns.
 */
export const PRODUCT_COLUMNS = [
  { key: 'id', header: 'id', aliases: ['product id', 'பொருள் எண்'] },
  { key: 'name', header: 'Name', aliases: ['product name', 'item name', 'item', 'பெயர்', 'பொருள் பெயர்', 'பொருள்'] },
  { key: 'tamilName', header: 'Tamil name', aliases: ['tamil', 'name tamil', 'தமிழ் பெயர்', 'தமிழ்'] },
  { key: 'category', header: 'Category', aliases: ['வகை'] },
  { key: 'subcategory', header: 'Subcategory', aliases: ['sub category', 'துணை வகை', 'உட்பிரிவு'] },
  { key: 'unit', header: 'Unit', aliases: ['uom', 'அலகு'] },
  { key: 'mrp', header: 'MRP', aliases: ['price', 'mrp price', 'max retail price', 'விலை', 'அதிகபட்ச சில்லறை விலை'] },
  {
    key: 'sellingPrice',
    header: 'Selling price',
    aliases: ['shop price', 'sale price', 'sales price', 'விற்பனை விலை', 'கடை விலை'],
  },
  { key: 'discount', header: 'Discount', aliases: ['discount amount', 'தள்ளுபடி'] },
  { key: 'gstRate', header: 'GST rate', aliases: ['gst', 'gst %', 'tax rate', 'ஜிஎஸ்டி', 'ஜிஎஸ்டி விகிதம்', 'வரி'] },
  { key: 'hsn', header: 'HSN', aliases: ['hsn code', 'hsn/sac', 'எச்எஸ்என்'] },
  { key: 'barcode', header: 'Barcode', aliases: ['ean', 'bar code', 'பார்கோடு'] },
  { key: 'sku', header: 'SKU', aliases: ['item code', 'product code', 'code', 'குறியீடு'] },
  { key: 'stock', header: 'Stock', aliases: ['quantity', 'qty', 'count in stock', 'opening stock', 'இருப்பு'] },
  { key: 'reorderLevel', header: 'Reorder level', aliases: ['reorder', 'min stock', 'மறு ஆர்டர் அளவு', 'குறைந்தபட்ச இருப்பு'] },
  { key: 'costPrice', header: 'Cost price', aliases: ['purchase price', 'cost', 'அடக்க விலை', 'கொள்முதல் விலை'] },
  { key: 'description', header: 'Description', aliases: ['details', 'விவரம்', 'விளக்கம்'] },
] as const;

export type ProductColumnKey = (typeof PRODUCT_COLUMNS)[number]['key'];

/** Columns a file must have (a product cannot be made without them). */
export const REQUIRED_COLUMNS: readonly ProductColumnKey[] = ['name', 'category', 'subcategory', 'mrp', 'sellingPrice', 'gstRate'];

/**
 * A header as compared: lower case, without spaces, punctuation or symbols. Tamil letters and their
 * vowel signs are kept (\p{M}), so "விற்பனை விலை" and "விற்பனைவிலை" match.
 */
export const headerKey = (header: string): string =>
  header
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '');

const BY_HEADER = new Map<string, ProductColumnKey>(
  PRODUCT_COLUMNS.flatMap((c) => [c.key, c.header, ...c.aliases].map((h) => [headerKey(h), c.key] as const)),
);

/** The column a file's header names, or undefined for a column the import does not know (ignored). */
export const columnOf = (header: string): ProductColumnKey | undefined => BY_HEADER.get(headerKey(header));

/** The English headers in the export's order. */
export const EXPORT_HEADERS: readonly string[] = PRODUCT_COLUMNS.map((c) => c.header);
