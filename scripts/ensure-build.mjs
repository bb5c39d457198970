// Builds the PWA when dist/ is missing or older than the sources, and the API bundle
// (scripts/build-server.mjs) when dist-server/ is (npm start).
import { execSync } from 'node:child_process';
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
  console.log('Building the web app (vite build)...');
  execSync('npx vite build', { stdio: 'inherit' });
}
if (await buildServer()) console.log('Built the API into dist-server/main.mjs.');
