import type { Db } from '../../db';
import { sha256 } from '../../lib/ids';

/** How long a finished request's answer is kept: longer than a session (30 days), so a device offline for its whole session still replays safely. */
export const IDEMPOTENCY_RETENTION_MS = 31 * 86_400_000;
/** A running claim older than this is taken to belong to a process that died mid-request and may be taken over. */
export const IDEMPOTENCY_LEASE_MS = 30_000;

export interface IdempotencyScope {
  userId: string;
  key: string;
  method: string;
  path: string;
  bodyHash: string;
}

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'replay'; statusCode: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'running'; retryAfterSeconds: number };

/** Canonical JSON (keys sorted at every level), so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const hashBody = (body: unknown) => sha256(canonicalJson(body ?? null));

/**
 * Idempotency-Key records (IETF httpapi draft semantics), in the database so they
 * hold across restarts and across several API processes. A key is scoped per user.
 */
export class IdempotencyService {
  private lastPurge = 0;

  constructor(private readonly db: Db) {}

  /**
   * Atomically claims a key (INSERT ... ON CONFLICT DO NOTHING). When the key is already
   * used, tells what to answer: the stored response, a body mismatch, or still running.
   */
  async claim(s: IdempotencyScope, now = new Date()): Promise<ClaimResult> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await this.db
        .insertInto('idempotency_keys')
        .values({
          user_id: s.userId,
          key: s.key,
          method: s.method,
          path: s.path,
          body_hash: s.bodyHash,
          state: 'running',
          created_at: now,
          expires_at: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
        })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return { kind: 'claimed' };

      const row = await this.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', s.userId)
        .where('key', '=', s.key)
        .executeTakeFirst();
      if (!row) continue; // released or purged between the two statements: claim again
      if (row.method !== s.method || row.path !== s.path || row.body_hash !== s.bodyHash) return { kind: 'mismatch' };
      if (row.state === 'done') return { kind: 'replay', statusCode: row.status_code ?? 200, body: row.response_body ?? '' };
      const leaseEnds = new Date(row.expires_at).getTime();
      if (leaseEnds > now.getTime())
        return { kind: 'running', retryAfterSeconds: Math.max(1, Math.ceil((leaseEnds - now.getTime()) / 1000)) };
      // The process that claimed it died mid-request: drop the stale claim (only if still stale) and claim again.
      await this.db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', s.userId)
        .where('key', '=', s.key)
        .where('state', '=', 'running')
        .where('expires_at', '<=', now)
        .execute();
    }
    return { kind: 'running', retryAfterSeconds: 1 };
  }

  /** Stores the finished response; kept for the retention period. */
  async complete(userId: string, key: string, statusCode: number, body: string, now = new Date()): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', status_code: statusCode, response_body: body, expires_at: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
  }

  /** Forgets a claim (a 5xx answer or an aborted request), so a retry runs again. */
  async release(userId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('state', '=', 'running')
      .execute();
  }

  /** Deletes expired records (finished ones past retention, stale running claims). */
  async purgeExpired(now = new Date()): Promise<number> {
    const res = await this.db.deleteFrom('idempotency_keys').where('expires_at', '<', now).executeTakeFirst();
    return Number(res.numDeletedRows ?? 0);
  }

  /** Purges at most once an hour per process, without a timer that would keep the process alive. */
  maybePurge(now = Date.now()): void {
    if (now - this.lastPurge < 3_600_000) return;
    this.lastPurge = now;
    this.purgeExpired(new Date(now)).catch(() => {
      this.lastPurge = 0;
    });
  }

  /** Test helper: the stored record of a key. */
  async find(userId: string, key: string) {
    return this.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  }
}
