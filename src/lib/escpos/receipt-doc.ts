/**
 * A receipt as a thermal printer prints it: a list of lines, each a text (left, centred) or a pair
 * (a label on the left, an amount on the right), or a rule. Plain data, so the bill can be laid out
 * in Node (unit tests) and in the browser alike. src/lib/escpos/encode-receipt.ts turns it into bytes.
 */
export type ReceiptLine =
  | { kind: 'text'; text: string; align?: 'left' | 'center'; bold?: boolean; big?: boolean }
  | { kind: 'pair'; left: string; right: string; bold?: boolean }
  | { kind: 'rule' };

export interface ReceiptDoc {
  lines: ReceiptLine[];
  /** Open the cash drawer (ESC p) after the receipt: a cash sale in a shop that chose it. */
  openDrawer: boolean;
}

/** Roll widths: the printable dots (203 dpi heads) and the characters of font A (12 dots) per line. */
export type PaperWidth = '58mm' | '80mm';
export const PAPER: Record<PaperWidth, { dots: number; columns: number }> = {
  '58mm': { dots: 384, columns: 32 },
  '80mm': { dots: 576, columns: 48 },
};

/**
 * Whether a line can go to the printer as text: printable ASCII only. Anything else (Tamil, the ₹
 * sign, ×, −, ·) is not in the printers' codepages (or not in the same one on every model), so the
 * whole line is drawn as an image: one line stays one picture and its label and amount keep their
 * places, rather than a text part and an image part that could not share a line.
 */
export const isPrintableText = (s: string): boolean => /^[\x20-\x7e]*$/.test(s);

export const lineIsText = (l: ReceiptLine): boolean =>
  l.kind === 'rule' || (l.kind === 'text' ? isPrintableText(l.text) : isPrintableText(l.left) && isPrintableText(l.right));
