import { randomInt, timingSafeEqual } from 'node:crypto';
import { sha256 } from './ids';

/**
 * The 6-digit codes sent by SMS (password reset, registration): valid for 10 minutes and for
 * 5 tries. Only a hash bound to the phone is stored, and a guess is compared in constant time.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const codeExpiry = (now = Date.now()) => new Date(now + CODE_TTL_MS);
export const hashCode = (phone: string, code: string) => sha256(`${phone}:${code}`);

/** True when `code` is the code behind `storedHash` for this phone. */
export function codeMatches(storedHash: string, phone: string, code: string): boolean {
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(hashCode(phone, code), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when a stored code can no longer be used: past its expiry or out of tries. */
export const codeVoid = (row: { expires_at: Date | string; attempts: number }, now = Date.now()) =>
  new Date(row.expires_at).getTime() < now || row.attempts >= CODE_MAX_TRIES;
