/**
 * Browser figures on Debian's Chromium: Lighthouse (mobile defaults: simulated slow 4G and 4x CPU
 * slow-down) per page, and the offline timings (first product card from IndexedDB while offline;
 * replaying 500 queued Mark Delivered actions after going online).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';

/** Rejects when `p` takes longer than `ms` (a stuck page must not stop the whole run). */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let t: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<T>((_r, rej) => (t = setTimeout(() => rej(new Error(`timed out after ${ms / 1000} s: ${what}`)), ms))),
  ]).finally(() => clearTimeout(t));
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Session {
  userInfo: Record<string, unknown> & { _id: string; token: string };
}

/** The persisted zustand session (src/stores/session.ts), as the app writes it after sign-in. */
const sessionJson = (s: Session) => JSON.stringify({ state: { userInfo: s.userInfo, expiresAt: Date.now() + 86_400_000 }, version: 0 });

async function withBrowser<T>(fn: (ctx: BrowserContext, port: number) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...FLAGS, `--remote-debugging-port=${port}`],
    viewport: { width: 390, height: 844 },
  });
  // tsx (esbuild keepNames) wraps named functions in __name(); functions sent to the page need it too
  await ctx.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f);' });
  try {
    return await fn(ctx, port);
  } finally {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface LighthouseResult {
  page: string;
  url: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  error?: string;
}

/**
 * Lighthouse on each page, cold: the HTTP cache, service worker, caches and IndexedDB are cleared
 * before each run; only the signed-in session in localStorage is kept (Lighthouse's own storage
 * reset would also sign the user out).
 */
export async function runLighthouse(
  baseUrl: string,
  pages: Array<{ name: string; path: string; session?: Session }>,
): Promise<LighthouseResult[]> {
  const { default: lighthouse } = await import('lighthouse');
  return withBrowser(async (ctx, port) => {
    const out: LighthouseResult[] = [];
    for (const p of pages) {
      const url = baseUrl + p.path;
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await page.goto(`${baseUrl}/manifest.webmanifest`);
      await page.evaluate(
        (v) => (v ? localStorage.setItem('session', v) : localStorage.removeItem('session')),
        p.session ? sessionJson(p.session) : null,
      );
      await cdp.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'cache_storage,indexeddb,service_workers,cookies' });
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      try {
        const r = await lighthouse(url, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        const lhr = r!.lhr;
        const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
        out.push({
          page: p.name,
          url: p.path,
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpMs: Math.round(num('largest-contentful-paint')),
          tbtMs: Math.round(num('total-blocking-time')),
          cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
          fcpMs: Math.round(num('first-contentful-paint')),
          error: lhr.runtimeError?.message,
        });
      } catch (err) {
        out.push({ page: p.name, url: p.path, score: 0, lcpMs: NaN, tbtMs: NaN, cls: NaN, fcpMs: NaN, error: (err as Error).message });
      }
    }
    return out;
  });
}

export interface OfflineResult {
  firstCardMs: number | null;
  firstCardNote?: string;
  /** What came before the offline first card (ms from navigation start): the HTML, the last JS file, the entry's end of evaluation. */
  firstCardTimeline?: { html: number; entryJs: number; lastJs: number; jsFiles: number };
  replay500Ms: number | null;
  replayNote?: string;
  replayed?: number;
  /** API requests seen during the replay (page and service worker), by method and path: what a replayed item costs. */
  replayRequests?: Record<string, number>;
  /** The page's main thread during the replay (CDP Performance metrics, ms): where the page side spends it. */
  replayPageMs?: { task: number; script: number; layout: number; style: number };
}

/**
 * 1. The customer opens a product list online (the app saves what it shows), goes offline and
 *    opens it again: time from navigation start to the first product card drawn.
 * 2. The vendor has 500 Mark Delivered actions waiting in the outbox (queued offline); the time
 *    from going online until the outbox is empty and the server has them all.
 */
export async function runOffline(
  baseUrl: string,
  opts: { customer: Session; listPath: string; vendor: Session; orderIds: string[]; countDelivered: (ids: string[]) => Promise<number> },
): Promise<OfflineResult> {
  return withBrowser(async (ctx) => {
    const result: OfflineResult = { firstCardMs: null, replay500Ms: null };
    const page = await ctx.newPage();
    // --- first product card offline
    await page.goto(`${baseUrl}/manifest.webmanifest`);
    await page.evaluate((v) => localStorage.setItem('session', v), sessionJson(opts.customer));
    await page.goto(baseUrl + opts.listPath);
    await page.locator('[data-testid="product-card"]').first().waitFor({ timeout: 30_000 });
    // the service worker has precached the shell and chunks once it is active; the reload is controlled by it
    await withTimeout(
      page.evaluate(async () => void (await navigator.serviceWorker?.ready)),
      20_000,
      'service worker not ready',
    ).catch(() => {});
    await page.reload();
    await page.locator('[data-testid="product-card"]').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500); // the saved copy is written after the answer
    // when the first card is in the DOM, the next animation frame is when it is drawn
    await ctx.addInitScript(() => {
      const w = window as unknown as { __firstCard?: number };
      const seen = () => {
        if (w.__firstCard === undefined && document.querySelector('[data-testid="product-card"]')) {
          w.__firstCard = -1;
          requestAnimationFrame(() => (w.__firstCard = performance.now()));
          return true;
        }
        return false;
      };
      new MutationObserver((_m, o) => seen() && o.disconnect()).observe(document, { subtree: true, childList: true });
    });
    await ctx.setOffline(true);
    try {
      await page.goto(baseUrl + opts.listPath, { waitUntil: 'commit' });
      await page.waitForFunction(() => ((window as unknown as { __firstCard?: number }).__firstCard ?? -1) > 0, undefined, {
        timeout: 5_000,
      });
      result.firstCardMs = Math.round(await page.evaluate(() => (window as unknown as { __firstCard: number }).__firstCard));
      result.firstCardTimeline = await page.evaluate((card) => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
          (e) => e.name.endsWith('.js') && e.responseEnd <= card,
        );
        const entry = js.filter((e) => /\/assets\/index-[^/]*\.js$/.test(e.name));
        return {
          html: Math.round(nav?.responseEnd ?? 0),
          entryJs: Math.round(Math.max(0, ...entry.map((e) => e.responseEnd))),
          lastJs: Math.round(Math.max(0, ...js.map((e) => e.responseEnd))),
          jsFiles: js.length,
        };
      }, result.firstCardMs);
    } catch {
      result.firstCardNote = 'no product card offline within 5 s: the product list does not draw saved (IndexedDB) data offline';
    }
    await ctx.setOffline(false);

    // --- 500 Mark Delivered replays
    if (opts.orderIds.length < 500) {
      result.replayNote = `only ${opts.orderIds.length} pending orders available`;
    } else {
      await page.goto(`${baseUrl}/manifest.webmanifest`);
      await page.evaluate((v) => localStorage.setItem('session', v), sessionJson(opts.vendor));
      await ctx.setOffline(true);
      await page.goto(`${baseUrl}/PendingOrders`, { waitUntil: 'domcontentloaded' }).catch(() => {});
      // the app (served offline by its service worker) has opened its database by now
      await page.waitForTimeout(2000);
      const queued = await withTimeout(
        page.evaluate(
          async ({ ids, userId }) => {
            const db: IDBDatabase = await new Promise((res, rej) => {
              const r = indexedDB.open('namma-kadai-offline');
              r.onsuccess = () => res(r.result);
              r.onerror = () => rej(r.error);
              r.onblocked = () => rej(new Error('blocked'));
            });
            if (!db.objectStoreNames.contains('outbox')) {
              db.close();
              return -1;
            }
            const now = Date.now();
            await new Promise<void>((res, rej) => {
              const tx = db.transaction('outbox', 'readwrite');
              const store = tx.objectStore('outbox');
              // exactly what Mark Delivered (markDeliveredRequest in src/data/mark-delivered.ts) stores in the outbox
              ids.forEach((orderId, i) =>
                store.add({
                  id: crypto.randomUUID(),
                  userId,
                  kind: 'markDelivered',
                  method: 'PUT',
                  path: 'Orders/mark-delivered',
                  body: { orderId },
                  subject: orderId,
                  parallel: true,
                  createdAt: now + i,
                  label: `Order ${orderId.slice(-6)} delivered`,
                  status: 'pending',
                  attempts: 0,
                  nextAttemptAt: 0,
                }),
              );
              tx.oncomplete = () => res();
              tx.onerror = () => rej(tx.error);
            });
            db.close();
            return ids.length;
          },
          { ids: opts.orderIds.slice(0, 500), userId: opts.vendor.userInfo._id },
        ),
        15_000,
        'queueing 500 items',
      ).catch(() => -2);
      if (queued < 0) {
        result.replayNote =
          queued === -1 ? 'the offline database has no outbox (the app did not open it offline)' : 'could not write the outbox (timed out)';
      } else {
        const seen: Record<string, number> = {};
        const onRequest = (req: import('@playwright/test').Request) => {
          const u = new URL(req.url());
          if (!u.pathname.startsWith('/api/')) return;
          const k = `${req.method()} ${u.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;
          seen[k] = (seen[k] ?? 0) + 1;
        };
        ctx.on('request', onRequest);
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Performance.enable');
        const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
        const m0 = await metrics();
        const t0 = Date.now();
        await ctx.setOffline(false); // fires 'online': the app replays its outbox
        const left = async () =>
          withTimeout(
            page.evaluate(
              () =>
                new Promise<number>((res) => {
                  const r = indexedDB.open('namma-kadai-offline');
                  r.onerror = r.onblocked = () => res(-1);
                  r.onsuccess = () => {
                    const tx = r.result.transaction('outbox', 'readonly');
                    const c = tx.objectStore('outbox').count();
                    c.onsuccess = () => {
                      r.result.close();
                      res(c.result);
                    };
                    c.onerror = () => res(-1);
                  };
                }),
            ),
            5_000,
            'reading the outbox',
          ).catch(() => -1);
        let remaining = queued;
        while (Date.now() - t0 < 60_000) {
          const n = await left();
          if (n >= 0) remaining = n;
          if (remaining === 0) break;
          await page.waitForTimeout(100);
        }
        const ms = Date.now() - t0;
        ctx.off('request', onRequest);
        const m1 = await metrics().catch(() => m0);
        const d = (k: string) => Math.round(((m1[k] ?? 0) - (m0[k] ?? 0)) * 1000);
        result.replayPageMs = {
          task: d('TaskDuration'),
          script: d('ScriptDuration'),
          layout: d('LayoutDuration'),
          style: d('RecalcStyleDuration'),
        };
        result.replayRequests = seen;
        result.replayed = await opts.countDelivered(opts.orderIds.slice(0, 500));
        if (remaining === 0 && result.replayed === 500) result.replay500Ms = ms;
        else
          result.replayNote = `after ${Math.round(ms / 1000)} s: ${remaining} still queued, ${result.replayed} of 500 delivered on the server`;
      }
    }
    return result;
  });
}
