import { PRODUCT_COLUMNS } from '../../../core/product-columns';
import type { ProductImportResult } from '../../../core/schemas/product-import';
import { http, toApiError } from '../../lib/api';
import { downloadBlob, downloadText } from '../../lib/download';

/** POST /api/products/import: a dry run checks and previews, otherwise the rows are saved. */
export async function importProducts(file: File, opts: { dryRun?: boolean; skipInvalid?: boolean }): Promise<ProductImportResult> {
  const body = new FormData();
  body.append('file', file);
  const searchParams: Record<string, string> = {};
  if (opts.dryRun) searchParams.dryRun = 'true';
  if (opts.skipInvalid) searchParams.skipInvalid = 'true';
  try {
    // a big file takes a while to check on a slow phone connection
    return await http.post('products/import', { body, searchParams, timeout: 180_000 }).json<ProductImportResult>();
  } catch (err) {
    throw await toApiError(err);
  }
}

/** GET /api/products/export as a download. */
export async function downloadExport(format: 'csv' | 'xlsx') {
  try {
    const blob = await http.get('products/export', { searchParams: { format }, timeout: 120_000 }).blob();
    downloadBlob(`products-${new Date().toISOString().slice(0, 10)}.${format}`, blob);
  } catch (err) {
    throw await toApiError(err);
  }
}

const EXAMPLE: Record<string, string> = {
  name: 'Ponni Rice 5 kg',
  tamilName: 'பொன்னி அரிசி 5 கிலோ',
  category: 'Groceries',
  subcategory: 'Rice',
  unit: 'pcs',
  mrp: '450',
  sellingPrice: '420',
  discount: '0',
  gstRate: '5',
  hsn: '1006',
  barcode: '',
  sku: 'RICE-5',
  stock: '20',
  reorderLevel: '5',
  costPrice: '380',
  description: 'Aged ponni rice',
};

/** The template: the import's headers (no id: every row is a new product) and one example row. */
export function downloadTemplate() {
  const cols = PRODUCT_COLUMNS.filter((c) => c.key !== 'id');
  const text = `\uFEFF${cols.map((c) => c.header).join(',')}\r\n${cols.map((c) => EXAMPLE[c.key] ?? '').join(',')}\r\n`;
  downloadText('products-template.csv', text, 'text/csv;charset=utf-8');
}
