import { PRINTER_SETTINGS_KEY } from '../lib/escpos/printer-settings';
import { INSTALL_HINT_KEY } from '../lib/install-hint-key';
import { SPEAK_PAYMENTS_KEY } from '../lib/speak-payments-key';
import { useOfflineStatus } from './status';

/**
 * localStorage keys that survive a change of user: the stores below reset themselves; Mantine's keys are display settings;
 * `till` is this device's till per vendor (src/features/shop-order/till-store.ts): its numbers belong to the device; the
 * receipt printer's settings are the counter's (the next cashier prints on the same printer); the install hint is shown
 * once per device (src/lib/install-prompt.ts), as the app is installed once per device; `till-pin-locks` counts wrong
 * PINs per person at this till (src/features/staff/pin-locks.ts): signing out and in again must not lift a lock;
 * `till-shift` is the shift open at this till and the last one closed (src/features/shop-order/shift-store.ts): the
 * drawer is the till's, whoever signs in at it next; whether the counter says UPI payments aloud is the device's too.
 */
const KEEP_KEYS = new Set([
  'session',
  'cart',
  'till',
  'till-pin-locks',
  'till-shift',
  PRINTER_SETTINGS_KEY,
  INSTALL_HINT_KEY,
  SPEAK_PAYMENTS_KEY,
]);
const keepKey = (key: string) => KEEP_KEYS.has(key) || key.startsWith('mantine-');

/** The service worker's precache and its later chunks (src/sw.ts) hold no user data; every other cache goes. */
const isAppShellCache = (name: string) => name.startsWith('workbox-precache') || name.startsWith('later-assets');

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
 * Forgets on this device what any user other than `keep`, the signed-in one, left (everything, when
 * nobody is signed in): web storage, saved screens, tokens and answers in IndexedDB, the service
 * worker's runtime caches. The cart store drops a cart that is not the signed-in user's by itself
 * (src/stores/cart.ts). Unsent outbox items stay with their owner.
 */
export async function forgetOtherUsers(keep: string | null): Promise<void> {
  forgetWebStorage();
  useOfflineStatus.setState({ cacheNotice: null });
  await Promise.all([import('./device-data').then((m) => m.forgetSavedData(keep)).catch(() => undefined), forgetRuntimeCaches()]);
}
