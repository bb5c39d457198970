import { sql } from 'kysely';
import { barcodeError } from '../../../core/barcode';

/**
 * A keyword that may be a scanned or typed barcode: one run without spaces holding a digit, in the
 * barcode format (a GTIN with its right check digit, or a shop's code). Only such keywords cost the
 * barcode read; words ("rice", "ponni rice") never do.
 */
export const mayBeBarcode = (keyword: string): boolean => /\d/.test(keyword) && barcodeError(keyword) === undefined;

/**
 * The products (p) whose own barcode or one of whose packs' barcodes is exactly the keyword (a bag's
 * code finds its rice). Both read through the barcode indexes of migration 052.
 */
export const barcodeMatch = (code: string) =>
  sql<boolean>`(p.barcode = ${code} OR p.id IN (SELECT pk.product_id FROM product_packs pk WHERE pk.barcode = ${code}))`;
