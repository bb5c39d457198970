/**
 * GSTIN (GST identification number) rules: 15 characters - the state code (2 digits), the holder's
 * PAN (5 letters, 4 digits, 1 letter), the registration number within the state (1-9 or A-Z), `Z`,
 * and a check character computed from the first 14 (base 36, weights 1 and 2 alternating, the
 * digits of each product summed in base 36). Shops here are in Tamil Nadu: state code 33.
 */
export const TAMIL_NADU_STATE_CODE = '33';

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export type GstinProblem = 'format' | 'state' | 'check';
/** A GSTIN problem's message code. */
export const gstinProblemCode = (p: GstinProblem) => (({ format: 'gstinFormat', state: 'gstinState', check: 'gstinCheck' }) as const)[p];

/** The check character of the first 14 characters of a GSTIN (upper case). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36];
}

/** Upper case, spaces removed: how a GSTIN is compared and saved. */
export const normalizeGstin = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** What is wrong with a GSTIN (already normalized), or null when it is valid. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!SHAPE.test(gstin)) return 'format';
  if (gstin.slice(0, 2) !== TAMIL_NADU_STATE_CODE) return 'state';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'check';
  return null;
}

export const isValidGstin = (gstin: string) => gstinProblem(gstin) === null;
