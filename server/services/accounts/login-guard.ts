import { sql } from 'kysely';
import type { PlainCode } from '../../../core/coded';
import type { Db } from '../../db';
import { tooManyRequests } from '../../lib/errors';

/**
 * Consecutive failed sign-ins per phone (`login_failures`), for phones with and without an account
 * alike, so the answers tell nothing about which phones have one:
 * - the first LOGIN_FREE_FAILURES failures cost nothing more than the rate limit;
 * - after that each attempt waits LOGIN_FIRST_DELAY_S after the last failure, doubling with each
 *   further failure up to LOGIN_MAX_DELAY_S;
 * - at LOGIN_LOCK_FAILURES failures sign-in is locked until a password reset (NIST SP 800-63B).
 * A refused attempt answers 429 before the password is looked at, the same for a right and a wrong
 * one. A successful sign-in, a password reset or a confirmed phone (registration, phone change)
 * clears the count.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_FIRST_DELAY_S = 60;
export const LOGIN_MAX_DELAY_S = 3600;
export const LOGIN_LOCK_FAILURES = 100;

/** Seconds an attempt waits after the last failure, given the failures so far. */
export const loginDelaySeconds = (failures: number) =>
  failures < LOGIN_FREE_FAILURES ? 0 : Math.min(LOGIN_FIRST_DELAY_S * 2 ** (failures - LOGIN_FREE_FAILURES), LOGIN_MAX_DELAY_S);

/** What a refused attempt answers (message codes): while it must wait, and once locked. */
interface GuardCodes {
  delayed: PlainCode;
  locked: PlainCode;
}
const SIGN_IN_CODES: GuardCodes = { delayed: 'loginDelayed', locked: 'loginLocked' };
/** The current password asked again before a sensitive change of the profile. */
export const REAUTH_CODES: GuardCodes = { delayed: 'reauthDelayed', locked: 'reauthLocked' };
/** The count of wrong current passwords of an account: apart from its sign-in count, so guesses there never lock its owner out. */
export const reauthKey = (userId: string) => `reauth:${userId}`;

export class LoginGuard {
  constructor(private readonly db: Db) {}

  /**
   * Counts the attempt as a failure before the password is checked (parallel attempts each count),
   * or throws 429 when the phone must wait or is locked. `succeeded` then takes it back.
   */
  async begin(phone: string, codes: GuardCodes = SIGN_IN_CODES): Promise<void> {
    const free = sql.lit(LOGIN_FREE_FAILURES);
    const { rows } = await sql<{ failures: number }>`
      INSERT INTO login_failures (phone, failures, last_failed_at) VALUES (${phone}, 1, now())
      ON CONFLICT (phone) DO UPDATE SET failures = login_failures.failures + 1, last_failed_at = now()
      WHERE login_failures.failures < ${sql.lit(LOGIN_LOCK_FAILURES)}
        AND (login_failures.failures < ${free}
          OR login_failures.last_failed_at
             + make_interval(secs => least(${sql.lit(LOGIN_FIRST_DELAY_S)} * power(2, login_failures.failures - ${free}), ${sql.lit(LOGIN_MAX_DELAY_S)})) <= now())
      RETURNING failures`.execute(this.db);
    if (rows.length) return;
    const row = await this.db.selectFrom('login_failures').select('failures').where('phone', '=', phone).executeTakeFirst();
    throw tooManyRequests((row?.failures ?? 0) >= LOGIN_LOCK_FAILURES ? codes.locked : codes.delayed);
  }

  /** The phone proved its owner (right password, reset or confirmed code): the count starts again. */
  async clear(phone: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('phone', '=', phone).execute();
  }
}
