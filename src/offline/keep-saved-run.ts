import { can } from '../lib/can';
import { useSession } from '../stores/session';
import { type KeepSaved, registeredSavers } from './keep-saved';

/*
 * Runs the savers features registered (keep-saved.ts); loaded with the offline runtime.
 */

/** Not run again within this time (a burst of triggers makes one run). */
const KEEP_SAVED_MIN_GAP_MS = 60_000;

/** The user whose savers have all finished once since the app started: their data is on the device. */
let savedFor: string | null = null;
const savedListeners = new Set<(userId: string) => void>();

/** Called once the signed-in user's savers have all succeeded (at once for a role with none). */
export function onSavedForOffline(listener: (userId: string) => void): () => void {
  savedListeners.add(listener);
  if (savedFor && savedFor === useSession.getState().userInfo?._id) listener(savedFor);
  return () => savedListeners.delete(listener);
}

function noteSaved(userId: string) {
  if (savedFor === userId || useSession.getState().userInfo?._id !== userId) return;
  savedFor = userId;
  for (const l of savedListeners) l(userId);
}
const lastRun = new Map<KeepSaved, { at: number; userId: string }>();
const running = new Set<KeepSaved>();

/** Runs the signed-in user's savers (online only, at most once per KEEP_SAVED_MIN_GAP_MS each; a new user runs at once). */
export function keepSavedNow(now = Date.now()) {
  const user = useSession.getState().userInfo;
  if (!user || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  const mine = registeredSavers().filter((s) => can(user, s.action));
  const runs: Promise<void>[] = [];
  for (const s of mine) {
    if (running.has(s)) continue;
    const last = lastRun.get(s);
    if (last && last.userId === user._id && now - last.at < KEEP_SAVED_MIN_GAP_MS) continue;
    running.add(s);
    lastRun.set(s, { at: now, userId: user._id });
    runs.push(
      s
        .run()
        .catch((e: unknown) => {
          lastRun.delete(s); // no connection after all: the next trigger tries again
          throw e;
        })
        .finally(() => running.delete(s)),
    );
  }
  // Every saver of the role has run once, each with success: the role's screens open offline.
  if (savedFor !== user._id && runs.length === mine.length) {
    void Promise.all(runs).then(
      () => noteSaved(user._id),
      () => undefined,
    );
  } else {
    for (const r of runs) r.catch(() => undefined);
  }
}
