import { CODE } from '../../../../core/message-codes';
import { IMPORT_LIMITS } from '../../../../core/schemas/product-import';
import { badRequest } from '../../../lib/errors';

/** A cell as a file gives it: text, or a number (an XLSX numeric cell); null when empty. */
export type Cell = string | number | null;

/** One data row: the spreadsheet's own row number (the header is row 1), its cells by column position. */
export interface SheetRow {
  row: number;
  cells: Cell[];
  /** Positions of the cells that hold a formula (an error of the row, see columns.ts). */
  formulas: number[];
}

/** A parsed file: the header's texts and the data rows (wholly empty rows left out). */
export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

/** A number as a spreadsheet cell may hold it: "-5", "+3", "1.5". */
const SIGNED_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * True when a text cell would run as a formula in a spreadsheet (OWASP CSV injection): it starts with
 * "=", "@", or with "+" or "-" and is not a plain number ("-5" is a number, "-2+3" or "+A1" is not).
 */
export function isFormulaText(text: string): boolean {
  const t = text.trimStart();
  if (t.startsWith('=') || t.startsWith('@')) return true;
  return (t.startsWith('+') || t.startsWith('-')) && !SIGNED_NUMBER.test(t.trim());
}

/** A column's letters as a spreadsheet shows them: 0 → "A", 27 → "AB". */
function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A file's rows beyond the limit are refused before any is checked. */
export function assertRowCount(count: number): void {
  if (count > IMPORT_LIMITS.rows) throw badRequest(CODE.importTooManyRows, { max: IMPORT_LIMITS.rows });
}

/**
 * Collects rows under the first non-empty row (the header). Rows keep the file's own numbers, as the
 * spreadsheet shows them. A formula cell in the header (XLSX) refuses the file; in a data row it is
 * that row's error.
 */
export class SheetBuilder {
  private header: string[] | undefined;
  private headerAt = 0;
  private readonly rows: SheetRow[] = [];

  /**
   * `csv`: a text cell that looks like a formula is one (CSV, where a spreadsheet would run it);
   * `unescape` then undoes the export's escape of such a text.
   */
  constructor(private readonly csv?: { unescape: (text: string) => string }) {}

  /** `at` is the row's position in the file (1-based); `formulas`, the positions of its formula cells (XLSX). */
  add(at: number, cells: Cell[], formulas: number[] = []): void {
    const empty = formulas.length === 0 && cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));
    if (empty) return;
    if (!this.header) {
      // an XLSX header cell that is a formula (a CSV header's texts only name columns)
      if (formulas.length) throw badRequest(CODE.importFormula, { row: at, column: columnLetter(formulas[0]) });
      this.header = cells.map((c) => (c === null ? '' : String(c)));
      this.headerAt = at;
      return;
    }
    assertRowCount(at - this.headerAt);
    if (this.csv) {
      for (let i = 0; i < cells.length; i++) {
        const c = cells[i];
        if (typeof c !== 'string') continue;
        if (isFormulaText(c)) formulas.push(i);
        else cells[i] = this.csv.unescape(c);
      }
    }
    this.rows.push({ row: at, cells, formulas });
  }

  build(): Sheet {
    if (!this.header || this.rows.length === 0) throw badRequest(CODE.importNoRows);
    return { header: this.header, rows: this.rows };
  }
}
