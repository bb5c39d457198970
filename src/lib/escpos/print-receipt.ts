import { canvasRasterizer, tamilFontLoaded } from './canvas-rasterizer';
import { encodeDrawerKick, encodeReceipt } from './encode-receipt';
import { readPrinterSettings } from './printer-settings';
import type { ReceiptDoc } from './receipt-doc';
import { PrinterError, printerGranted, sendToPrinter } from './transport';

/**
 * Prints a receipt on this device's printer (its settings: connection, paper, cash drawer). Loaded
 * only when printing is used (a dynamic import), with the encoder. Throws PrinterError (transport.ts).
 */
export async function printReceipt(doc: ReceiptDoc): Promise<void> {
  const s = readPrinterSettings();
  if (!(await printerGranted(s.connection))) throw new PrinterError('noPrinter');
  await tamilFontLoaded();
  const bytes = encodeReceipt({ ...doc, openDrawer: doc.openDrawer && s.drawer }, s.paper, canvasRasterizer);
  await sendToPrinter(s.connection, bytes);
}

/** Opens the cash drawer wired to this device's printer, with no receipt; throws PrinterError('noPrinter') without one set up for it. */
export async function kickDrawer(): Promise<void> {
  const s = readPrinterSettings();
  if (!s.drawer || !(await printerGranted(s.connection))) throw new PrinterError('noPrinter');
  await sendToPrinter(s.connection, encodeDrawerKick());
}
