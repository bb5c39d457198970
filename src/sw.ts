/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { SYNC_TAG, type SyncEvent as OutboxSyncEvent, replayOutbox, withSyncLock } from './offline/sync';
import { IMAGE_CACHE, isUploadedImage } from './offline/image-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/**
 * The app shell and every lazy route chunk, so any route opens offline after one visit; the worker is
 * active (and the app "Ready to work offline") once they are in. The `later-*` chunks (vite.config.ts:
 * the camera's decoder, the printer's encoder, the charts) follow in a second step, when the page says
 * it is ready (cacheLater), and are served from their own cache, or the network until then.
 */
const LATER = /(^|\/)later-[^/]+\.js$/;
const LATER_CACHE = 'later-assets-v1';
const manifest = self.__WB_MANIFEST.map((e) => (typeof e === 'string' ? { url: e, revision: null } : e));
const laterUrls = manifest.filter((e) => LATER.test(e.url)).map((e) => new URL(e.url, self.location.href).href);
precacheAndRoute(manifest.filter((e) => !LATER.test(e.url)));
cleanupOutdatedCaches();
// The first worker takes the open pages at once, so the session that installed it already works
// offline. A later version still waits for "Reload" (it would otherwise swap chunks under a page).
clientsClaim();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/uploads\//] }));

/**
 * Product photos vendors uploaded (GET /api/uploads/<file>, immutable: a new photo is a new name) show
 * offline once seen: cache first, the 400 most recently used kept for 60 days (Workbox's expiration
 * plugin; dropped first under storage pressure). A rider's saving pass fetches the small photos of the
 * saved orders ahead, through this route (src/offline/image-cache.ts). Like any runtime cache (all but
 * the precache), it is emptied from the page when the signed-in user changes (src/offline/forget-user.ts).
 * Nothing else of /api is cached here: API answers are no-store, and screens keep their data in IndexedDB.
 */

registerRoute(
  ({ request, url }) => request.method === 'GET' && isUploadedImage(url, self.location.origin),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 86_400, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && LATER.test(url.pathname),
  new CacheFirst({ cacheName: LATER_CACHE }),
);

/** Caches this version's later chunks and drops older versions' (hashed names: a new build, new files). */
async function cacheLater() {
  const cache = await caches.open(LATER_CACHE);
  const wanted = new Set(laterUrls);
  const held = await cache.keys();
  await Promise.all(held.filter((r) => !wanted.has(r.url)).map((r) => cache.delete(r)));
  const have = new Set(held.map((r) => r.url));
  await Promise.all(laterUrls.filter((u) => !have.has(u)).map((u) => cache.add(u).catch(() => undefined)));
}

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data?.type === 'CACHE_LATER') event.waitUntil(cacheLater());
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

/** A push (server/services/live/push.service.ts): the texts are in the recipient's language; the URL is the order's page. */
self.addEventListener('push', (event) => {
  let data: { title?: string; body?: string; url?: string; orderId?: string; tag?: string } = {};
  try {
    data = event.data?.json() ?? {};
  } catch {
    data = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(data.title ?? 'Namma Kadai', {
      body: data.body,
      tag: data.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: data.url ?? '/', orderId: data.orderId },
    }),
  );
});

/** Tapping a notification opens its order: an open window of the app goes there and comes forward, else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | undefined)?.url ?? '/';
  const url = new URL(path, self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin) as WindowClient | undefined;
      if (open) {
        await open.focus().catch(() => undefined);
        // a window this worker does not control cannot be navigated: then a new one opens
        if (await open.navigate(url.href).catch(() => null)) return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
