/**
 * What each route of the PWA loads before its first paint: the entry chunk of index.html, the
 * route's lazy page chunk, and every chunk those import statically (the browser fetches them all
 * before the page can render). Read from Vite's build manifest, so it follows the real chunk graph.
 * Used by `npm run bench` and by tests/unit/bundle-budget.test.ts.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteJs {
  path: string;
  /** Source module of the page, e.g. src/features/auth/sign-in-page.tsx */
  module: string;
  /** The page's own chunk. */
  pageFile: string;
  pageGzip: number;
  /** Every JS file loaded before first paint (entry closure + page closure). */
  files: string[];
  jsGzip: number;
  jsRaw: number;
  cssGzip: number;
}

export interface BundleReport {
  outDir: string;
  entryFiles: string[];
  entryGzip: number;
  routes: RouteJs[];
  chunks: Array<{ file: string; raw: number; gzip: number }>;
}

/** The route table: path and the module its lazy page imports (parsed from src/app/routes.tsx). */
export function routeModules(root = ROOT): Array<{ path: string; module: string; namespaces: string[] }> {
  const text = fs.readFileSync(path.join(root, 'src/app/routes.tsx'), 'utf8');
  const out: Array<{ path: string; module: string; namespaces: string[] }> = [];
  const re = /path:\s*'([^']+)'[^\n]*?import\('([^']+)'\)(?:,\s*\[([^\]]*)\])?/g;
  for (const m of text.matchAll(re)) {
    const abs = path.resolve(root, 'src/app', m[2]);
    const file = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((e) => abs + e).find((f) => fs.existsSync(f));
    out.push({
      path: m[1],
      // the interface texts the route loads with its page (src/lib/i18n.ts): `common` and the listed namespaces
      namespaces: ['common', ...[...(m[3] ?? '').matchAll(/'([^']+)'/g)].map((n) => n[1])],
      module: path
        .relative(root, file ?? `${abs}.tsx`)
        .split(path.sep)
        .join('/'),
    });
  }
  return out;
}

const sizeCache = new Map<string, { raw: number; gzip: number }>();
function sizes(file: string) {
  let s = sizeCache.get(file);
  if (!s) {
    const buf = fs.readFileSync(file);
    s = { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
    sizeCache.set(file, s);
  }
  return s;
}

/** Static-import closure of a manifest key (the chunks the browser must fetch with it). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

export function analyzeBundle(outDir: string, root = ROOT): BundleReport {
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error(`No index.html entry in ${manifestFile}`);
  const entryKeys = closure(manifest, entryKey);
  const js = (keys: Iterable<string>) => [...new Set([...keys].map((k) => manifest[k].file))].filter((f) => f.endsWith('.js'));
  const gz = (files: string[]) => files.reduce((n, f) => n + sizes(path.join(outDir, f)).gzip, 0);
  const raw = (files: string[]) => files.reduce((n, f) => n + sizes(path.join(outDir, f)).raw, 0);
  const entryFiles = js(entryKeys);

  const routes: RouteJs[] = routeModules(root).map(({ path: p, module, namespaces }) => {
    const page = manifest[module];
    if (!page) throw new Error(`Route ${p}: ${module} is not a chunk of the build (is it still lazily imported?)`);
    const keys = closure(manifest, module, new Set(entryKeys));
    // Only the chosen language's catalogues load before the first paint: count the heavier language
    // (Tamil also loads the product's messages in Tamil, core/messages-ta.ts).
    const withTexts = (['en', 'ta'] as const).map((lang) => {
      const all = new Set(keys);
      const texts = namespaces.map((ns) => `src/locales/${lang}/${ns}.ts`);
      if (lang === 'ta') texts.push('core/messages-ta.ts');
      for (const k of texts) if (manifest[k]) closure(manifest, k, all);
      return js(all);
    });
    const files = withTexts.reduce((a, b) => (gz(b) > gz(a) ? b : a));
    const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
    return {
      path: p,
      module,
      pageFile: page.file,
      pageGzip: sizes(path.join(outDir, page.file)).gzip,
      files,
      jsGzip: gz(files),
      jsRaw: raw(files),
      cssGzip: gz(css),
    };
  });

  const chunks = [...new Set(Object.values(manifest).map((c) => c.file))]
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, ...sizes(path.join(outDir, file)) }))
    .sort((a, b) => b.gzip - a.gzip);
  // reported relative to the repository: the report is read on other machines
  return { outDir: path.relative(root, outDir), entryFiles, entryGzip: gz(entryFiles), routes, chunks };
}

/** A hash of everything that decides the build output, to reuse a build of the same inputs. */
export function buildInputsHash(root = ROOT): string {
  const h = crypto.createHash('sha256');
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (!/\.test\.tsx?$/.test(e.name)) {
        h.update(path.relative(root, p));
        h.update(fs.readFileSync(p));
      }
    }
  };
  for (const d of ['src', 'core', 'public']) walk(path.join(root, d));
  for (const f of ['index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json']) {
    const p = path.join(root, f);
    if (fs.existsSync(p)) h.update(f).update(fs.readFileSync(p));
  }
  return h.digest('hex').slice(0, 16);
}

function productionEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'TEST') delete env[k];
  return env;
}

/**
 * Builds the PWA with a manifest into outDir (the project's own vite.config.ts, so the chunks
 * are the shipped ones). With `cache`, a build of identical inputs is reused.
 */
export function buildWeb(outDir: string, opts: { cache?: boolean; quiet?: boolean } = {}): string {
  const stamp = path.join(outDir, '.inputs-hash');
  const hash = buildInputsHash();
  if (
    opts.cache &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === hash &&
    fs.existsSync(path.join(outDir, '.vite/manifest.json'))
  ) {
    return outDir;
  }
  const r = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      opts.quiet ? 'error' : 'warn',
    ],
    // a production build whatever runs this (vitest sets NODE_ENV=test, which makes React's dev build)
    { cwd: ROOT, stdio: opts.quiet ? 'pipe' : 'inherit', encoding: 'utf8', env: productionEnv() },
  );
  if (r.status !== 0) throw new Error(`vite build failed (${r.status}):\n${r.stderr ?? ''}${r.stdout ?? ''}`.slice(0, 4000));
  fs.writeFileSync(stamp, hash);
  return outDir;
}

/**
 * A build of the current inputs under node_modules/.cache/bundle-budget/<inputs hash>, made once
 * (in a private folder, then renamed, so parallel runs never see half a build) and reused.
 */
export function cachedBuild(): string {
  const base = path.join(ROOT, 'node_modules/.cache/bundle-budget');
  const dir = path.join(base, buildInputsHash());
  if (fs.existsSync(path.join(dir, '.vite/manifest.json'))) return dir;
  fs.mkdirSync(base, { recursive: true });
  // keep only recent builds
  for (const old of fs.readdirSync(base)) if (!old.includes('.tmp-')) fs.rmSync(path.join(base, old), { recursive: true, force: true });
  const tmp = `${dir}.tmp-${process.pid}`;
  buildWeb(tmp, { quiet: true });
  try {
    fs.renameSync(tmp, dir);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true }); // another run got there first
  }
  return dir;
}
