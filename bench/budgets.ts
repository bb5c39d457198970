/**
 * The performance budgets of issue 7 on the 2-core reference machine. The bundle budgets are
 * deterministic and enforced by tests/unit/bundle-budget.test.ts; the others are checked by
 * `npm run bench` and shown in its report.
 */

/** Sizes in gzip bytes (1 KB = 1000 bytes here, the stricter reading). */
export const KB = 1000;

/** Initial JS (entry + the route's page chunk with their static imports) per route, gzip. */
export const ROUTE_JS_BUDGET: Record<string, number> = {
  '/': 150 * KB, // sign-in: the first thing a cheap phone loads
  '/Home': 150 * KB,
};
/** Every other route. */
export const DEFAULT_ROUTE_JS_BUDGET = 170 * KB;
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

export const routeBudget = (path: string) => ROUTE_JS_BUDGET[path] ?? DEFAULT_ROUTE_JS_BUDGET;
