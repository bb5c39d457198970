/**
 * The counter's catalogue offline at a big shop (20,000 products of the demo vendor's own shop), on Debian's
 * Chromium at 390 px:
 *
 * 1. Saving: the till opens /order online on slow 4G as DevTools applies it (400 kbit/s down and up, 400 ms
 *    round trip) with nothing saved; the time from navigation start to the shop's whole catalogue saved in
 *    IndexedDB (page by page, GET /api/products/counter-catalog: the entry marking it whole is written last),
 *    and the longest main-thread task meanwhile (PerformanceObserver "longtask").
 * 2. Offline, CPU slowed 4x: /order opened again; the time from navigation start to the first product shown
 *    for a name typed as soon as the box is there.
 * 3. Then each keystroke of a name, a barcode and Tamil typed in English letters ("arisi" for அரிசி): from the
 *    key down to the frame after the matches were drawn; the slowest keystroke of each query.
 */
import http from 'node:http';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { openDatabase } from '../../server/db';
import { generateProducts } from '../../server/db/seed-generate';
import { type Session, withTimeout } from './browser';
import { withFreshBrowser } from './first-session';

const SLOW_4G = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
const CPU_SLOWDOWN = 4;
/** The saved-data cache's name of the counter's whole catalogue, written after its last page (src/features/shop-order/till-catalog.ts). */
const TILL_CATALOG = 'till-catalog';
/** The page the bench reads the catalogue in (the server's largest). */
const BENCH_PAGE = 5000;
/** The shop size the figures are for. */
export const TILL_PRODUCTS = 20_000;

export interface OfflineTillResult {
  /** The shop's products in the counter's list. */
  products: number;
  /** GET /api/products/counter-catalog of that shop, every page: JSON as built, and as sent to a browser asking for Brotli. */
  answerBytes: { plain: number; sent: number; encoding: string };
  /** Online, slow 4G, nothing saved: navigation start to the list saved in IndexedDB, ms; null when not within 120 s. */
  saveMs: number | null;
  /** The longest main-thread task from navigation start until saved, ms. */
  saveLongestTaskMs: number | null;
  /** Offline, 4x CPU: navigation start to the first product shown for a typed name, ms. */
  firstProductMs: number | null;
  /** The slowest keystroke of each query (key down to the frame after the matches), ms; found: the expected product was listed. */
  keystrokes: Array<{
    kind: 'name' | 'barcode' | 'latin-tamil';
    query: string;
    worstMs: number | null;
    medianMs: number | null;
    found: boolean;
  }>;
  note?: string;
}

/**
 * Gives the demo vendor's shop `target` products (generated ones added to what it has). On PGlite the server
 * must be stopped (it holds the folder).
 */
export async function topUpShop(
  conn: { databaseUrl?: string; pgliteDir?: string },
  vendorPhone: string,
  target = TILL_PRODUCTS,
): Promise<{ before: number; added: number }> {
  const handle = await openDatabase({ databaseUrl: conn.databaseUrl, dataDir: conn.databaseUrl ? undefined : conn.pgliteDir });
  try {
    const vendor = await handle.db.selectFrom('users').select('id').where('phone', '=', vendorPhone).executeTakeFirstOrThrow();
    const { n } = await handle.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('vendor_id', '=', vendor.id)
      .executeTakeFirstOrThrow();
    const before = Number(n);
    const added = before < target ? await generateProducts(handle.db, target - before, { seed: 20, vendorId: vendor.id }) : 0;
    return { before, added };
  } finally {
    await handle.close();
  }
}

interface CatalogPage {
  products: ListedProduct[];
  next: string | null;
}

/** The shop's whole catalogue as the counter reads it, page after page: its bytes plain and as sent with Brotli asked for. */
async function answerBytes(base: string, token: string): Promise<{ plain: number; sent: number; encoding: string; list: ListedProduct[] }> {
  const out = { plain: 0, sent: 0, encoding: 'identity', list: [] as ListedProduct[] };
  let after: string | null = null;
  do {
    const page = await pageBytes(base, token, `limit=${BENCH_PAGE}${after ? `&after=${after}` : ''}`);
    const body = JSON.parse(page.body) as CatalogPage;
    out.plain += page.plain;
    out.sent += page.sent;
    out.encoding = page.encoding;
    out.list.push(...body.products);
    after = body.next;
  } while (after);
  return out;
}

/** One page of the counter's catalogue: its bytes plain and as sent with Brotli asked for. */
function pageBytes(base: string, token: string, query: string): Promise<{ plain: number; sent: number; encoding: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/products/counter-catalog?${query}`,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          void import('node:zlib').then((z) => {
            const body = encoding === 'br' ? z.brotliDecompressSync(raw) : encoding === 'gzip' ? z.gunzipSync(raw) : raw;
            resolve({ plain: body.length, sent: raw.length, encoding, body: body.toString('utf8') });
          }, reject);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

const sessionJson = (s: Session) => JSON.stringify({ state: { userInfo: s.userInfo, expiresAt: Date.now() + 86_400_000 }, version: 0 });

/** Page-side probes: long tasks, the first product option drawn, and each keystroke's time to the next frame. */
function probes() {
  const w = window as unknown as { __long: number[]; __firstOption?: number; __keys: number[] };
  w.__long = [];
  w.__keys = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long-task timing */
  }
  const seen = () => {
    if (w.__firstOption === undefined && document.querySelector('[role="option"]')) {
      w.__firstOption = -1;
      requestAnimationFrame(() => (w.__firstOption = performance.now()));
      return true;
    }
    return false;
  };
  new MutationObserver((_m, o) => seen() && o.disconnect()).observe(document, { subtree: true, childList: true });
  document.addEventListener(
    'keydown',
    () => {
      const t0 = performance.now();
      // after the key's own work (React renders the matches in the same task): the next frame, then after it
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => w.__keys.push(performance.now() - t0);
        ch.port2.postMessage(0);
      });
    },
    true,
  );
}

async function savedKey(page: Page, key: string): Promise<boolean> {
  return page.evaluate(
    (k) =>
      new Promise<boolean>((res) => {
        const r = indexedDB.open('namma-kadai-offline');
        r.onerror = r.onblocked = () => res(false);
        r.onupgradeneeded = () => r.transaction?.abort();
        r.onsuccess = () => {
          const db = r.result;
          if (!db.objectStoreNames.contains('cache')) return res((db.close(), false));
          const g = db.transaction('cache', 'readonly').objectStore('cache').getKey(k);
          g.onsuccess = () => res((db.close(), g.result !== undefined));
          g.onerror = () => res((db.close(), false));
        };
      }),
    key,
  );
}

/** Drops what is saved under `key` and its pages, so the till starts with nothing saved. */
async function dropSaved(page: Page, key: string): Promise<void> {
  await page.evaluate(
    (k) =>
      new Promise<void>((res) => {
        const r = indexedDB.open('namma-kadai-offline');
        r.onerror = r.onblocked = () => res();
        r.onsuccess = () => {
          const tx = r.result.transaction('cache', 'readwrite');
          // the entry and every page saved under it (`${k}:0001`, ...)
          tx.objectStore('cache').delete(IDBKeyRange.bound(k, `${k}\uffff`));
          tx.oncomplete = tx.onerror = () => res(r.result.close());
        };
      }),
    key,
  );
}

async function typeTimed(page: Page, query: string): Promise<number[]> {
  const box = page.getByTestId('product-finder');
  await box.press('Escape');
  const before = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys.length);
  for (let i = 0; i < query.length; i++) {
    await page.keyboard.type(query[i]);
    await page.waitForFunction((n) => (window as unknown as { __keys: number[] }).__keys.length >= n, before + i + 1, { timeout: 10_000 });
  }
  return page.evaluate((n) => (window as unknown as { __keys: number[] }).__keys.slice(n), before);
}

const withBrowser = <T>(fn: (ctx: BrowserContext) => Promise<T>) => withFreshBrowser(fn, { name: 'till', phone: false });

interface ListedProduct {
  name: string;
  Tamil: string;
  barcode: string;
  isActive: boolean;
}

export async function runOfflineTill(base: string, opts: { vendor: Session }): Promise<OfflineTillResult> {
  const bytes = await answerBytes(base, opts.vendor.userInfo.token);
  const list = bytes.list.filter((p) => p.isActive);
  // a name and a barcode near the end of the list (a scan runs through it all), and Tamil in English letters
  const named = list.at(-1);
  const coded = list.findLast((p) => p.barcode);
  const rice = list.find((p) => p.Tamil.includes('அரிசி'));
  const result: OfflineTillResult = {
    products: list.length,
    answerBytes: { plain: bytes.plain, sent: bytes.sent, encoding: bytes.encoding },
    saveMs: null,
    saveLongestTaskMs: null,
    firstProductMs: null,
    keystrokes: [],
    ...(list.length < TILL_PRODUCTS
      ? { note: `the counter's catalogue holds ${list.length} active products, fewer than the ${TILL_PRODUCTS} the figures are for` }
      : {}),
  };
  const key = `${opts.vendor.userInfo._id}|${TILL_CATALOG}`;
  return withBrowser(async (ctx) => {
    const page = await ctx.newPage();
    const cdp: CDPSession = await ctx.newCDPSession(page);
    await page.goto(`${base}/manifest.webmanifest`);
    await page.evaluate((v) => localStorage.setItem('session', v), sessionJson(opts.vendor));
    // installed first: the service worker and its precache, so the offline visit is served by it
    await page.goto(`${base}/order`);
    await page.getByTestId('product-finder').waitFor({ timeout: 120_000 });
    await withTimeout(
      page.evaluate(async () => void (await navigator.serviceWorker?.ready)),
      60_000,
      'service worker not ready',
    ).catch(() => {});
    await page.goto(`${base}/manifest.webmanifest`);
    await dropSaved(page, key);

    // 1. saving the list on slow 4G
    await ctx.addInitScript(probes);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await page.goto(`${base}/order`, { waitUntil: 'commit' });
    const t0 = Date.now();
    while (Date.now() - t0 < 120_000 && !(await savedKey(page, key).catch(() => false))) await page.waitForTimeout(200);
    if (await savedKey(page, key).catch(() => false)) {
      // the write's own end: the saved key is read once it is committed; navigation start is the page's zero
      result.saveMs = Math.round(await page.evaluate(() => performance.now()));
      result.saveLongestTaskMs = Math.round(await page.evaluate(() => Math.max(0, ...(window as unknown as { __long: number[] }).__long)));
    } else result.note = [result.note, 'the catalogue was not saved whole within 120 s on slow 4G'].filter(Boolean).join('; ');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    if (result.saveMs === null) return result;

    // 2. offline, 4x CPU: the first product for a typed name
    await ctx.setOffline(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    try {
      await page.goto(`${base}/order`, { waitUntil: 'commit' });
      const box = page.getByTestId('product-finder');
      await box.waitFor({ timeout: 30_000 });
      await box.fill(named?.name.split(' ')[0] ?? 'a');
      await page.waitForFunction(() => ((window as unknown as { __firstOption?: number }).__firstOption ?? -1) > 0, undefined, {
        timeout: 30_000,
      });
      result.firstProductMs = Math.round(await page.evaluate(() => (window as unknown as { __firstOption: number }).__firstOption));

      // 3. keystrokes
      const queries: Array<{ kind: OfflineTillResult['keystrokes'][number]['kind']; query: string; expect?: string }> = [
        { kind: 'name', query: named?.name.toLowerCase() ?? '', expect: named?.name },
        { kind: 'barcode', query: coded?.barcode ?? '', expect: coded?.name },
        { kind: 'latin-tamil', query: 'arisi', expect: rice?.name },
      ];
      for (const q of queries) {
        if (!q.query) continue;
        const times = await typeTimed(page, q.query);
        const names = await page.locator('[data-testid="product-finder-name"]').allInnerTexts();
        const sorted = [...times].sort((a, b) => a - b);
        result.keystrokes.push({
          kind: q.kind,
          query: q.query,
          worstMs: times.length ? Math.round(sorted.at(-1)!) : null,
          medianMs: times.length ? Math.round(sorted[Math.floor(sorted.length / 2)]) : null,
          found: q.expect !== undefined && names.some((n) => n.startsWith(q.expect!)),
        });
      }
    } catch (err) {
      result.note = [result.note, `offline counter: ${(err as Error).message.split('\n')[0]}`].filter(Boolean).join('; ');
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
      await ctx.setOffline(false);
    }
    return result;
  });
}
