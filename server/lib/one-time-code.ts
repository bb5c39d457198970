import { CODE } from '../../core/message-codes';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { tooManyRequests } from './errors';
import { sha256 } from './ids';
import type { Database } from '../db/types';
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

/** The tables that hold SMS codes (reset, registration, phone change and its undo); each row has id, code_hash, attempts, expires_at. */
type CodeTable = 'password_resets' | 'pending_registrations' | 'phone_changes' | 'phone_change_undos';

/**
 * One guess at a code: every live code the filter selects (unexpired, tries left) takes the try in one
 * atomic UPDATE, so parallel guesses each use one of CODE_MAX_TRIES; then the code is compared with
 * all of them in constant time. Returns the matching row, or undefined.
 */
export async function guessCode(db: Kysely<Database>, table: CodeTable, filter: RawBuilder<unknown>, phone: string, code: string) {
  const { rows } = await sql<{ id: string; code_hash: string }>`
    UPDATE ${sql.table(table)} SET attempts = attempts + 1
    WHERE ${filter} AND expires_at > ${new Date()} AND attempts < ${CODE_MAX_TRIES}
    RETURNING id, code_hash`.execute(db);
  return findByCode(rows, phone, code);
}

/** The row whose code is `code`, comparing with every row (no early exit), or undefined. */
function findByCode<T extends { code_hash: string }>(rows: readonly T[], phone: string, code: string): T | undefined {
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
    if (!window) throw tooManyRequests(CODE.codeGuessesSpent);
    return () => this.counters.release(key, window);
  }
}
