import { z } from 'zod';
import { idSchema } from './common';

/** "true" / "false" in a query string (anything else is refused). */
const queryFlag = z.preprocess(
  (v) => (v === undefined || v === '' ? false : v === 'true' || v === true ? true : v === 'false' || v === false ? false : v),
  z.boolean({ error: 'mustBeTrueOrFalse' }),
);

/** POST /api/products/import?dryRun=&skipInvalid=&setStock=&vendorId= (vendorId: an admin imports for that vendor). */
export const productImportQuery = z.object({
  /** Check and preview only: nothing is saved. */
  dryRun: queryFlag.describe('true: check the file and answer what saving would do; nothing is saved'),
  /** Save the valid rows and report the others (without it, a file with any error saves nothing). */
  skipInvalid: queryFlag.describe('true: save the valid rows and skip the others (without it, a file with any error saves nothing)'),
  /**
   * Set the stock of existing products from the file's Stock column, each difference a `count`
   * adjustment referenced by the file's name. Without it that column is ignored for existing
   * products (a new product always takes its opening stock from the file).
   */
  setStock: queryFlag.describe(
    "true: set existing products' stock from the file's Stock column (each difference a count adjustment in the stock ledger, referenced by the file name); by default that column is ignored for existing products",
  ),
  vendorId: idSchema.optional(),
});
export type ProductImportQuery = z.infer<typeof productImportQuery>;

/** One problem of one row: the spreadsheet's own row number (the header is row 1); column is the column key ('' for the whole row). */
export const importRowError = z.object({
  row: z.number(),
  column: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** A row as the server understood it (money in rupees; '' where the file left a cell empty). */
export const importPreviewRow = z.object({
  row: z.number(),
  /** What saving the row does. */
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  id: z.string(),
  name: z.string(),
  tamilName: z.string(),
  category: z.string(),
  subcategory: z.string(),
  unit: z.string(),
  mrp: z.number().nullable(),
  sellingPrice: z.number().nullable(),
  stock: z.number().nullable(),
  gstRate: z.number().nullable(),
  barcode: z.string(),
  sku: z.string(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

/** The columns whose change the preview lists (the file's column keys). */
const IMPORT_CHANGE_FIELDS = [
  'name',
  'tamilName',
  'category',
  'subcategory',
  'unit',
  'mrp',
  'sellingPrice',
  'discount',
  'gstRate',
  'hsn',
  'barcode',
  'sku',
  'stock',
  'reorderLevel',
  'costPrice',
  'description',
] as const;

/** One field an import changes on an existing product: its stored value and the file's (money in rupees). */
export const importFieldChange = z.object({
  field: z.enum(IMPORT_CHANGE_FIELDS),
  before: z.union([z.string(), z.number()]).nullable(),
  after: z.union([z.string(), z.number()]).nullable(),
});
export type ImportFieldChange = z.infer<typeof importFieldChange>;

/** An existing product the import changes: its row, id, name (as it will be) and every changed field. */
export const importChange = z.object({
  row: z.number(),
  id: z.string(),
  name: z.string(),
  fields: z.array(importFieldChange),
});
export type ImportChange = z.infer<typeof importChange>;

/** A row named in the result: the product it is about, by row number and name. */
export const importNamedRow = z.object({
  row: z.number(),
  name: z.string(),
  /** What the row does: a new product or an update (skipped rows: 'error'). */
  action: z.enum(['create', 'update', 'error']),
});
export type ImportNamedRow = z.infer<typeof importNamedRow>;

/** The answer of an import (and of its dry run: the counts say what saving would do). */
export const productImportResult = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** Rows with errors (with skipInvalid they were left out; without it nothing was saved). */
  invalid: z.number(),
  /** True when the rows were written (not a dry run, and no error or skipInvalid). */
  saved: z.boolean(),
  errors: z.array(importRowError),
  /** The first 20 rows. */
  preview: z.array(importPreviewRow),
  /** Every existing product the rows change (all of them, not only the first rows), field by field. */
  changes: z.array(importChange),
  /** The rows written (or, in a dry run, that would be): new products and updates; none when the file is refused. */
  imported: z.array(importNamedRow),
  /** The rows with errors, left out (with skipInvalid) or holding the file back (without it). */
  skipped: z.array(importNamedRow),
});
export type ProductImportResult = z.infer<typeof productImportResult>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** GET /api/products/export?format=csv|xlsx&vendorId= (vendorId: an admin's choice; admin without it: all). */
export const productExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  vendorId: idSchema.optional(),
});

/** The export's bytes: a CSV (UTF-8 with BOM) or an XLSX file, sent as an attachment. */
export const exportFileResponse = z.any().describe('The products file: text/csv or an XLSX workbook');

/** The import's limits (the server refuses a file beyond them; the page tells them). */
export const IMPORT_LIMITS = {
  bytes: 10 * 1024 * 1024,
  rows: 20_000,
  /** What an XLSX may unpack to. */
  unpackedBytes: 50 * 1024 * 1024,
  preview: 20,
} as const;
