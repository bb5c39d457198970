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

/**
 * What is wrong with a buyer's GSTIN (already normalized), or null when it is valid: a business
 * buyer may be registered in any state, so only the shape, a known state code and the check
 * character are checked.
 */
export function buyerGstinProblem(gstin: string): Exclude<GstinProblem, 'state'> | null {
  if (!SHAPE.test(gstin) || !isGstStateCode(gstin.slice(0, 2))) return 'format';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'check';
  return null;
}

/** The GST state code a GSTIN was issued in: its first two digits. */
export const gstinStateCode = (gstin: string) => gstin.slice(0, 2);

/**
 * The GST state and union territory codes (the first two digits of a GSTIN, and a GSTR-1 place of
 * supply), in code order. 25 (Daman and Diu) merged into 26 in 2020; 97 is "Other Territory".
 */
export const GST_STATES: ReadonlyArray<{ code: string; name: string }> = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
];
const STATE_CODES = new Set(GST_STATES.map((s) => s.code));
export const isGstStateCode = (code: string) => STATE_CODES.has(code);
/** "29-Karnataka", as GSTR-1's place of supply is written in the portal's CSV templates. */
export const gstStateLabel = (code: string) => `${code}-${GST_STATES.find((s) => s.code === code)?.name ?? ''}`;
