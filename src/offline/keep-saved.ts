import { useSession } from '../stores/session';

/**
 * What a role keeps saved on this device while online, so its screens open offline even when they
 * were never visited (a rider's every area). Features register a saver when the app starts (the
 * offline layer knows no feature); the runtime runs them after sign-in, when the connection
 * returns, when the app comes back to the front and every few minutes.
 */
export interface KeepSaved {
  /** The roles it is for. */
  roles: readonly string[];
  /** Loads and saves (usually a lazy import of the feature's loader). */
  run: () => Promise<void>;
}

/** Not run again within this time (a burst of triggers makes one run). */
export const KEEP_SAVED_MIN_GAP_MS = 60_000;

const savers: KeepSaved[] = [];
const lastRun = new Map<KeepSaved, { at: number; userId: string }>();
const running = new Set<KeepSaved>();

export function registerKeepSaved(saver: KeepSaved) {
  savers.push(saver);
}

/** Runs the signed-in user's savers (online only, at most once per KEEP_SAVED_MIN_GAP_MS each; a new user runs at once). */
export function keepSavedNow(now = Date.now()) {
  const user = useSession.getState().userInfo;
  if (!user || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  for (const s of savers) {
    if (!s.roles.includes(user.role) || running.has(s)) continue;
    const last = lastRun.get(s);
    if (last && last.userId === user._id && now - last.at < KEEP_SAVED_MIN_GAP_MS) continue;
    running.add(s);
    lastRun.set(s, { at: now, userId: user._id });
    void s
      .run()
      .catch(() => lastRun.delete(s)) // no connection after all: the next trigger tries again
      .finally(() => running.delete(s));
  }
}
