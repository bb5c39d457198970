/**
 * Product barcodes. A code of 8, 12 or 13 digits is an EAN-8, UPC-A or EAN-13 and must carry the
 * right check digit (a misread or mistyped digit is caught at once). Anything else is the shop's own
 * code: 1 to 32 printable characters without spaces (what a label printer or a hand-made sticker holds).
 * A barcode is unique among one vendor's products.
 */
export const BARCODE_MAX = 32;
const GTIN_LENGTHS = new Set([8, 12, 13]);
const SHOP_CODE = /^[\x21-\x7E]{1,32}$/;

/** The GS1 check digit of the digits before it: weights 3 and 1 from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = body.charCodeAt(body.length - 1 - i) - 48;
    sum += d * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 8, 12 or 13 digits (EAN-8, UPC-A, EAN-13). */
export const isGtin = (code: string): boolean => /^\d+$/.test(code) && GTIN_LENGTHS.has(code.length);

/** Why a barcode is refused (a message code), or undefined when it may be saved. */
export function barcodeError(code: string): 'barcodeFormat' | 'barcodeCheckDigit' | undefined {
  if (!SHOP_CODE.test(code)) return 'barcodeFormat';
  if (isGtin(code) && gtinCheckDigit(code.slice(0, -1)) !== Number(code[code.length - 1])) return 'barcodeCheckDigit';
  return undefined;
}

/** A typed or scanned code as stored and compared: trimmed; a UPC-A read as EAN-13 with a leading 0 stays as read. */
export const normalizeBarcode = (code: string): string => code.trim();
