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
