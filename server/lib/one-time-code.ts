import { randomInt, timingSafeEqual } from 'node:crypto';
import { MSG } from '../../core/messages';
import { HttpError } from './errors';
import { sha256 } from './ids';
import type { RateCounters } from './rate-limiter';

/**
 * The 6-digit codes sent by SMS (registration, password reset, phone change): valid for 10 minutes
 * and for 5 tries each. Only a hash bound to the phone is stored, and a guess is compared in
 * constant time against every live code of the phone.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
/**
 * Wrong codes per phone and day, across codes and kinds: a new code does not bring new tries.
 * Past it, no code is checked and none is sent to that phone until the next day (UTC).
 */
export const CODE_GUESSES_PER_DAY = 10;
export const CODE_GUESS_WINDOW_MS = 86_400_000;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const codeExpiry = (now = Date.now()) => new Date(now + CODE_TTL_MS);
export const hashCode = (phone: string, code: string) => sha256(`${phone}:${code}`);

/** True when `code` is the code behind `storedHash` for this phone. */
export function codeMatches(storedHash: string, phone: string, code: string): boolean {
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(hashCode(phone, code), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The row whose code is `code`, comparing with every row (no early exit), or undefined. */
export function findByCode<T extends { code_hash: string }>(rows: readonly T[], phone: string, code: string): T | undefined {
  let found: T | undefined;
  for (const row of rows) {
    const match = codeMatches(row.code_hash, phone, code);
    if (match && !found) found = row;
  }
  return found;
}

/** The daily budget of wrong codes of each phone, in `rate_counters`. */
export class CodeGuesses {
  constructor(private readonly counters: RateCounters) {}

  private static key = (phone: string) => `code-guess:${phone}`;

  /** True when the phone has no wrong code left today: no new code is sent to it. */
  async spent(phone: string): Promise<boolean> {
    return (await this.counters.get(CodeGuesses.key(phone), CODE_GUESS_WINDOW_MS)) >= CODE_GUESSES_PER_DAY;
  }

  /**
   * Takes one guess before a code is compared (so parallel guesses each use one), or throws 429
   * when none is left. Call the answer when the code was right: a right code is not a wrong guess.
   */
  async take(phone: string): Promise<() => Promise<void>> {
    const key = CodeGuesses.key(phone);
    const window = await this.counters.claim(key, CODE_GUESS_WINDOW_MS, CODE_GUESSES_PER_DAY);
    if (!window) throw new HttpError(429, MSG.codeGuessesSpent);
    return () => this.counters.release(key, window);
  }
}
