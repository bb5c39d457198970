import type { ReceiptLine } from './receipt-doc';

/** A black-and-white picture as RGBA pixels (what canvas getImageData answers). */
export interface Bitmap {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * Draws one receipt line that the printer cannot print as text, `width` dots wide (the roll's
 * printable width). The browser draws on a canvas in Noto Sans Tamil (src/lib/escpos/canvas-rasterizer.ts);
 * a unit test gives a fake that answers a known bitmap.
 */
export interface LineRasterizer {
  draw(line: Exclude<ReceiptLine, { kind: 'rule' }>, width: number): Bitmap;
}
