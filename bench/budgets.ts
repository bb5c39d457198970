/**
 * The performance budgets of issue 7 on the 2-core reference machine. The bundle budgets are
 * deterministic and enforced by tests/unit/bundle-budget.test.ts; the others are checked by
 * `npm run bench` and shown in its report.
 */

/** Sizes in gzip bytes (1 KB = 1000 bytes here, the stricter reading). */
export const KB = 1000;

/**
 * Initial JS (entry + the route's page chunk with their static imports) per route, gzip.
 *
 * TARGETS are issue 7's budgets; `npm run bench` reports them as met or missed (with the cause).
 * CEILINGS are what tests/unit/bundle-budget.test.ts enforces today: the measured size with a
 * margin, so any growth past them fails `npm test`. Lower a ceiling whenever a route gets smaller;
 * a ceiling may never be raised above its target once the target is met.
 *
 * Sign-in misses its 150 KB target (measured 182 KB, 2026-11-22): the entry chunk alone is 170 KB —
 * react-dom 19 (~60 KB), Mantine core with AppShell/Modal/Drawer/Tooltip and floating-ui (~55 KB),
 * React Router 7 (~20 KB), @mantine/notifications, ky, workbox-window. The header menus were split
 * off (src/app/header-menus.tsx); what remains is named in bench/results/latest.md.
 */
export const ROUTE_JS_TARGET: Record<string, number> = {
  '/': 150 * KB, // sign-in: the first thing a cheap phone loads
  '/Home': 150 * KB,
};
export const ROUTE_JS_CEILING: Record<string, number> = {
  '/': 190 * KB,
  '/Home': 240 * KB,
};
/** Every other route. */
export const DEFAULT_ROUTE_JS_BUDGET = 260 * KB;
/** A single lazy page chunk (with what only it imports), gzip. */
export const PAGE_CHUNK_BUDGET = 25 * KB;

export const BUDGETS = {
  searchP99Ms: 50,
  searchOfferedRate: 200,
  searchApiRawRatio: 0.7,
  productDetailRps: 2000,
  peakRssMb: 250,
  signInJsKb: 150,
  lighthousePerformance: 95,
  lighthouseLcpMs: 2000,
  offlineFirstCardMs: 300,
  replay500Ms: 20_000,
} as const;

/** What the test enforces for a route. */
export const routeBudget = (path: string) => ROUTE_JS_CEILING[path] ?? DEFAULT_ROUTE_JS_BUDGET;
/** The target for a route, where it sets one. */
export const routeTarget = (path: string): number | undefined => ROUTE_JS_TARGET[path];
