/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { SYNC_TAG, type SyncEvent as OutboxSyncEvent, replayOutbox, withSyncLock } from './offline/sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const IMAGE_CACHE = 'images-v1';
const IMAGE_CACHE_MAX = 300;

// The app shell and every lazy route chunk, so any route opens offline after one visit.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/uploads\//] }));

// Product images seen once show offline too (bounded, oldest dropped first). Like any runtime cache
// (all but the precache), it is emptied from the page when the signed-in user changes (src/lib/forget-user.ts).
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' &&
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/uploads/') || url.pathname.startsWith('/images/')),
  new StaleWhileRevalidate({
    cacheName: IMAGE_CACHE,
    plugins: [
      {
        cacheDidUpdate: async () => {
          const cache = await caches.open(IMAGE_CACHE);
          const keys = await cache.keys();
          for (const k of keys.slice(0, Math.max(0, keys.length - IMAGE_CACHE_MAX))) await cache.delete(k);
        },
      },
    ],
  }),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

async function tellClients(event: OutboxSyncEvent) {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const c of clients) c.postMessage({ type: 'outbox-sync', event });
}

/** Replays the outbox (the same Dexie outbox and engine as the page). Throws when items remain, so the browser retries later. */
async function replay(rethrow: boolean) {
  const result = await withSyncLock(() => replayOutbox({ force: true, onEvent: (e) => void tellClients(e) }));
  if (rethrow && result?.interrupted) throw new Error('outbox: items still waiting');
}

// Background Sync (Chromium): runs when the connection returns, even with the app closed.
self.addEventListener('sync', ((event: Event & { tag: string; waitUntil(p: Promise<unknown>): void; lastChance?: boolean }) => {
  if (event.tag === SYNC_TAG) event.waitUntil(replay(!event.lastChance));
}) as EventListener);
