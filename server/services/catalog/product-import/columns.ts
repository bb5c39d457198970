import { CODE } from '../../../../core/message-codes';
import { columnOf, PRODUCT_COLUMNS, type ProductColumnKey, REQUIRED_COLUMNS } from '../../../../core/product-columns';
import { badRequest } from '../../../lib/errors';
import type { Cell, Sheet } from './sheet';

/** A row's non-empty cells by column key (text trimmed; numbers of an XLSX stay numbers). */
export type RawRow = Partial<Record<ProductColumnKey, string | number>>;

/**
 * Where each known column is in the file (unknown headers are ignored; a repeated header's first
 * one counts). A file without a required column is refused as a whole.
 */
export function columnPositions(header: readonly string[]): Map<ProductColumnKey, number> {
  const at = new Map<ProductColumnKey, number>();
  header.forEach((h, i) => {
    const key = columnOf(h);
    if (key && !at.has(key)) at.set(key, i);
  });
  const missing = REQUIRED_COLUMNS.filter((k) => !at.has(k));
  if (missing.length) {
    const names = missing.map((k) => PRODUCT_COLUMNS.find((c) => c.key === k)!.header).join(', ');
    throw badRequest(CODE.importMissingColumns, { columns: names });
  }
  return at;
}

function cellValue(c: Cell | undefined): string | number | undefined {
  if (c === null || c === undefined) return undefined;
  if (typeof c === 'number') return c;
  const t = c.trim();
  return t === '' ? undefined : t;
}

/**
 * Each data row as its known columns, and the known columns whose cell holds a formula (a formula
 * in a column the import ignores is ignored with it).
 */
export function rawRows(sheet: Sheet): { row: number; raw: RawRow; formulas: ProductColumnKey[] }[] {
  const at = columnPositions(sheet.header);
  return sheet.rows.map(({ row, cells, formulas }) => {
    const raw: RawRow = {};
    const formulaKeys: ProductColumnKey[] = [];
    for (const [key, i] of at) {
      if (formulas.includes(i)) {
        formulaKeys.push(key);
        continue;
      }
      const v = cellValue(cells[i]);
      if (v !== undefined) raw[key] = v;
    }
    return { row, raw, formulas: formulaKeys };
  });
}
