import { CODE } from '../../../../core/message-codes';
import { toRupees } from '../../../../core/money';
import { EXPORT_HEADERS } from '../../../../core/product-columns';
import {
  type ImportChange,
  type ImportNamedRow,
  type ImportPreviewRow,
  IMPORT_LIMITS,
  type ProductImportQuery,
} from '../../../../core/schemas/product-import';
import type { Db } from '../../../db';
import { badRequest } from '../../../lib/errors';
import type { AuthUser } from '../../accounts/auth.service';
import type { ProductsService } from '../products.service';
import { productsJoined } from '../product-dto';
import { setStockContext } from '../../stock/stock-context';
import { insertProducts, mergeSearchPending, updateProducts } from './apply';
import { auditImportPrices } from '../product-audit';
import { rawRows } from './columns';
import { foreignIds, loadContext } from './context';
import { parseCsv } from './parse-csv';
import { parseXlsx } from './parse-xlsx';
import type { Sheet } from './sheet';
import { FileKeys, type Plan, planRow, type RowError } from './validate';
import { templateCsv } from './template';
import { type OutCell, toCsv, toXlsx } from './write-files';
import { isAdmin, sellerScope } from '../../../security/access';

const ZIP_MAGIC = 0x04034b50;
/** An old binary Excel file (.xls, OLE2): not read, the page asks for .xlsx. */
const OLE_MAGIC = 0xe011cfd0;

/** A file's rows: an XLSX by its zip signature, anything else must be UTF-8 CSV text. */
function parseFile(buf: Buffer): Sheet {
  if (buf.length >= 4 && buf.readUInt32LE(0) === ZIP_MAGIC) return parseXlsx(buf);
  if (buf.length >= 4 && buf.readUInt32LE(0) === OLE_MAGIC) throw badRequest(CODE.importBadType);
  return parseCsv(buf);
}

export interface ImportFile {
  name: string;
  data: Buffer;
}

/** Bulk products: import a CSV or XLSX into the seller's catalogue, export it in the same columns. */
export class ProductImportService {
  constructor(
    private readonly db: Db,
    private readonly products: ProductsService,
  ) {}

  /**
   * Checks every row, then (unless a dry run) writes the valid ones in one transaction: all of them
   * when no row has an error, or with skipInvalid the valid ones only. Without skipInvalid a file with
   * any error writes nothing. New products take their opening stock from the file (a ledger line of
   * kind 'import'); existing ones keep their stock unless `setStock`, when each difference is a
   * 'count' adjustment. Both lines name the file.
   */
  async import(user: AuthUser, file: ImportFile, query: ProductImportQuery) {
    if (file.data.length > IMPORT_LIMITS.bytes) throw badRequest(CODE.importTooLarge);
    const rows = rawRows(parseFile(file.data));
    const vendorId = await this.products.sellerFor(user, query.vendorId);
    const result = await this.db.transaction().execute(async (trx) => {
      const ids = rows.flatMap(({ raw }) => (raw.id === undefined ? [] : [String(raw.id).toLowerCase()]));
      const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id));
      if (await foreignIds(trx, uuids, vendorId)) throw badRequest(CODE.importNotYours);
      const ctx = await loadContext(trx, vendorId);
      const keys = new FileKeys();
      const errors: RowError[] = [];
      const plans: Plan[] = [];
      const preview: ImportPreviewRow[] = [];
      const changes: ImportChange[] = [];
      const named: ImportNamedRow[] = [];
      const skipped: ImportNamedRow[] = [];
      for (const { row, raw, formulas } of rows) {
        const r = planRow(ctx, keys, row, raw, formulas, { setStock: query.setStock });
        errors.push(...r.errors);
        if (r.plan) plans.push(r.plan);
        if (r.change) changes.push(r.change);
        if (preview.length < IMPORT_LIMITS.preview) preview.push(r.preview);
        if (!r.plan) skipped.push({ row, name: r.preview.name, action: 'error' });
        else if (r.plan.action !== 'unchanged') named.push({ row, name: r.preview.name, action: r.plan.action });
      }
      const invalid = rows.length - plans.length;
      const save = !query.dryRun && (invalid === 0 || query.skipInvalid);
      const creates = plans.flatMap((p) => (p.action === 'create' ? [p.values] : []));
      const updates = plans.flatMap((p) => (p.action === 'update' ? [{ id: p.id, values: p.values, setStock: p.setStock }] : []));
      if (save && creates.length) {
        await setStockContext(trx, { kind: 'import', ref: file.name, by: user.id });
        await insertProducts(trx, vendorId, creates);
      }
      if (save && updates.length) {
        // only rows of an import that sets stock change it: each difference is a shelf count's line
        await setStockContext(trx, { kind: 'adjustment', reason: 'count', ref: file.name, by: user.id });
        await updateProducts(trx, updates);
        // prices changed by a file: one row of the shop's audit for the whole import
        await auditImportPrices(trx, user, vendorId, file.name, changes);
      }
      // a file that saves nothing says what it would do; a refused one (errors, no skipInvalid) counts 0
      const counted = query.dryRun || save;
      return {
        created: counted ? creates.length : 0,
        updated: counted ? updates.length : 0,
        unchanged: counted ? plans.length - creates.length - updates.length : 0,
        invalid,
        saved: save,
        errors,
        preview,
        changes,
        imported: counted ? named : [],
        skipped,
      };
    });
    // after the commit, so the rows are not held locked meanwhile
    if (result.saved && result.created + result.updated > 0) await mergeSearchPending(this.db);
    return result;
  }

  /** The import template: the columns and example rows that import into the marketplace's catalogue. */
  template(): Buffer {
    return templateCsv();
  }

  /** The seller's products (admin: all, or one vendor's) in the import's columns, headers in English. */
  async export(user: AuthUser, format: 'csv' | 'xlsx', vendorId?: string) {
    let q = productsJoined(this.db).select([
      'p.id',
      'p.name',
      'p.tamil',
      'c.name as category',
      's.name as subcategory',
      'p.unit',
      'p.price_paise',
      'p.shop_price_paise',
      'p.discount_paise',
      'g.rate',
      'g.hsn_code',
      'p.barcode',
      'p.sku',
      'p.count_in_stock',
      'p.reorder_level',
      'p.cost_price_paise',
      'p.description',
    ]);
    const own = sellerScope(user) ?? (isAdmin(user) ? vendorId : undefined);
    if (own) q = q.where('p.vendor_id', '=', own);
    const rows = await q.orderBy('p.created_at').orderBy('p.id').execute();
    const cells: OutCell[][] = rows.map((r) => [
      r.id,
      r.name,
      r.tamil || null,
      r.category,
      r.subcategory,
      r.unit,
      toRupees(Number(r.price_paise)),
      toRupees(Number(r.shop_price_paise)),
      toRupees(Number(r.discount_paise)),
      r.rate == null ? null : Number(r.rate),
      r.hsn_code || null,
      r.barcode,
      r.sku,
      Number(r.count_in_stock),
      r.reorder_level,
      r.cost_price_paise == null ? null : toRupees(Number(r.cost_price_paise)),
      r.description || null,
    ]);
    return format === 'xlsx' ? toXlsx(EXPORT_HEADERS, cells) : toCsv(EXPORT_HEADERS, cells);
  }
}
