import { CODE } from '../../../core/message-codes';
import { IMPORT_LIMITS } from '../../../core/schemas/product-import';
import { badRequest } from '../../lib/errors';

/** A cell as a file gives it: text, or a number (an XLSX numeric cell); null when empty. */
export type Cell = string | number | null;

/** One data row: its number (1 = the first row after the header) and its cells by column position. */
export interface SheetRow {
  row: number;
  cells: Cell[];
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

/** A file's rows beyond the limit are refused before any is checked. */
export function assertRowCount(count: number): void {
  if (count > IMPORT_LIMITS.rows) throw badRequest(CODE.importTooManyRows, { max: IMPORT_LIMITS.rows });
}

/** Collects rows under the first non-empty row (the header); row numbers count from the header. */
export class SheetBuilder {
  private header: string[] | undefined;
  private headerAt = 0;
  private readonly rows: SheetRow[] = [];

  /**
   * `textFormulas`: a text cell that looks like a formula is one (CSV, where a spreadsheet would run it);
   * `unescape` then undoes the export's escape of such a text.
   */
  constructor(private readonly csv?: { unescape: (text: string) => string }) {}

  /** `at` is the row's position in the file (1-based). */
  add(at: number, cells: Cell[]): void {
    const empty = cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));
    if (!this.header) {
      if (empty) return;
      this.header = cells.map((c) => (c === null ? '' : String(c)));
      this.headerAt = at;
      return;
    }
    if (empty) return;
    const row = at - this.headerAt;
    assertRowCount(row);
    if (this.csv) {
      for (let i = 0; i < cells.length; i++) {
        const c = cells[i];
        if (typeof c !== 'string') continue;
        if (isFormulaText(c)) this.formula(row, i);
        cells[i] = this.csv.unescape(c);
      }
    }
    this.rows.push({ row, cells });
  }

  /** Refuses the file: the cell at data row `row`, column position `index`, holds a formula. */
  formula(row: number, index: number): never {
    throw badRequest(CODE.importFormula, { row, column: this.header?.[index] || String(index + 1) });
  }

  /** The data row number of the file's row `at`, before it is added (for refusing a formula cell). */
  rowAt(at: number): number {
    return at - this.headerAt;
  }

  build(): Sheet {
    if (!this.header || this.rows.length === 0) throw badRequest(CODE.importNoRows);
    return { header: this.header, rows: this.rows };
  }
}
