import Dexie from 'dexie';
import { DB_NAME, type OutboxItem, offlineDb } from './db';

/**
 * One live, throttled view of a user's outbox for the whole page (the header's numbers and every
 * screen's hooks share it). A replay of 500 items changes the outbox 500 times: a Dexie liveQuery
 * per subscriber would re-read the whole outbox (and re-render) on each of them. Here the outbox is
 * re-read at most once per THROTTLE_MS (the first change at once), whatever the number of
 * subscribers or of changes - changes from other tabs and the service worker included.
 */
export const THROTTLE_MS = 250;
/**
 * Plus this much per item last read, up to THROTTLE_MAX_MS: what a re-read costs grows with the
 * outbox, and so does the screen it feeds (Pending Orders re-renders a card per order): re-read
 * too often during a long replay, the page's main thread is kept busy re-rendering and holds up the replay.
 */
export const THROTTLE_PER_ITEM_MS = 2;
export const THROTTLE_MAX_MS = 2_000;

type Listener = (items: OutboxItem[]) => void;

interface Feed {
  items: OutboxItem[] | null;
  listeners: Set<Listener>;
  stop: () => void;
}

const feeds = new Map<string, Feed>();
const OUTBOX_PART = `idb://${DB_NAME}/outbox/`;

function startFeed(userId: string): Feed {
  const feed: Feed = { items: null, listeners: new Set(), stop: () => {} };
  let last = 0;
  let interval = THROTTLE_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let dirty = false;
  let stopped = false;

  const query = async () => {
    running = true;
    dirty = false;
    last = Date.now();
    try {
      const items = await offlineDb().outbox.where('userId').equals(userId).sortBy('seq');
      if (stopped) return;
      feed.items = items;
      interval = Math.min(THROTTLE_MAX_MS, THROTTLE_MS + THROTTLE_PER_ITEM_MS * items.length);
      for (const l of feed.listeners) l(items);
    } catch {
      /* storage trouble: keep what was shown */
    } finally {
      running = false;
      if (dirty && !stopped) schedule();
    }
  };
  const schedule = () => {
    if (running) {
      dirty = true;
      return;
    }
    if (timer) return;
    timer = setTimeout(
      () => {
        timer = null;
        void query();
      },
      Math.max(0, last + interval - Date.now()),
    );
  };
  const onMutated = (parts: Record<string, unknown>) => {
    for (const key in parts) {
      if (key.startsWith(OUTBOX_PART)) {
        schedule();
        return;
      }
    }
  };
  Dexie.on('storagemutated', onMutated);
  feed.stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    Dexie.on.storagemutated.unsubscribe(onMutated);
  };
  void query();
  return feed;
}

/** Calls listener with the user's items (oldest first) now if known, and after changes. Returns the unsubscribe. */
export function subscribeOutbox(userId: string, listener: Listener): () => void {
  let feed = feeds.get(userId);
  if (!feed) {
    feed = startFeed(userId);
    feeds.set(userId, feed);
  }
  feed.listeners.add(listener);
  if (feed.items) listener(feed.items);
  const f = feed;
  return () => {
    f.listeners.delete(listener);
    if (f.listeners.size === 0) {
      f.stop();
      if (feeds.get(userId) === f) feeds.delete(userId);
    }
  };
}
