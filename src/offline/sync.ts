import { type OfflineDb, type OutboxItem, offlineDb } from './db';

/**
 * The outbox replay engine, shared by the page and the service worker (no DOM, no React).
 * Oldest first. A network failure, a 5xx, a 409 (the first try still running) or a 429 keeps
 * the item and retries with backoff. A 401 keeps it, forgets the user's token and asks them to
 * sign in; it is replayed with the new token. Items are only ever sent with their owner's token.
 * Any other 4xx will not change on retry: the item moves to Needs attention with the server's message.
 */

/** The Background Sync tag the page registers and the service worker answers with a replay. */
export const SYNC_TAG = 'outbox-replay';

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
export const SEND_TIMEOUT_MS = 20_000;
/** Items marked parallel (independent of each other) in flight at once during a replay. */
export const SEND_CONCURRENCY = 4;
const SENT_KEEP_MS = 7 * 86_400_000;

/** 2 s, 4 s, 8 s ... up to 5 min, with ±25 % jitter so many devices do not retry in step. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + 0.5 * random()));
}

export type SyncEvent =
  | { type: 'start'; total: number }
  | { type: 'progress'; done: number; total: number }
  | { type: 'sent'; item: OutboxItem; status: number; response: unknown }
  | { type: 'failed'; item: OutboxItem; status: number; message: string; code?: string }
  | { type: 'retry'; item: OutboxItem; status: number | 'network'; nextAttemptAt: number }
  | { type: 'auth-required'; userId: string; waiting: number }
  | { type: 'end'; sent: number; failed: number; remaining: number };

export interface SyncDeps {
  db?: OfflineDb;
  fetch?: typeof fetch;
  /** Absolute base of the API, e.g. https://shop.example/api (the service worker) or /api (the page). */
  apiBase?: string;
  now?: () => number;
  random?: () => number;
  /** Ignore backoff times (the online event, Sync now). */
  force?: boolean;
  onEvent?: (e: SyncEvent) => void;
  /** The interface language (Accept-Language), so the server's refusals read in it; the service worker sends none (English). */
  language?: string;
}

export interface SyncResult {
  sent: number;
  failed: number;
  /** Items still waiting after this run. */
  remaining: number;
  /** A transient failure stopped the run (the caller may retry later). */
  interrupted: boolean;
  authRequired: string[];
}

/** Saves (or forgets, with null) the token of a user who signed in on this device. */
export async function setUserToken(userId: string, token: string | null, db: OfflineDb = offlineDb()) {
  if (token) await db.auth.put({ userId, token, updatedAt: Date.now() });
  else await db.auth.delete(userId);
}

/** The message code of an answer's body, when it has one. */
function codeOf(body: unknown): string | undefined {
  const code = (body as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

async function readMessage(res: Response): Promise<{ body: unknown; message?: string }> {
  const text = await res.text().catch(() => '');
  if (!text) return { body: undefined };
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return { body, message: typeof body?.message === 'string' ? body.message : undefined };
  } catch {
    return { body: text };
  }
}

/**
 * Removes the element with `_id` = id from every saved list of the user whose name starts with
 * prefix, keeping each list's saved time (it is still as old as its last load from the server).
 */
async function dropFromSavedLists(db: OfflineDb, userId: string, drop: { prefix: string; id: string }) {
  const from = `${userId}|${drop.prefix}`;
  const rows = await db.cache.where('key').between(from, `${from}\uffff`).toArray();
  for (const row of rows) {
    if (!Array.isArray(row.value)) continue;
    const list = row.value as Array<{ _id?: unknown }>;
    const kept = list.filter((e) => e?._id !== drop.id);
    if (kept.length !== list.length) await db.cache.put({ ...row, value: kept });
  }
}

/** Sends due items oldest first. Safe to call from several places: callers serialise with withSyncLock. */
export async function replayOutbox(deps: SyncDeps = {}): Promise<SyncResult> {
  const db = deps.db ?? offlineDb();
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const base = (deps.apiBase ?? '/api').replace(/\/$/, '');
  const now = deps.now ?? Date.now;
  const emit = deps.onEvent ?? (() => {});
  const result: SyncResult = { sent: 0, failed: 0, remaining: 0, interrupted: false, authRequired: [] };

  const queue = await db.outbox.where('status').equals('pending').sortBy('seq');
  const tokens = new Map((await db.auth.toArray()).map((a) => [a.userId, a.token]));
  const blockedUsers = new Set<string>();
  // Oldest first: if a user's oldest item must wait (backoff), the user's later items wait behind it.
  const due = queue.filter((i) => {
    if (blockedUsers.has(i.userId)) return false;
    if (!tokens.has(i.userId)) {
      // Signed out here: never sent with anyone else's token, nor counted in this run (another
      // user's screen shows its progress); it waits until its owner signs in here again.
      blockedUsers.add(i.userId);
      if (!result.authRequired.includes(i.userId)) result.authRequired.push(i.userId);
      return false;
    }
    if (i.holdUntil !== undefined && i.holdUntil > now()) {
      // Still the user's to take back: never sent yet. Independent items let the rest go; others keep their order.
      if (!i.parallel) blockedUsers.add(i.userId);
      return false;
    }
    if (!deps.force && i.nextAttemptAt > now()) {
      blockedUsers.add(i.userId);
      return false;
    }
    return true;
  });
  emit({ type: 'start', total: due.length });

  // Items go back-to-back: items marked parallel (independent of each other) go up to
  // SEND_CONCURRENCY at once (dispatched oldest first); any other item is sent on its own (nothing else in flight). The first item of a run is sent alone, as a probe:
  // when the network or server is down, only the oldest item is tried.
  let done = 0;
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  let anyAnswered = false;

  const send = async (item: OutboxItem, current: OutboxItem, token: string): Promise<void> => {
    let res: Response | null = null;
    const controller = typeof AbortController !== 'undefined' ? new AbortController() : null;
    const timer = controller ? setTimeout(() => controller.abort(), SEND_TIMEOUT_MS) : null;
    try {
      res = await doFetch(`${base}/${item.path}`, {
        method: item.method,
        headers: {
          // the item's own headers, never in place of the ones below (names in lower case, so none is sent twice)
          ...Object.fromEntries(Object.entries(item.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': item.id,
          ...(deps.language ? { 'accept-language': deps.language } : {}),
        },
        body: JSON.stringify(item.body),
        signal: controller?.signal,
        credentials: 'same-origin',
      });
    } catch {
      res = null;
    } finally {
      if (timer) clearTimeout(timer);
    }

    // a 409 is "the first send still runs" (idempotencyKeyRunning, or a body without a code): try later;
    // any other 409 (a shift already open or closed, a number taken) will answer the same: Needs attention
    const answer = res?.status === 409 ? await readMessage(res) : undefined;
    const running = answer !== undefined && [undefined, 'idempotencyKeyRunning'].includes(codeOf(answer.body));
    if (!res || res.status >= 500 || running || res.status === 429 || res.status === 408) {
      const status = res ? res.status : 'network';
      const { message } = answer ?? (res ? await readMessage(res) : { message: undefined });
      const attempts = current.attempts + 1;
      const retryAfter = res ? Number(res.headers.get('retry-after')) : NaN;
      const delay = Math.max(backoffDelay(attempts, deps.random), Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 0);
      const nextAttemptAt = now() + delay;
      await db.outbox.update(item.seq!, {
        attempts,
        nextAttemptAt,
        lastStatus: status,
        lastError: message ?? (status === 'network' ? 'No connection' : `Server error ${status}`),
      });
      emit({ type: 'retry', item: { ...current, attempts, nextAttemptAt }, status, nextAttemptAt });
      result.interrupted = true;
      // The network or the server is down: stop here and keep the order of everything behind it.
      stopped = true;
      return;
    }
    anyAnswered = true;

    if (res.status === 401) {
      await readMessage(res);
      // Forget the token that was refused (not a newer one from a sign-in meanwhile).
      await db.transaction('rw', db.auth, async () => {
        if ((await db.auth.get(item.userId))?.token === token) await db.auth.delete(item.userId);
      });
      tokens.delete(item.userId);
      await db.outbox.update(item.seq!, { lastStatus: 401, lastError: 'Sign in again to send' });
      blockedUsers.add(item.userId);
      if (!result.authRequired.includes(item.userId)) result.authRequired.push(item.userId);
      return;
    }

    const { body, message } = answer ?? (await readMessage(res));
    if (res.ok) {
      const status = res.status;
      await db.transaction('rw', db.outbox, db.sent, db.cache, async () => {
        await db.outbox.delete(item.seq!);
        await db.sent.put({ id: item.id, userId: item.userId, kind: item.kind, status, response: body, sentAt: now() });
        if (item.dropWhenSent) await dropFromSavedLists(db, item.userId, item.dropWhenSent);
      });
      result.sent++;
      emit({ type: 'sent', item: current, status, response: body });
    } else {
      // 400, 403, 404, 410, 422 ...: retrying the same request will not change the answer.
      const text = message ?? `Refused by the server (${res.status})`;
      await db.outbox.update(item.seq!, { status: 'failed', attempts: current.attempts + 1, lastStatus: res.status, lastError: text });
      result.failed++;
      const code = codeOf(body);
      emit({ type: 'failed', item: current, status: res.status, message: text, ...(code ? { code } : {}) });
    }
    done++;
    emit({ type: 'progress', done, total: due.length });
  };

  const track = (p: Promise<void>) => {
    const t = p
      .catch(() => {
        stopped = true; // storage trouble: stop; the next trigger tries again
      })
      .finally(() => inFlight.delete(t));
    inFlight.add(t);
  };
  const settleAll = async () => {
    while (inFlight.size > 0) await Promise.race(inFlight);
  };

  for (const item of due) {
    if (stopped) break;
    const parallel = item.parallel === true;
    // Wait for a free slot (an item sent on its own, or the run's probe, waits for everything in flight).
    const limit = parallel && anyAnswered ? SEND_CONCURRENCY : 1;
    while (inFlight.size >= limit) await Promise.race(inFlight);
    if (stopped) break;
    if (blockedUsers.has(item.userId)) continue;
    const token = tokens.get(item.userId);
    if (!token) {
      // Never sent with anyone else's token: it waits until its owner signs in here again.
      blockedUsers.add(item.userId);
      if (!result.authRequired.includes(item.userId)) result.authRequired.push(item.userId);
      continue;
    }
    // Still there and still pending? (discarded, or sent by another context meanwhile) - one key read.
    const current = await db.outbox.get(item.seq!);
    if (!current || current.status !== 'pending') continue;
    track(send(item, current, token));
    if (!parallel || !anyAnswered) await settleAll();
  }
  await settleAll();

  for (const userId of result.authRequired) {
    const waiting = await db.outbox.where('[userId+status]').equals([userId, 'pending']).count();
    emit({ type: 'auth-required', userId, waiting });
  }
  await db.sent
    .where('sentAt')
    .below(now() - SENT_KEEP_MS)
    .delete();
  result.remaining = await db.outbox.where('status').equals('pending').count();
  emit({ type: 'end', sent: result.sent, failed: result.failed, remaining: result.remaining });
  return result;
}

/** Runs fn unless another tab or the service worker is already syncing (Web Locks where available). */
export async function withSyncLock<T>(fn: () => Promise<T>): Promise<T | null> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks?.request) return fn();
  return locks.request('namma-kadai-outbox', { ifAvailable: true }, async (lock) => (lock ? fn() : null));
}

/** The earliest time a waiting item is due (ms), or null when nothing waits. */
export async function nextDueAt(db: OfflineDb = offlineDb()): Promise<number | null> {
  const items = await db.outbox.where('status').equals('pending').toArray();
  if (items.length === 0) return null;
  return Math.min(...items.map((i) => i.nextAttemptAt));
}
