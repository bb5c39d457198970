import { datedFileName } from '../../../core/dates';
import type { ProductImportResult } from '../../../core/schemas/product-import';
import { http, toApiError } from '../../lib/api';
import { downloadBlob } from '../../lib/download';

/**
 * POST /api/products/import: a dry run checks and previews, otherwise the rows are saved. setStock:
 * the file's Stock column sets existing products' stock too (else it only gives new ones theirs).
 */
export async function importProducts(
  file: File,
  opts: { dryRun?: boolean; skipInvalid?: boolean; setStock?: boolean },
): Promise<ProductImportResult> {
  const body = new FormData();
  body.append('file', file);
  const searchParams: Record<string, string> = {};
  if (opts.dryRun) searchParams.dryRun = 'true';
  if (opts.skipInvalid) searchParams.skipInvalid = 'true';
  if (opts.setStock) searchParams.setStock = 'true';
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
    downloadBlob(datedFileName('products', format), blob);
  } catch (err) {
    throw await toApiError(err);
  }
}

/** GET /api/products/import/template: the columns and example rows, as a download. */
export async function downloadTemplate() {
  try {
    const blob = await http.get('products/import/template', { timeout: 60_000 }).blob();
    downloadBlob('products-template.csv', blob);
  } catch (err) {
    throw await toApiError(err);
  }
}
