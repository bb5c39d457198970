/**
 * Screens load data through useCachedQuery (src/data/use-cached-query.ts) only: loading, error with
 * Retry, saved copies offline and invalidate() come from one place. A hand-written useEffect that
 * fetches (the `let live = true` copies) is found here by a text check of every effect's body.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIRS = ['src/features', 'src/components'];

/** Still loads in its own effect (its form is filled from the loaded profile); to move to useCachedQuery. */
const KNOWN: string[] = [
  // not a screen's load but the till's catalogue sync: page after page saved on the device as it arrives, the
  // saved copy kept until the new one is whole (useCachedQuery loads and saves one answer)
  'src/features/shop-order/use-till-catalog.ts',
];

/** What a loading effect calls: the API client, a fetch helper, a promise chain, a load function. */
const LOADS = [
  /\b(api|http|ky)\.\w+\(/, // api.get(…)
  /\b\w+Api\.\w+\(/, // ordersApi.mine(), catalogApi.categories()
  /\bfetch\w*\s*\(/, // fetch(…), fetchProfile(), fetchWithCache(…)
  /\bky\s*\(/,
  /\.then\s*\(/,
  /\bawait\b/,
  /\b(re)?load\w*\s*\(/, // useEffect(() => void load(), [load])
  /\bvoid\s+\w+\s*\(/, // a promise started and dropped: if (!isAdmin) void run();
];

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsxFiles(p) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The text of each `useEffect(…)` call, its parentheses matched; strings and comments blanked out. */
function effectBodies(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/\buseEffect\s*\(/g)) {
    let depth = 1;
    let body = '';
    for (let i = m.index + m[0].length; i < source.length; i++) {
      const c = source[i];
      const two = source.slice(i, i + 2);
      const end =
        two === '//'
          ? source.indexOf('\n', i)
          : two === '/*'
            ? blockEnd(source, i)
            : c === "'" || c === '"' || c === '`'
              ? closingQuote(source, i)
              : -2;
      if (end !== -2) {
        const stop = end < 0 ? source.length : end;
        body += ' ';
        i = stop;
        continue;
      }
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
      body += c;
    }
    out.push(body);
  }
  return out;
}

/** The last character of the comment opened at `start` (-1: it runs to the end). */
function blockEnd(source: string, start: number): number {
  const close = source.indexOf('*/', start + 2);
  return close < 0 ? -1 : close + 1;
}

/** Where the string opened at `start` closes. */
function closingQuote(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === source[start]) return i;
  }
  return source.length;
}

/** The effects of a source text that load data. */
const loadingEffects = (source: string) => effectBodies(source).filter((body) => LOADS.some((re) => re.test(body)));

describe('the effect check itself', () => {
  it('finds the hand-written loading effects screens used to have', () => {
    const oldCategories = `
      useEffect(() => {
        let live = true;
        catalogApi
          .categories()
          .then((c) => live && setCategories(c))
          .catch((err) => live && setError(errorMessage(err, MSG.categoriesLoadFailed)));
        return () => {
          live = false;
        };
      }, []);`;
    const oldShipping = `useEffect(() => { let live = true; api.get<{ areas: string[] }>('users/misc/areas').then((r) => live && setAreas(r.areas ?? [])); return () => { live = false; }; }, []);`;
    const oldGsts = `const load = useCallback(async () => { setItems(await fetchGsts()); }, []);\n  useEffect(() => void load(), [load]);`;
    const oldAsync = `useEffect(() => { (async () => { const list = await listThings(); setThings(list); })(); }, []);`;
    const oldGstr1 = `useEffect(() => {\n    if (!isAdmin) void run();\n    // eslint-disable-next-line react-hooks/exhaustive-deps\n  }, []);`;
    for (const src of [oldCategories, oldShipping, oldGsts, oldAsync, oldGstr1]) expect(loadingEffects(src)).toHaveLength(1);
  });

  it('leaves effects that load nothing alone', () => {
    const ok = `
      useEffect(() => setQty('1'), [productId]);
      useEffect(() => () => clearTimeout(timer.current), []);
      useEffect(() => {
        const t = setInterval(() => setNow(Date.now()), everyMs);
        return () => clearInterval(t);
      }, [everyMs]);
      useEffect(() => {
        // the user's own fetch( in a comment
        document.title = 'api.get( or fetch(';
        onBusyChange?.(pending.length > 0);
      }, [pending.length, onBusyChange]);`;
    expect(effectBodies(ok)).toHaveLength(4);
    expect(loadingEffects(ok)).toEqual([]);
  });
});

describe('screens load data through useCachedQuery', () => {
  const files = DIRS.flatMap((d) => tsxFiles(path.join(ROOT, d))).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));

  it('has no screen or component with its own fetching useEffect', () => {
    expect(files.length).toBeGreaterThan(40);
    const found = files
      .filter((f) => !KNOWN.includes(f))
      .flatMap((f) =>
        loadingEffects(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((body) => `${f}: useEffect(${body.trim().slice(0, 120)}…`),
      );
    expect(found, 'load it with useCachedQuery (src/data/use-cached-query.ts) instead').toEqual([]);
  });

  it('lists as known exceptions only files that still have such an effect', () => {
    const stale = KNOWN.filter(
      (f) => !fs.existsSync(path.join(ROOT, f)) || loadingEffects(fs.readFileSync(path.join(ROOT, f), 'utf8')).length === 0,
    );
    expect(stale, 'remove these from KNOWN').toEqual([]);
  });
});
