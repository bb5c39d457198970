// Bundles the API (server/main.ts with what it imports from server/ and core/) into
// dist-server/main.mjs, so the running server is plain JavaScript: no TypeScript transpiler in the
// process (about 40 MB less memory at start than `tsx server/main.ts`). Packages stay external and
// load from node_modules. Rebuilt only when a source is newer; `--force` rebuilds anyway.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'dist-server/main.mjs');
/**
 * How the server runs (`npm start` in package.json says the same): with a heap limit of 1 GB. The
 * limit is far above what the server holds, but without one V8 sizes its heap growth for the whole
 * machine (a 4 GB limit on 24 GB) and lets garbage pile up under load: 240 MB RSS during 50
 * concurrent area lists against 160 MB with the limit, at the same throughput (bench, 2026-11-22).
 */
export const SERVER_ARGS = ['--max-old-space-size=1024', SERVER_BUNDLE];

/** The newest modification time of any file below dir (ms). */
export const newest = (dir) => {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
};

export async function buildServer({ force = false } = {}) {
  const built = fs.existsSync(SERVER_BUNDLE) ? fs.statSync(SERVER_BUNDLE).mtimeMs : 0;
  const sources = Math.max(
    newest(path.join(root, 'server')),
    newest(path.join(root, 'core')),
    fs.statSync(path.join(root, 'package-lock.json')).mtimeMs,
  );
  if (!force && built >= sources) return false;
  await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    // server/config.ts finds the project folder as the parent of its own folder: dist-server/ keeps that.
  });
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t = Date.now();
  if (await buildServer({ force: process.argv.includes('--force') }))
    console.log(`Built the API into dist-server/main.mjs (${Date.now() - t} ms).`);
}
