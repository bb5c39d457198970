import { strToU8, Zip, ZipDeflate } from 'fflate';
import { isFormulaText } from './sheet';

/** An export cell: text stays text, numbers stay numbers; null is empty. */
export type OutCell = string | number | null;

/**
 * A text cell made safe for a spreadsheet (OWASP CSV injection): a text that would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) gets an apostrophe before it, which the
 * import removes again. Numbers are never changed, so -5 stays a number.
 */
export function safeText(text: string): string {
  return isFormulaText(text) || /^[\t\r]/.test(text) ? `'${text}` : text;
}

const csvCell = (c: OutCell): string => {
  if (c === null) return '';
  if (typeof c === 'number') return String(c);
  const t = safeText(c);
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

/** CSV in UTF-8 with a BOM (so Excel reads Tamil right), CRLF line ends. */
export function toCsv(header: readonly string[], rows: OutCell[][]): Buffer {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(','));
  return Buffer.from('\uFEFF' + lines.join('\r\n') + '\r\n', 'utf8');
}

const xml = (s: string) =>
  s
    // characters XML 1.0 cannot hold
    // eslint-disable-next-line no-control-regex -- removing exactly these characters
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function xlsxRow(cells: readonly OutCell[], r: number): string {
  const out = cells.map((c, i) => {
    const ref = `${columnName(i)}${r}`;
    if (c === null) return '';
    if (typeof c === 'number') return `<c r="${ref}"><v>${c}</v></c>`;
    return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(c)}</t></is></c>`;
  });
  return `<row r="${r}">${out.join('')}</row>`;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** Rows of the sheet turned into XML and compressed at a time: the sheet's whole text never exists at once. */
const SHEET_SLICE = 500;

/**
 * A one-sheet XLSX (inline strings, no styles): what Excel, LibreOffice and Google Sheets open. Written as a
 * stream of zip entries, the sheet a slice of rows at a time, so a 20,000-product export holds its compressed
 * bytes and one slice's text, not the sheet's 40 MB of XML and its UTF-8 copy besides.
 */
export function toXlsx(header: readonly string[], rows: OutCell[][]): Buffer {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  // ZipDeflate compresses synchronously: every chunk arrives here before push() returns
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else out.push(chunk);
  });
  const entry = (name: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    return file;
  };
  for (const [name, text] of [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['xl/workbook.xml', WORKBOOK],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
  ])
    entry(name).push(strToU8(text), true);
  const sheet = entry('xl/worksheets/sheet1.xml');
  sheet.push(
    strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        xlsxRow(header, 1),
    ),
  );
  for (let i = 0; i < rows.length; i += SHEET_SLICE)
    sheet.push(
      strToU8(
        rows
          .slice(i, i + SHEET_SLICE)
          .map((r, j) => xlsxRow(r, i + j + 2))
          .join(''),
      ),
    );
  sheet.push(strToU8('</sheetData></worksheet>'), true);
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(out);
}
