/**
 * The service worker's cache of product photos (src/sw.ts): the photos vendors uploaded to our own
 * server (GET /api/uploads/<file>), cache first once seen. Pages read it to show a photo offline
 * only when it is there, and a rider's saving pass fills it with the photos of the saved orders.
 * Kept free of React and of the page's stores: the service worker imports it too.
 */
export const IMAGE_CACHE = 'images-v1';

/** A photo uploaded to this server (same origin, /api/uploads/<file>): the only images the worker caches. */
export const isUploadedImage = (url: URL, origin: string) => url.origin === origin && /^\/api\/uploads\/[^/]+$/.test(url.pathname);

/** A photo is saved ahead only up to this size: a small picture, never a phone camera's full photo. */
const KEEP_IMAGE_MAX_BYTES = 200 * 1024;
/** At most this much is downloaded ahead in one saving pass (what is left waits for the next pass). */
const KEEP_IMAGES_PASS_BYTES = 2 * 1024 * 1024;

const here = () => (typeof location === 'undefined' ? 'http://localhost' : location.href);
const absolute = (src: string) => new URL(src, here());

/** Whether the image cache holds this photo (false where there is no Cache API). */
async function isImageSaved(src: string): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  try {
    return !!(await caches.match(absolute(src).href, { cacheName: IMAGE_CACHE }));
  } catch {
    return false;
  }
}

/**
 * Whether a page offline may ask for `src`: an uploaded photo only when the image cache has it (any
 * other request for one can only fail); the app's own files (icons, the demo pictures) are in the
 * precache and always answer; a photo on another host is never cached, so never asked for offline.
 */
export async function showableOffline(src: string): Promise<boolean> {
  if (/^(data|blob):/.test(src)) return true;
  const url = absolute(src);
  const origin = new URL(here()).origin;
  if (url.origin !== origin) return false;
  return isUploadedImage(url, origin) ? isImageSaved(src) : true;
}

/** Whether a service worker controls the page, waiting up to `ms` for one that is taking it over. */
async function controlled(ms: number): Promise<boolean> {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw) return false;
  if (sw.controller) return true;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sw.removeEventListener('controllerchange', done);
      resolve(!!sw.controller);
    };
    const timer = setTimeout(done, ms);
    sw.addEventListener('controllerchange', done);
  });
}

interface KeepImagesOptions {
  maxBytes?: number;
  passBytes?: number;
  /** How long to wait for a service worker to take the page (a first visit's) before leaving it all for later. */
  workerWaitMs?: number;
}

/** Whether the device says it has no connection now (read afresh each time: it changes between awaits). */
const isOffline = () => navigator.onLine === false;

/**
 * Downloads ahead, through the service worker (which caches what it fetches), the uploaded photos of
 * `srcs` that are not saved yet and are small (a HEAD first: a photo over `maxBytes`, or of no stated
 * size, is left out), until `passBytes` have come down. Answers the photos left for a later pass
 * (over the pass's budget, a failed download, offline, or no worker in control yet). Never throws.
 */
export async function keepImages(
  srcs: Iterable<string>,
  { maxBytes = KEEP_IMAGE_MAX_BYTES, passBytes = KEEP_IMAGES_PASS_BYTES, workerWaitMs = 20_000 }: KeepImagesOptions = {},
): Promise<string[]> {
  if (typeof caches === 'undefined' || typeof fetch === 'undefined') return [];
  const origin = new URL(here()).origin;
  const wanted = [...new Set([...srcs].filter((s) => s && isUploadedImage(absolute(s), origin)))];
  // what the page fetches reaches the cache only through the worker: on a first visit it takes the page
  // a moment after sign-in; without one (or not in time), later
  if (!(await controlled(workerWaitMs))) return wanted;
  const left: string[] = [];
  let spent = 0;
  for (const src of wanted) {
    if (await isImageSaved(src)) continue;
    // over the pass's budget, or the connection gone (no request that can only fail): the next pass
    if (spent >= passBytes || isOffline()) {
      left.push(src);
      continue;
    }
    try {
      const head = await fetch(absolute(src).href, { method: 'HEAD' });
      const size = Number(head.headers.get('content-length'));
      if (!head.ok || !size || size > maxBytes) continue; // too big (or gone): shown with the placeholder offline
      // the connection may have gone while the size was asked
      if (isOffline()) {
        left.push(src);
        continue;
      }
      const res = await fetch(absolute(src).href);
      await res.arrayBuffer();
      spent += size;
      if (!res.ok) left.push(src);
    } catch {
      left.push(src);
    }
  }
  return left;
}
