// Builds the PWA when dist/ is missing or older than the sources, and the API bundle
// (scripts/build-server.mjs) when dist-server/ is (npm start). Vite's file-by-file report stays
// out of the way: one line on success, the whole output only when the build fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { buildServer, newest } from './build-server.mjs';

const built = fs.existsSync('dist/index.html') ? fs.statSync('dist/index.html').mtimeMs : 0;
const sources = Math.max(
  newest('src'),
  newest('core'),
  newest('public'),
  fs.statSync('index.html').mtimeMs,
  fs.statSync('vite.config.ts').mtimeMs,
);
if (built < sources) {
  process.stdout.write('Building the web app... ');
  const started = Date.now();
  const r = spawnSync('npx', ['vite', 'build'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0) {
    console.log('failed:');
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    process.exit(r.status ?? 1);
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}
if (await buildServer()) console.log('Built the API into dist-server/main.mjs.');
