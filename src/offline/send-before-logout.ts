import { type UnsentSummary, unsentSummary } from './device-data';
import type { SyncResult } from './sync';

/** Longer than one send's time-out (sync.ts SEND_TIMEOUT_MS), so a slow answer is still waited for. */
export const SEND_BEFORE_LOGOUT_MS = 25_000;
const RECHECK_MS = 500;

export interface SendBeforeLogoutDeps {
  /** One replay; null when another tab or the service worker is replaying. */
  send?: () => Promise<SyncResult | null>;
  /** Makes sure the user's token is there for the replay (the offline runtime may not have saved it yet). */
  saveToken?: () => Promise<void>;
  summary?: () => Promise<UnsentSummary>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  timeoutMs?: number;
}

/**
 * Logout's "Wait and send": replays the outbox now and answers what of this user's is still
 * unsent. Stops when nothing waits, when a run was cut short (no connection, server down), when
 * the token was refused, or after SEND_BEFORE_LOGOUT_MS (e.g. another context replaying a long queue).
 */
export async function sendBeforeLogout(userId: string, token: string, deps: SendBeforeLogoutDeps = {}): Promise<UnsentSummary> {
  const send = deps.send ?? (() => import('./runtime').then((m) => m.sendNow()));
  const saveToken = deps.saveToken ?? (() => import('./sync').then((m) => m.setUserToken(userId, token)));
  const summary = deps.summary ?? (() => unsentSummary(userId));
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = deps.now ?? Date.now;
  const end = now() + (deps.timeoutMs ?? SEND_BEFORE_LOGOUT_MS);

  await saveToken().catch(() => undefined);
  for (;;) {
    let result: SyncResult | null;
    try {
      result = await send();
    } catch {
      return summary(); // storage trouble: tell what is left
    }
    const left = await summary();
    if (left.waiting === 0) return left;
    if (result && (result.interrupted || result.authRequired.includes(userId))) return left;
    if (now() >= end) return left;
    await sleep(RECHECK_MS);
  }
}
