import { PRODUCT_COLUMNS, type ProductColumnKey } from '../../../../core/product-columns';
import { type OutCell, toCsv } from './write-files';

/**
 * The template's example rows: products of the marketplace's own catalogue (categories, subcategories,
 * GST rates and HSN codes of server/db/seed-catalog.ts), so the file imports as it is and shows a
 * piece item, a loose item sold by weight and a 0% rate. No id: each row is a new product.
 */
const EXAMPLES: Partial<Record<ProductColumnKey, OutCell>>[] = [
  {
    name: 'Ponni Rice 5 kg',
    tamilName: 'பொன்னி அரிசி 5 கிலோ',
    category: 'Groceries',
    subcategory: 'Rice & Grains',
    unit: 'pcs',
    mrp: 450,
    sellingPrice: 420,
    discount: 0,
    gstRate: 5,
    hsn: '1006',
    sku: 'RICE-PONNI-5',
    stock: 20,
    reorderLevel: 5,
    costPrice: 380,
    description: 'Aged ponni rice',
  },
  {
    name: 'Toor Dal (loose)',
    tamilName: 'துவரம் பருப்பு',
    category: 'Groceries',
    subcategory: 'Dals & Pulses',
    unit: 'kg',
    mrp: 160,
    sellingPrice: 150,
    discount: 0,
    gstRate: 0,
    hsn: '0713',
    sku: 'DAL-TOOR',
    stock: 12.5,
    reorderLevel: 5,
    costPrice: 135,
  },
  {
    name: 'Sambar Powder 100 g',
    tamilName: 'சாம்பார் பொடி 100 கி',
    category: 'Groceries',
    subcategory: 'Masalas & Spices',
    unit: 'pcs',
    mrp: 60,
    sellingPrice: 55,
    discount: 0,
    gstRate: 5,
    hsn: '0910',
    sku: 'SPICE-SAMBAR-100',
    stock: 30,
    reorderLevel: 10,
    costPrice: 45,
  },
];

/** The import template: every column but id, in the export's order, with the example rows. */
export function templateCsv(): Buffer {
  const cols = PRODUCT_COLUMNS.filter((c) => c.key !== 'id');
  return toCsv(
    cols.map((c) => c.header),
    EXAMPLES.map((e) => cols.map((c) => e[c.key] ?? null)),
  );
}
