import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { LOGIN_LOCK_FAILURES } from '../accounts/login-guard';
import { purgeUnusedUploads } from './uploads.service';

export const PURGE_EVERY_MS = 3_600_000;
/** Rate counters are kept this long after their window starts (the longest window is a day). */
export const RATE_COUNTER_KEEP_MS = 2 * 86_400_000;
/** A failure count below the lock is forgotten after this long without a new failure. */
export const LOGIN_FAILURES_KEEP_MS = 30 * 86_400_000;
/** Deleted products' ids are kept this long for the API processes' search indexes (migration 027). */
const REMOVED_PRODUCTS_KEEP_MS = 7 * 86_400_000;

/**
 * Deletes what can no longer be used: expired sessions, used or expired reset codes, expired
 * pending registrations, phone-change codes and payment links, old rate counters, stale sign-in failure counts
 * (a lock stays until a password reset), images no product has used a day after their upload, and
 * deleted products' ids a week on. Each statement only removes dead rows, so several API
 * processes may run it at the same time.
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<Record<string, number>> {
  const n = (r: { numDeletedRows?: bigint }) => Number(r.numDeletedRows ?? 0);
  return {
    sessions: n(await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst()),
    password_resets: n(
      await db
        .deleteFrom('password_resets')
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', now)]))
        .executeTakeFirst(),
    ),
    pending_registrations: n(await db.deleteFrom('pending_registrations').where('expires_at', '<', now).executeTakeFirst()),
    phone_changes: n(await db.deleteFrom('phone_changes').where('expires_at', '<', now).executeTakeFirst()),
    phone_change_undos: n(await db.deleteFrom('phone_change_undos').where('expires_at', '<', now).executeTakeFirst()),
    pay_links: n(await db.deleteFrom('pay_links').where('expires_at', '<', now).executeTakeFirst()),
    rate_counters: n(
      await db
        .deleteFrom('rate_counters')
        .where('window_start', '<', new Date(now.getTime() - RATE_COUNTER_KEEP_MS))
        .executeTakeFirst(),
    ),
    login_failures: n(
      await db
        .deleteFrom('login_failures')
        .where('failures', '<', LOGIN_LOCK_FAILURES)
        .where('last_failed_at', '<', new Date(now.getTime() - LOGIN_FAILURES_KEEP_MS))
        .executeTakeFirst(),
    ),
    uploads: await purgeUnusedUploads(db, undefined, now),
    products_removed: n(
      await db
        .deleteFrom('products_removed')
        .where('removed_at', '<', new Date(now.getTime() - REMOVED_PRODUCTS_KEEP_MS))
        .executeTakeFirst(),
    ),
  };
}

/**
 * Runs the purge once now and then every hour, on a timer that does not keep the process alive.
 * `stop` clears the timer and waits for a run in progress (call it before the database closes).
 */
export function startPurgeTimer(db: Db, log: FastifyBaseLogger, everyMs = PURGE_EVERY_MS) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = purgeExpired(db)
      .then((counts) => {
        if (Object.values(counts).some((c) => c > 0)) log.info({ purged: counts }, 'expired rows purged');
      })
      .catch((err) => log.warn({ err }, 'purge of expired rows failed; the next run tries again'));
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
