import { CODE } from '../../../../core/message-codes';
import { badRequest } from '../../../lib/errors';
import { type Cell, type Sheet, SheetBuilder } from './sheet';
import { ZipReader } from './zip';

const ENTITY = /&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text with its entities replaced. */
function unxml(s: string): string {
  return s.replace(ENTITY, (_, e: string) => {
    if (e[0] !== '#') return NAMED[e.toLowerCase()];
    const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
}

/** The text of every <t> inside an element (a shared string with rich-text runs has several). */
const textOf = (xml: string) => [...xml.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((m) => unxml(m[1])).join('');

/**
 * Feeds an entry's XML to `onElement` one complete `</tag>` at a time, keeping only the unfinished
 * rest in memory: a 50 MB sheet is never held as one string.
 */
function eachElement(zip: ZipReader, name: string, tag: string, onElement: (xml: string) => void): boolean {
  const decoder = new TextDecoder('utf-8');
  const close = `</${tag}>`;
  let rest = '';
  const flush = () => {
    let end: number;
    while ((end = rest.indexOf(close)) >= 0) {
      onElement(rest.slice(0, end + close.length));
      rest = rest.slice(end + close.length);
    }
  };
  const found = zip.read(name, (chunk) => {
    rest += decoder.decode(chunk, { stream: true });
    flush();
  });
  rest += decoder.decode();
  flush();
  return found;
}

/** "AB12" → 27 (the column's 0-based position). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

/** The worksheet read: the first one by number (a workbook's first sheet is sheet1 unless reordered). */
function firstSheet(zip: ZipReader): string {
  const sheets = zip
    .names()
    .filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  if (!sheets[0]) throw badRequest(CODE.importBadFile);
  return sheets[0];
}

/**
 * The first worksheet of an XLSX as rows of cells: shared and inline strings as text, numbers as
 * numbers. A cell with a formula (<f>) is marked as one (its row's error).
 */
export function parseXlsx(buf: Buffer): Sheet {
  const zip = new ZipReader(buf);
  const shared: string[] = [];
  eachElement(zip, 'xl/sharedStrings.xml', 'si', (xml) => shared.push(textOf(xml)));
  const sheet = new SheetBuilder();
  let next = 1;
  const found = eachElement(zip, firstSheet(zip), 'row', (xml) => {
    const open = xml.lastIndexOf('<row');
    if (open < 0) return;
    const rowAttrs = /^<row\b([^>]*)>/.exec(xml.slice(open))?.[1] ?? '';
    const at = Number(attr(rowAttrs, 'r')) || next;
    next = at + 1;
    const cells: Cell[] = [];
    const formulas: number[] = [];
    let col = 0;
    for (const m of xml.slice(open).matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const [, attrs, inner = ''] = m;
      const ref = attr(attrs, 'r');
      if (ref) col = columnIndex(ref);
      if (/<f\b/.test(inner)) formulas.push(col);
      const type = attr(attrs, 't');
      const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      let cell: Cell = null;
      if (type === 's') cell = v === undefined ? null : (shared[Number(v)] ?? null);
      else if (type === 'inlineStr') cell = textOf(inner);
      else if (v !== undefined) cell = type === undefined || type === 'n' ? Number(v) : unxml(v);
      if (typeof cell === 'number' && !Number.isFinite(cell)) cell = null;
      if (cell === '') cell = null;
      cells[col] = cell;
      col++;
    }
    for (let i = 0; i < cells.length; i++) cells[i] ??= null;
    sheet.add(at, cells, formulas);
  });
  if (!found) throw badRequest(CODE.importBadFile);
  return sheet.build();
}
