import { csvDelimiterOf } from '../../../../core/csv';
import { CODE } from '../../../../core/message-codes';
import { parse } from 'csv-parse/sync';
import { IMPORT_LIMITS } from '../../../../core/schemas/product-import';
import { badRequest } from '../../../lib/errors';
import { type Sheet, SheetBuilder } from './sheet';

/** The export's escape of a text that looks like a formula: an apostrophe before it (OWASP). */
const ESCAPED = /^'(?=[=+\-@\t\r])/;

/**
 * A CSV file (UTF-8, with or without BOM) as rows of text cells. Text that is not UTF-8, or holds NUL
 * characters, is not a CSV (a binary file): refused. Parsing stops past the row limit.
 */
export function parseCsv(buf: Buffer): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw badRequest(CODE.importBadType);
  }
  if (text.includes('\0')) throw badRequest(CODE.importBadType);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: csvDelimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      // the header, the limit, and one more to know the file is over it
      to: IMPORT_LIMITS.rows + 2,
    });
  } catch {
    throw badRequest(CODE.importBadFile);
  }
  const sheet = new SheetBuilder({ unescape: (c) => c.replace(ESCAPED, '') });
  records.forEach((cells, i) =>
    sheet.add(
      i + 1,
      cells.map((c) => (c === '' ? null : c)),
    ),
  );
  return sheet.build();
}
