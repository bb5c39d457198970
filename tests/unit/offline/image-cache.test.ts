import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_CACHE, keepImages, showableOffline } from '../../../src/offline/image-cache';

const ORIGIN = 'https://shop.example';
const photo = (n: number) => `/api/uploads/${String(n).padStart(64, '0')}.png`;

/** The image cache, the server's photo sizes and the requests made: a worker that caches what it fetches. */
function stubBrowser(sizes: Record<string, number>, controlled = true) {
  const cached = new Set<string>();
  const requests: string[] = [];
  vi.stubGlobal('location', new URL(`${ORIGIN}/orders-by-area/Adyar`));
  vi.stubGlobal('navigator', {
    serviceWorker: { controller: controlled ? {} : null, addEventListener: () => undefined, removeEventListener: () => undefined },
  });
  vi.stubGlobal('caches', {
    match: async (url: string, opts?: { cacheName?: string }) => (opts?.cacheName === IMAGE_CACHE && cached.has(url) ? {} : undefined),
  });
  vi.stubGlobal('fetch', async (url: string, init?: { method?: string }) => {
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url.replace(ORIGIN, '')}`);
    const size = sizes[url.replace(ORIGIN, '')];
    if (size === undefined) return new Response(null, { status: 404 });
    if (method === 'GET') cached.add(url);
    return new Response(method === 'HEAD' ? null : new Uint8Array(size), { headers: { 'content-length': String(size) } });
  });
  return { cached, requests };
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('keepImages', () => {
  it('downloads the small uploaded photos not saved yet, each once; big ones and other hosts are left out', async () => {
    const { cached, requests } = stubBrowser({ [photo(1)]: 8_000, [photo(2)]: 900_000, [photo(3)]: 5_000 });
    cached.add(`${ORIGIN}${photo(3)}`);
    const left = await keepImages([photo(1), photo(1), photo(2), photo(3), 'https://cdn.example/x.jpg', '/icons/icon-192.png']);
    expect(left).toEqual([]);
    expect(requests).toEqual([`HEAD ${photo(1)}`, `GET ${photo(1)}`, `HEAD ${photo(2)}`]);
    expect([...cached].sort()).toEqual([`${ORIGIN}${photo(1)}`, `${ORIGIN}${photo(3)}`]);
  });

  it('stops at the pass budget and answers what is left for the next pass', async () => {
    const { requests } = stubBrowser({ [photo(1)]: 60_000, [photo(2)]: 60_000, [photo(3)]: 60_000 });
    const left = await keepImages([photo(1), photo(2), photo(3)], { passBytes: 100_000 });
    expect(left).toEqual([photo(3)]);
    expect(requests.filter((r) => r.startsWith('GET'))).toEqual([`GET ${photo(1)}`, `GET ${photo(2)}`]);
  });

  it('leaves everything for later while no service worker controls the page (what it fetched would not be cached)', async () => {
    const { requests } = stubBrowser({ [photo(1)]: 8_000 }, false);
    expect(await keepImages([photo(1)], { workerWaitMs: 10 })).toEqual([photo(1)]);
    expect(requests).toEqual([]);
  });
});

describe('showableOffline', () => {
  it('shows an uploaded photo only when it is saved; the app’s own files always; another host’s never', async () => {
    const { cached } = stubBrowser({});
    cached.add(`${ORIGIN}${photo(1)}`);
    expect(await showableOffline(photo(1))).toBe(true);
    expect(await showableOffline(photo(2))).toBe(false);
    expect(await showableOffline('/icons/icon-192.png')).toBe(true);
    expect(await showableOffline('data:image/svg+xml;utf8,x')).toBe(true);
    expect(await showableOffline('https://cdn.example/x.jpg')).toBe(false);
  });
});
