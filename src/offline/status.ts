import { create } from 'zustand';
import { translate } from '../lib/i18n';

/**
 * What the header's sync indicator shows. Kept free of Dexie so the indicator costs nothing
 * in the first bundle; the lazily loaded offline runtime fills it in.
 */
export interface OfflineStatus {
  online: boolean;
  /** The signed-in user's items waiting to be sent. */
  waiting: number;
  /** When the oldest waiting item was made (ms). */
  oldestAt: number | null;
  /** Items the server refused for good (Needs attention). */
  attention: number;
  /** A sync run in progress: items sent so far of the run's total. */
  syncing: { done: number; total: number } | null;
  /** The user's session was refused while sending: they must sign in again. */
  authRequired: boolean;
  lastSyncAt: number | null;
  /** A screen's data came from this device's saved copy (fetchWithCache): which page, and from when. */
  cacheNotice: { path: string; savedAt: number } | null;
  /** The app and the signed-in user's data are on this device: it works offline (offline-ready.ts). */
  offlineReady: boolean;
}

export const useOfflineStatus = create<OfflineStatus>()(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  waiting: 0,
  oldestAt: null,
  attention: 0,
  syncing: null,
  authRequired: false,
  lastSyncAt: null,
  cacheNotice: null,
  offlineReady: false,
}));

/** Called when saved data was shown instead of the network's: the page shows "Offline, saved at 10:42". */
export function noteServedFromCache(savedAt: number) {
  if (typeof window === 'undefined') return;
  const path = window.location.pathname;
  const prev = useOfflineStatus.getState().cacheNotice;
  // Several loaders on one page: show the oldest time.
  const at = prev && prev.path === path ? Math.min(prev.savedAt, savedAt) : savedAt;
  useOfflineStatus.setState({ cacheNotice: { path, savedAt: at } });
}

/** A screen's data came from the network again: the page's "Offline, saved at …" notice goes. */
export function noteServedFresh() {
  if (typeof window === 'undefined') return;
  const prev = useOfflineStatus.getState().cacheNotice;
  if (prev && prev.path === window.location.pathname) useOfflineStatus.setState({ cacheNotice: null });
}

/**
 * The browser knows it has no connection (navigator.onLine false): background reads (saved screens'
 * refreshes, the live order stream) are not tried then, so a rider's phone offline all day does not
 * send request after failing request. Back online, the `online` event refreshes them.
 */
export const knownOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Over this, waiting items get a warning: something has not reached the server for a day. */
export const STALE_AFTER_MS = 24 * 3_600_000;

type Listener = (e: { kind: string; id: string; response: unknown }) => void;
const sentListeners = new Set<Listener>();

/** Screens refresh when an item of theirs reached the server (e.g. Pending Orders after a shop sale). */
export function onOutboxSent(listener: Listener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export function notifyOutboxSent(e: { kind: string; id: string; response: unknown }) {
  for (const l of sentListeners) l(e);
}

/** "3 min", "2 h", "1 day" - how long something has waited (in the interface language; `common` is always loaded). */
export function formatAge(ms: number): string {
  const min = Math.floor(ms / 60_000);
  if (min < 1) return translate('common', 'ageJustNow');
  if (min < 60) return translate('common', 'ageMinutes', { n: min });
  const h = Math.floor(min / 60);
  if (h < 24) return translate('common', 'ageHours', { n: h });
  const d = Math.floor(h / 24);
  return d === 1 ? translate('common', 'ageOneDay') : translate('common', 'ageDays', { n: d });
}

/** What became of one outbox item in a sync run (for a screen waiting on its own write). */
export type OutboxOutcome =
  | { type: 'sent'; id: string; status: number; response: unknown }
  | { type: 'failed'; id: string; status: number; message: string; code?: string }
  | { type: 'retry'; id: string; status: number | 'network' };

type OutcomeListener = (o: OutboxOutcome) => void;
const outcomeListeners = new Map<string, Set<OutcomeListener>>();

export function onOutboxOutcome(id: string, listener: OutcomeListener): () => void {
  let set = outcomeListeners.get(id);
  if (!set) outcomeListeners.set(id, (set = new Set()));
  set.add(listener);
  return () => {
    set!.delete(listener);
    if (set!.size === 0) outcomeListeners.delete(id);
  };
}

/** True when a screen is waiting on this item (it shows the outcome itself). */
export const hasOutcomeListener = (id: string) => (outcomeListeners.get(id)?.size ?? 0) > 0;

export function notifyOutboxOutcome(o: OutboxOutcome) {
  for (const l of outcomeListeners.get(o.id) ?? []) l(o);
}
