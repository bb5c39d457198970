import { parse } from 'csv-parse/sync';
import { csvDelimiterOf } from '../../../core/csv';
import { CODE } from '../../../core/message-codes';
import { STATEMENT_LIMITS } from '../../../core/schemas/payment';
import { statementColumns } from '../../../core/statement-line';
import { badRequest } from '../../lib/errors';

/** A statement's line as its cells are, trimmed (payer null when the file has no such column or leaves it empty). */
export interface StatementCells {
  /** The line's number in the file (the header is line 1). */
  line: number;
  utr: string;
  amount: string;
  time: string;
  payer: string | null;
}

/** A cell kept in an answer is cut: a file's cell may be anything. */
const CELL_MAX = 100;
const cell = (cells: string[], i: number | undefined) => (i === undefined ? '' : (cells[i] ?? '').trim().slice(0, CELL_MAX));

/**
 * A settlement statement's CSV (UTF-8, with or without BOM; comma, semicolon or tab) as its lines' cells.
 * Refused whole, with nothing stored (400): text that is not UTF-8 or holds NUL (not a CSV), a file the
 * parser cannot read, a first line without the columns utr, amount and time, no lines under it, or more
 * lines than STATEMENT_LIMITS.lines.
 */
export function parseStatement(buf: Buffer): StatementCells[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw badRequest(CODE.statementBadType);
  }
  if (text.includes('\0')) throw badRequest(CODE.statementBadType);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // with `info` each record comes with where it ends in the file (the typings know only plain records)
    records = parse(text, {
      delimiter: csvDelimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      // the header, the limit, and one more to know the file is over it
      to: STATEMENT_LIMITS.lines + 2,
    }) as unknown as typeof records;
  } catch {
    throw badRequest(CODE.statementBadFile);
  }
  const [header, ...rest] = records;
  const { at, missing } = statementColumns(header?.record ?? []);
  if (missing.length) throw badRequest(CODE.statementMissingColumns, { columns: missing.join(', ') });
  if (!rest.length) throw badRequest(CODE.statementNoLines);
  if (rest.length > STATEMENT_LIMITS.lines) throw badRequest(CODE.statementTooManyLines, { max: STATEMENT_LIMITS.lines });
  return rest.map(({ record, info }) => ({
    line: info.lines,
    utr: cell(record, at.utr),
    amount: cell(record, at.amount),
    time: cell(record, at.time),
    payer: cell(record, at.payer) || null,
  }));
}
