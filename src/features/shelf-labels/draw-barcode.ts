/**
 * Draws a barcode into an SVG with JsBarcode's encoders and SVG renderer, taken from the library's ES
 * module sources (its published entry is CommonJS, whose interop helpers would become a chunk of the
 * app's entry): EAN-13 for a valid EAN-13, else Code 128. Loaded only by the labels page.
 */
import CODE128 from 'jsbarcode/src/barcodes/CODE128/CODE128_AUTO.js';
import EAN13 from 'jsbarcode/src/barcodes/EAN_UPC/EAN13.js';
import fixOptions from 'jsbarcode/src/help/fixOptions.js';
import linearizeEncodings from 'jsbarcode/src/help/linearizeEncodings.js';
import merge from 'jsbarcode/src/help/merge.js';
import defaults from 'jsbarcode/src/options/defaults.js';
import SVGRenderer from 'jsbarcode/src/renderers/svg.js';

export type BarcodeOptions = Partial<typeof defaults>;

/** Draws `code` into `svg`; answers the symbology used. */
export function drawBarcode(svg: SVGSVGElement, code: string, options: BarcodeOptions): 'EAN13' | 'CODE128' {
  const opts = fixOptions(merge(defaults, options));
  const ean = /^\d{13}$/.test(code) ? new EAN13(code, opts) : null;
  const encoder = ean?.valid() ? ean : new CODE128(code, opts);
  if (!encoder.valid()) throw new Error(`cannot draw ${code}`);
  const encodings = linearizeEncodings(encoder.encode()).map((e) => ({ ...e, options: fixOptions(merge(opts, e.options)) }));
  new SVGRenderer(svg, encodings, opts).render();
  return encoder === ean ? 'EAN13' : 'CODE128';
}
