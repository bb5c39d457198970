/**
 * The rider's first session and the installed app's later visits, on Debian's Chromium with the
 * phone profile Lighthouse's mobile defaults stand for (slow 4G as DevTools applies it: 562.5 ms
 * request latency, 1.47 Mbit/s down, 675 kbit/s up; the CPU slowed 4x):
 *
 * 1. Offline-ready: a fresh browser opens the sign-in page, the rider taps Sign In; the time from the
 *    tap to "Ready to work offline" (the service worker controls the page, the precache is complete
 *    and the rider's areas are saved), with the precache's size as sent (Brotli where the build has it).
 * 2. Warm LCP: the same browser, installed (worker active, data saved), opens each page again; LCP
 *    read from Chromium's own trace (the last `largestContentfulPaint::Candidate` after the
 *    navigation's `navigationStart`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM, withTimeout } from './browser';
import type { RiderAreas } from './evening';
import { median } from './stats';

const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

/** The precache manifest of the built service worker, summed as the server sends it (its .br copy when there is one). */
export function precacheSize(distDir: string): { files: number; bytes: number; brotliBytes: number } {
  const swFile = fs.readdirSync(distDir).find((f) => f === 'sw.js');
  if (!swFile) return { files: 0, bytes: 0, brotliBytes: 0 };
  const sw = fs.readFileSync(path.join(distDir, swFile), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
  let bytes = 0;
  let brotliBytes = 0;
  for (const u of urls) {
    const file = path.join(distDir, decodeURIComponent(u.replace(/^\//, '')));
    if (!fs.existsSync(file)) continue;
    const size = fs.statSync(file).size;
    bytes += size;
    brotliBytes += fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : size;
  }
  return { files: urls.length, bytes, brotliBytes };
}

async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

interface TraceEvent {
  name: string;
  ts: number;
  args?: { frame?: string; data?: { isMainFrame?: boolean; navigationId?: string; documentLoaderURL?: string; type?: string } };
}

async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream!)));
  await cdp.send('Tracing.end');
  const stream = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

/** LCP of one navigation from the trace: the last candidate after the main frame's last navigationStart, ms. */
export function lcpFromTrace(events: TraceEvent[]): { ms: number; kind: string } | null {
  const starts = events.filter(
    (e) => e.name === 'navigationStart' && e.args?.data?.isMainFrame !== false && e.args?.data?.documentLoaderURL,
  );
  const start = starts.at(-1);
  if (!start) return null;
  const candidates = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.ts >= start.ts);
  const last = candidates.at(-1);
  return last ? { ms: Math.round((last.ts - start.ts) / 1000), kind: last.args?.data?.type ?? 'unknown' } : null;
}

/** Opens `url` under a trace and answers its LCP (ms), once the page has been quiet for a moment. */
async function tracedLcp(page: Page, cdp: CDPSession, url: string, ready: string): Promise<{ ms: number; kind: string } | null> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['loading', 'devtools.timeline', 'blink.user_timing'] },
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  // candidates stop at the first input; wait for the network to settle so a late image still counts
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  return lcpFromTrace(await readTrace(cdp));
}

export interface FirstSessionResult {
  /** Tap on Sign In to "Ready to work offline", ms (slow 4G, 4x CPU); null when it did not come within the limit. */
  offlineReadyMs: number | null;
  note?: string;
  precache: { files: number; bytes: number; brotliBytes: number };
  /** Installed app, slow 4G and 4x CPU: each page's LCP from the trace. */
  warm: Array<{ page: string; path: string; lcpMs: number | null; lcpElement?: string; error?: string }>;
}

export interface WarmPage {
  name: string;
  path: string;
  /** A selector that shows the page has drawn its content. */
  ready: string;
  /** The phone that signs in for this page. */
  phone: string;
}

/** A browser with an empty profile of its own (390x844; a touch phone unless `phone` is false), removed after `fn`. */
export async function withFreshBrowser<T>(
  fn: (ctx: BrowserContext) => Promise<T>,
  opts: { name?: string; phone?: boolean } = {},
): Promise<T> {
  const phone = opts.phone ?? true;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${opts.name ?? 'first-session'}-`));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    viewport: { width: 390, height: 844 },
    isMobile: phone,
    hasTouch: phone,
  });
  await ctx.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f);' });
  try {
    return await fn(ctx);
  } finally {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Signs in through the form as a person would (the prerendered page, then the app). */
async function signIn(page: Page, base: string, phone: string, password: string) {
  await page.goto(`${base}/`);
  await page.getByLabel(/^Phone/).fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.evaluate(() => {
    const w = window as unknown as { __tap?: number; __ready?: number };
    w.__tap = performance.now();
    const seen = () => {
      if (w.__ready === undefined && document.body.innerText.includes('Ready to work offline')) w.__ready = performance.now();
      return w.__ready !== undefined;
    };
    new MutationObserver((_m, o) => seen() && o.disconnect()).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * 1. A rider's first session (fresh browser, throttled) to "Ready to work offline".
 * 2. For each page (signing in as its person on the same installed browser): opened once to save its data, then its LCP.
 */
export async function runFirstSession(
  base: string,
  opts: { riderPhone: string; password: string; distDir: string; pages: WarmPage[] },
): Promise<FirstSessionResult> {
  const result: FirstSessionResult = { offlineReadyMs: null, precache: precacheSize(opts.distDir), warm: [] };
  await withFreshBrowser(async (ctx) => {
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await throttle(cdp);
    await signIn(page, base, opts.riderPhone, opts.password);
    try {
      await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, undefined, { timeout: 60_000 });
      result.offlineReadyMs = Math.round(
        await page.evaluate(() => {
          const w = window as unknown as { __tap: number; __ready: number };
          return w.__ready - w.__tap;
        }),
      );
    } catch {
      result.note = 'no "Ready to work offline" within 60 s of the tap';
    }
  });
  for (const p of opts.pages) {
    await withFreshBrowser(async (ctx) => {
      const page = await ctx.newPage();
      try {
        await signIn(page, base, p.phone, opts.password);
        await page.waitForURL(/\/Home$/, { timeout: 30_000 });
        await withTimeout(
          page.evaluate(async () => void (await navigator.serviceWorker.ready)),
          60_000,
          'service worker',
        );
        await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 });
        // once online: the page saves what it shows
        await page.goto(base + p.path);
        await page.locator(p.ready).first().waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
        const cdp = await ctx.newCDPSession(page);
        await throttle(cdp);
        const lcp = await tracedLcp(page, cdp, base + p.path, p.ready);
        result.warm.push({ page: p.name, path: p.path, lcpMs: lcp?.ms ?? null, lcpElement: lcp?.kind });
      } catch (err) {
        result.warm.push({ page: p.name, path: p.path, lcpMs: null, error: (err as Error).message.split('\n')[0] });
      }
    });
  }
  return result;
}

/** `runs` first sessions one after the other: each figure the median of the runs, with its min-max. */
export async function firstSessionMedians(runs: number, run: () => Promise<FirstSessionResult>): Promise<RepeatedFirstSession> {
  const all: FirstSessionResult[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) all.push(await run());
  const figure = (values: Array<number | null>): Figure => {
    const ok = values.filter((v): v is number => v !== null);
    return ok.length ? { ms: median(ok), min: Math.min(...ok), max: Math.max(...ok), runs: ok.length } : { ms: null, runs: 0 };
  };
  return {
    runs: all.length,
    offlineReady: figure(all.map((r) => r.offlineReadyMs)),
    notes: [
      ...new Set(all.flatMap((r) => [r.note, ...r.warm.map((w) => w.error && `${w.page}: ${w.error}`)]).filter((n): n is string => !!n)),
    ],
    precache: all[0].precache,
    warm: all[0].warm.map((w, i) => ({
      page: w.page,
      path: w.path,
      lcpElement: w.lcpElement,
      ...figure(all.map((r) => r.warm[i]?.lcpMs ?? null)),
    })),
  };
}

interface Figure {
  ms: number | null;
  min?: number;
  max?: number;
  runs: number;
}

export interface RepeatedFirstSession {
  runs: number;
  /** What the rider's areas held when the rider signed in (absent in reports from before it was recorded). */
  riderAreas?: RiderAreas;
  offlineReady: Figure;
  notes: string[];
  precache: FirstSessionResult['precache'];
  warm: Array<Figure & { page: string; path: string; lcpElement?: string }>;
}
