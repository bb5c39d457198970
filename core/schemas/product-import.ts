import { z } from 'zod';
import { idSchema } from './common';

/** "true" / "false" in a query string (anything else is refused). */
const queryFlag = z.preprocess(
  (v) => (v === undefined || v === '' ? false : v === 'true' || v === true ? true : v === 'false' || v === false ? false : v),
  z.boolean({ error: 'mustBeTrueOrFalse' }),
);

/** POST /api/products/import?dryRun=&skipInvalid=&vendorId= (vendorId: an admin imports for that vendor). */
export const productImportQuery = z.object({
  /** Check and preview only: nothing is saved. */
  dryRun: queryFlag,
  /** Save the valid rows and report the others (without it, a file with any error saves nothing). */
  skipInvalid: queryFlag,
  vendorId: idSchema.optional(),
});
export type ProductImportQuery = z.infer<typeof productImportQuery>;

/** One problem of one row: the row counts from 1 after the header; column is the column key ('' for the whole row). */
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
