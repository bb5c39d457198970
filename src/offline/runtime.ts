import { notifications } from '@mantine/notifications';
import { useSession } from '../stores/session';
import { offlineDb } from './db';
import { subscribeOutbox } from './outbox-feed';
import { pruneCache } from './cache';
import { SYNC_TAG, type SyncEvent, type SyncResult, nextDueAt, replayOutbox, setUserToken, withSyncLock } from './sync';
import { hasOutcomeListener, notifyOutboxOutcome, notifyOutboxSent, useOfflineStatus } from './status';
import { keepSavedNow } from './keep-saved-run';
import { watchOfflineReady } from './offline-ready';
import { getLanguage, loadNamespaces, translate } from '../lib/i18n';
import { localeOf } from '../lib/language';

/**
 * The page side of the outbox (loaded lazily once someone is signed in): mirrors the session
 * token for the service worker, keeps the indicator's numbers live, and replays on the online
 * event, at start-up, on a timer and after each new item - for browsers without Background
 * Sync (Safari, Firefox) and as a second chance where it exists.
 */

const TIMER_MS = 15_000;
/** How often, while online, what a role keeps saved for offline is refreshed (keep-saved.ts). */
const KEEP_SAVED_EVERY_MS = 5 * 60_000;

let started = false;
let running: Promise<void> | null = null;
let again = false;
let outboxSub: (() => void) | null = null;
let watchedUser: string | null = null;
let lastProgressAt = 0;

function applyEvent(e: SyncEvent) {
  const set = useOfflineStatus.setState;
  switch (e.type) {
    case 'start':
      if (e.total > 0) set({ syncing: { done: 0, total: e.total } });
      break;
    case 'progress': {
      // The header's counter: at most ~10 renders a second however fast items go.
      const t = Date.now();
      if (e.done < e.total && t - lastProgressAt < 100) break;
      lastProgressAt = t;
      set({ syncing: { done: e.done, total: e.total } });
      break;
    }
    case 'sent':
      notifyOutboxOutcome({ type: 'sent', id: e.item.id, status: e.status, response: e.response });
      notifyOutboxSent({ kind: e.item.kind, id: e.item.id, response: e.response });
      break;
    case 'retry':
      notifyOutboxOutcome({ type: 'retry', id: e.item.id, status: e.status });
      break;
    case 'failed':
      if (hasOutcomeListener(e.item.id)) {
        notifyOutboxOutcome({ type: 'failed', id: e.item.id, status: e.status, message: e.message, code: e.code });
        break;
      }
      if (e.item.userId === useSession.getState().userInfo?._id) {
        notifications.show({
          id: `outbox-failed-${e.item.id}`,
          color: 'red',
          title: translate('offline', 'needsAttention'),
          message: `${e.item.label}: ${e.message}`,
          autoClose: 8000,
        });
      }
      break;
    case 'auth-required':
      handleAuthRequired(e.userId, e.waiting);
      break;
    case 'end':
      set({ syncing: null, lastSyncAt: Date.now() });
      break;
    default:
      break;
  }
}

async function handleAuthRequired(userId: string, waiting: number) {
  const session = useSession.getState();
  if (session.userInfo?._id !== userId) return;
  const saved = await offlineDb().auth.get(userId);
  if (saved) return; // a fresh token arrived meanwhile
  useOfflineStatus.setState({ authRequired: true });
  // The session's token was refused: sign in again (the same account) to send what is waiting.
  session.clear();
  const back = `${window.location.pathname}${window.location.search}`;
  notifications.show({
    id: 'outbox-auth',
    color: 'orange',
    title: translate('offline', 'signInAgain'),
    message: waiting === 1 ? translate('offline', 'sessionEndedOne') : translate('offline', 'sessionEndedMany', { n: waiting }),
    autoClose: false,
    onClick: () => window.location.assign(`/?redirect=${encodeURIComponent(back)}`),
  });
}

/** Replays the outbox now (serialised across tabs and the service worker). */
export function syncNow(opts: { force?: boolean } = {}): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await withSyncLock(() => replayOutbox({ force: opts.force, onEvent: applyEvent, language: localeOf(getLanguage()) }));
      } while (again);
    } catch {
      /* storage trouble: the next trigger tries again */
    } finally {
      useOfflineStatus.setState({ syncing: null });
      running = null;
    }
  })();
  return running;
}

/**
 * One replay now, after any run of this page in flight, with its result (logout's "Wait and send").
 * null: another tab or the service worker is replaying at this moment.
 */
export async function sendNow(): Promise<SyncResult | null> {
  await running;
  try {
    return await withSyncLock(() => replayOutbox({ force: true, onEvent: applyEvent, language: localeOf(getLanguage()) }));
  } finally {
    useOfflineStatus.setState({ syncing: null });
  }
}

/** Asks the service worker to replay on Background Sync (when the connection returns, even with the app closed). */
export async function registerBackgroundSync() {
  try {
    const reg = await navigator.serviceWorker?.ready;
    const sync = (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    /* not supported: the page's own triggers cover it */
  }
}

/** After a new item: try at once, and leave it to Background Sync too. */
export function kick() {
  void registerBackgroundSync();
  if (navigator.onLine) void syncNow({ force: true });
}

function watchOutbox(userId: string | null) {
  if (watchedUser === userId && outboxSub) return;
  outboxSub?.();
  watchedUser = userId;
  if (!userId) {
    useOfflineStatus.setState({ waiting: 0, oldestAt: null, attention: 0, authRequired: false });
    outboxSub = null;
    return;
  }
  outboxSub = subscribeOutbox(userId, (items) => {
    let waiting = 0;
    let oldestAt: number | null = null;
    for (const i of items) {
      if (i.status !== 'pending') continue;
      waiting++;
      if (oldestAt === null || i.createdAt < oldestAt) oldestAt = i.createdAt;
    }
    const s = useOfflineStatus.getState();
    const attention = items.length - waiting;
    if (s.waiting !== waiting || s.oldestAt !== oldestAt || s.attention !== attention)
      useOfflineStatus.setState({ waiting, oldestAt, attention });
  });
}

async function mirrorSession(prev: { userId: string; token: string } | null) {
  const info = useSession.getState().userInfo;
  if (info) {
    await setUserToken(info._id, info.token);
    useOfflineStatus.setState({ authRequired: false });
    watchOutbox(info._id);
    kick();
    keepSavedNow();
  } else {
    // Signed out: the token is gone (the server revoked it); the user's items wait for their next sign-in.
    if (prev) await setUserToken(prev.userId, null);
    watchOutbox(null);
  }
}

export function startOfflineRuntime() {
  if (started) return;
  started = true;
  // the notices below (Needs attention, Sign in again) in the interface language
  void loadNamespaces(['offline']).catch(() => undefined);
  let prev = useSession.getState().userInfo
    ? { userId: useSession.getState().userInfo!._id, token: useSession.getState().userInfo!.token }
    : null;
  void mirrorSession(null);
  watchOfflineReady();
  useSession.subscribe((s) => {
    const cur = s.userInfo ? { userId: s.userInfo._id, token: s.userInfo.token } : null;
    if (cur?.userId === prev?.userId && cur?.token === prev?.token) return;
    const before = prev;
    prev = cur;
    void mirrorSession(before);
  });

  const setOnline = () => useOfflineStatus.setState({ online: navigator.onLine });
  window.addEventListener('online', () => {
    setOnline();
    void syncNow({ force: true });
    keepSavedNow();
  });
  window.addEventListener('offline', setOnline);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) {
      void syncNow();
      keepSavedNow();
    }
  });
  setInterval(keepSavedNow, KEEP_SAVED_EVERY_MS);
  setInterval(async () => {
    if (!navigator.onLine || useOfflineStatus.getState().waiting === 0) return;
    const due = await nextDueAt().catch(() => null);
    if (due !== null && due <= Date.now()) void syncNow();
  }, TIMER_MS);

  // Progress of a replay the service worker runs.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; event?: SyncEvent } | undefined;
    if (data?.type === 'outbox-sync' && data.event) applyEvent(data.event);
  });

  void pruneCache();
}
