/**
 * Bundle budgets: the JS a route loads before its first paint (entry + page chunk with
 * their static imports, gzip) must stay within its ceiling in bench/budgets.ts (the targets
 * are reported by `npm run bench`). Builds the PWA with
 * the project's own vite.config.ts (cached per input hash under node_modules/.cache/bundle-budget).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE_JS_BUDGET, KB, PAGE_CHUNK_BUDGET, routeBudget, routeTarget } from '../../bench/budgets';
import { analyzeBundle, type BundleReport, cachedBuild, routeModules } from '../../bench/lib/bundle';

let report: BundleReport;

beforeAll(() => {
  report = analyzeBundle(cachedBuild());
}, 300_000);

const fmt = (b: number) => `${(b / KB).toFixed(1)} KB`;

describe('bundle budgets', () => {
  it('finds every route of the route table as its own lazy chunk', () => {
    const routes = routeModules();
    expect(routes.length).toBeGreaterThan(30);
    expect(report.routes.map((r) => r.path)).toEqual(routes.map((r) => r.path));
    for (const r of report.routes) {
      // the page chunk and the whole entry are part of what the route loads
      expect(r.files).toContain(r.pageFile);
      for (const f of report.entryFiles) expect(r.files).toContain(f);
      expect(r.jsGzip).toBeGreaterThan(report.entryGzip);
    }
  });

  it('has a ceiling for every route that is no higher than a target already met', () => {
    for (const r of report.routes) {
      const target = routeTarget(r.path);
      // once a route meets its issue-7 target, its ceiling must come down to the target
      if (target !== undefined && r.jsGzip <= target)
        expect(routeBudget(r.path), `lower the ceiling of ${r.path} to ${fmt(target)}`).toBeLessThanOrEqual(target);
    }
    expect(report.routes.find((r) => r.path === '/')!.module).toBe('src/features/auth/sign-in-page.tsx');
  });

  it('keeps the initial JS of every route within its budget', () => {
    const over = report.routes
      .filter((r) => r.jsGzip > routeBudget(r.path))
      .map((r) => `${r.path}: ${fmt(r.jsGzip)} > ${fmt(routeBudget(r.path))}`);
    expect(over, `over budget (default ${fmt(DEFAULT_ROUTE_JS_BUDGET)}):\n${over.join('\n')}`).toEqual([]);
  });

  it('keeps every page chunk small', () => {
    const over = report.routes.filter((r) => r.pageGzip > PAGE_CHUNK_BUDGET).map((r) => `${r.pageFile}: ${fmt(r.pageGzip)}`);
    expect(over).toEqual([]);
  });
});
