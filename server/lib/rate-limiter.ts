import { CODE } from '../../core/message-codes';
import { sql } from 'kysely';
import type { RateLimitRule } from '../config';
import type { Db } from '../db';
import { tooManyRequests } from './errors';

/**
 * Fixed-window counters stored in the database (`rate_counters`), so every API process on one
 * PostgreSQL counts the same attempts. A window starts at a multiple of its length on the
 * database's clock; one upsert per call counts and answers the new totals.
 */
export class RateCounters {
  constructor(private readonly db: Db) {}

  private static windowStart(windowMs: number) {
    return sql<Date>`to_timestamp(floor(extract(epoch FROM now()) * 1000 / ${windowMs}) * ${windowMs} / 1000.0)`;
  }

  /** Counts one more for each key (same window) and answers each key's count in this window. */
  async add(keys: string[], windowMs: number): Promise<Map<string, number>> {
    // sorted and distinct: one row each, locked in the same order by every process
    const unique = [...new Set(keys)].sort();
    if (unique.length === 0) return new Map();
    const start = RateCounters.windowStart(windowMs);
    const values = sql.join(unique.map((k) => sql`(${k}, ${start}, 1)`));
    const { rows } = await sql<{ key: string; count: number }>`
      INSERT INTO rate_counters (key, window_start, count) VALUES ${values}
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1
      RETURNING key, count`.execute(this.db);
    return new Map(rows.map((r) => [r.key, Number(r.count)]));
  }

  /**
   * Takes one of `max` slots of the key's window, atomically: answers the window it counted in, or
   * null when the window is already full (nothing counted). Parallel callers each get their own slot.
   */
  async claim(key: string, windowMs: number, max: number): Promise<Date | null> {
    if (max <= 0) return null;
    const start = RateCounters.windowStart(windowMs);
    const { rows } = await sql<{ window_start: Date }>`
      INSERT INTO rate_counters (key, window_start, count) VALUES (${key}, ${start}, 1)
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1 WHERE rate_counters.count < ${max}
      RETURNING window_start`.execute(this.db);
    return rows[0]?.window_start ?? null;
  }

  /** Gives back a slot taken by `claim` (in the window it was taken in). */
  async release(key: string, windowStart: Date): Promise<void> {
    await this.db
      .updateTable('rate_counters')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .where('count', '>', 0)
      .execute();
  }

  /** The key's count in the current window. */
  async get(key: string, windowMs: number): Promise<number> {
    const start = RateCounters.windowStart(windowMs);
    const { rows } = await sql<{ count: number }>`SELECT count FROM rate_counters WHERE key = ${key} AND window_start = ${start}`.execute(
      this.db,
    );
    return Number(rows[0]?.count ?? 0);
  }
}

/** A rate limit by any string (client IP, phone number): `rule.max` attempts per key and window. */
export class RateLimiter {
  constructor(
    private readonly counters: RateCounters,
    /** Keeps this limit's keys apart from the others' (login, register, ...). */
    private readonly name: string,
    private readonly rule: RateLimitRule,
  ) {}

  /** Counts one attempt for every key; throws 429 when any key is over its limit. */
  async hit(...keys: string[]): Promise<void> {
    const counts = await this.counters.add(
      keys.map((k) => `${this.name}:${k}`),
      this.rule.windowMs,
    );
    if ([...counts.values()].some((n) => n > this.rule.max)) throw tooManyRequests(CODE.tooManyRequests);
  }
}
