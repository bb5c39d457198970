import { keepCartWithItsOwner } from '../stores/cart';
import { useSession } from '../stores/session';
import { useOfflineStatus } from '../offline/status';

/** localStorage keys that survive a change of user: the stores below reset themselves; Mantine's keys are display settings. */
const KEEP_KEYS = new Set(['session', 'cart']);
const keepKey = (key: string) => KEEP_KEYS.has(key) || key.startsWith('mantine-');

/** The service worker's precache (the app shell and its chunks) holds no user data; every other cache goes. */
const isAppShellCache = (name: string) => name.startsWith('workbox-precache');

function forgetWebStorage() {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key !== null && !keepKey(key)) localStorage.removeItem(key);
  } catch {
    /* storage unavailable */
  }
  try {
    sessionStorage.clear();
  } catch {
    /* storage unavailable */
  }
}

/** Runtime caches of the service worker (e.g. images), from the page: the Cache API is shared with it. */
export async function forgetRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => !isAppShellCache(n)).map((n) => caches.delete(n)));
  } catch {
    /* not available (e.g. not a secure context) */
  }
}

/**
 * Forgets on this device what any user other than the signed-in one left (everything, when nobody
 * is signed in): cart and shipping address, web storage, saved screens, tokens and answers in
 * IndexedDB, the service worker's runtime caches. Unsent outbox items stay with their owner.
 */
export async function forgetOtherUsers(): Promise<void> {
  const keep = useSession.getState().userInfo?._id ?? null;
  keepCartWithItsOwner();
  forgetWebStorage();
  useOfflineStatus.setState({ cacheNotice: null });
  await Promise.all([
    import('../offline/device-data').then((m) => m.forgetSavedData(keep)).catch(() => undefined),
    forgetRuntimeCaches(),
  ]);
}
