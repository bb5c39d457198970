import type { RateLimitRule } from '../config';
import { HttpError } from './errors';
import { MSG } from '../../core/messages';

/**
 * A fixed-window counter keyed by any string (client IP, phone number).
 * In-process: with several API processes each keeps its own count, which still bounds abuse.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly rule: RateLimitRule) {}

  /** Counts one attempt for every key; throws 429 when any key is over its limit. */
  hit(...keys: string[]): void {
    const now = Date.now();
    let over = false;
    for (const key of keys) {
      let entry = this.hits.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + this.rule.windowMs };
        this.hits.set(key, entry);
      }
      entry.count += 1;
      if (entry.count > this.rule.max) over = true;
    }
    if (this.hits.size > 100_000) this.sweep(now);
    if (over) throw new HttpError(429, MSG.tooManyRequests);
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}
