/**
 * In-store codes for products that came without a barcode: EAN-13 numbers of the GS1
 * restricted-circulation range (prefix 2), which no manufacturer's product carries, so the counter's
 * scanner reads them like any other EAN-13 and they never clash with a packet's own code. The second
 * digit is 0: prefixes 21 to 29 are what weighing scales print with a price or weight inside.
 */
import { gtinCheckDigit } from './barcode';

export const STORE_CODE_PREFIX = '20';
const RANDOM_DIGITS = 13 - STORE_CODE_PREFIX.length - 1;

/** Random digits from the platform's crypto source (browser and Node 20 alike). */
function cryptoDigits(n: number): string {
  const bytes = new Uint32Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => String(b % 10)).join('');
}

/** A new in-store code: '20', 10 random digits and the EAN-13 check digit. */
export function newStoreCode(digits: (n: number) => string = cryptoDigits): string {
  const body = STORE_CODE_PREFIX + digits(RANDOM_DIGITS);
  return body + String(gtinCheckDigit(body));
}

/** True for a valid EAN-13 (13 digits, right check digit). */
export const isEan13 = (code: string): boolean => /^\d{13}$/.test(code) && gtinCheckDigit(code.slice(0, 12)) === Number(code[12]);

/** True for an in-store code this shop could have given: a valid EAN-13 starting with 2. */
export const isStoreCode = (code: string): boolean => isEan13(code) && code.startsWith('2');
