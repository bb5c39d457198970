import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { lineIsText, PAPER, type PaperWidth, type ReceiptDoc } from './receipt-doc';
import type { LineRasterizer } from './rasterizer';

/** A label and an amount on one line of `columns` characters: the amount right-aligned, the label cut if it must. */
export function padPair(left: string, right: string, columns: number): string {
  const room = Math.max(0, columns - right.length - 1);
  const l = left.length > room ? left.slice(0, room) : left;
  return l + ' '.repeat(columns - l.length - right.length) + right;
}

/** The ESC/POS bytes that only open the cash drawer wired to the printer: initialise (ESC @) and kick (ESC p). */
export const encodeDrawerKick = (): Uint8Array => new ReceiptPrinterEncoder({ language: 'esc-pos' }).initialize().pulse().encode();

/**
 * The ESC/POS bytes of a receipt: initialise (ESC @), each line as text when the printer can print it,
 * else as a raster image (GS v 0) the roll's width, a cut (GS V) and, for a cash sale when the shop
 * chose it, the drawer kick (ESC p).
 */
export function encodeReceipt(doc: ReceiptDoc, paper: PaperWidth, rasterizer: LineRasterizer): Uint8Array {
  const { dots, columns } = PAPER[paper];
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, imageMode: 'raster', feedBeforeCut: 4 });
  e.initialize();
  for (const line of doc.lines) {
    if (line.kind === 'rule') {
      e.line('-'.repeat(columns));
    } else if (lineIsText(line)) {
      e.align(line.kind === 'text' ? (line.align ?? 'left') : 'left');
      if (line.bold) e.bold(true);
      if (line.kind === 'text' && line.big) e.size(2, 2);
      e.line(line.kind === 'text' ? line.text : padPair(line.left, line.right, columns));
      if (line.kind === 'text' && line.big) e.size(1, 1);
      if (line.bold) e.bold(false);
      e.align('left');
    } else {
      const bmp = rasterizer.draw(line, dots);
      // a plain object: the encoder reads { data, width, height } in any environment
      e.image({ data: bmp.data, width: bmp.width, height: bmp.height }, bmp.width, bmp.height, 'threshold');
    }
  }
  e.cut();
  if (doc.openDrawer) e.pulse();
  return e.encode();
}
