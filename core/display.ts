/**
 * A customer display paired with a till by a short code (core/schemas/display.ts, docs/decisions/customer-display.md).
 * The code is read off a tablet and typed at the counter: 6 characters from an alphabet without the ones
 * that look alike (0/O, 1/I/L), shown as two groups of 3. It is good for ten minutes and for one pairing.
 */
export const DISPLAY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const DISPLAY_CODE_LENGTH = 6;
export const DISPLAY_CODE_MINUTES = 10;

/** A code as typed (any case, spaces or a dash between the groups) as the server compares it: "abc-234" -> "ABC234". */
export const normalizeDisplayCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]+/g, '');

/** Whether a typed code can be one at all (the length and the alphabet), before asking the server. */
export function isDisplayCode(typed: string): boolean {
  const code = normalizeDisplayCode(typed);
  return code.length === DISPLAY_CODE_LENGTH && [...code].every((c) => DISPLAY_CODE_ALPHABET.includes(c));
}

/** "ABC234" as shown on the display: "ABC 234". */
export const formatDisplayCode = (code: string): string => `${code.slice(0, 3)} ${code.slice(3)}`;

/** The newest message's order: a clock in milliseconds that never repeats or goes back (`last` the one before). */
export const nextDisplaySeq = (last: number, now: number): number => Math.max(now, last + 1);
