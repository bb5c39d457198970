/** CSV for spreadsheets: UTF-8 with a byte order mark (Excel then reads Tamil right), formulas defused. */
export const CSV_BOM = '\uFEFF';

/** One CSV field: quoted when needed; a text starting with = + - @ (or a tab or CR) is defused so spreadsheets don't run it. */
function csvField(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV row of fields. */
export const csvRow = (cells: Array<string | number>) => cells.map(csvField).join(',');

/** The separator of a CSV text's first line: comma, semicolon (Excel in some locales) or tab, whichever it has most of. */
export function csvDelimiterOf(text: string): string {
  const line = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, line.split(d).length] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}
