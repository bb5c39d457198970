import { spawnSync } from 'node:child_process';

/**
 * Builds the API bundle once (rebuilt only when a server or core source is newer), before the
 * workers start their servers from it (fixtures.ts). The web app is built before Playwright runs
 * (`npx vite build`: npm test and npm run test:e2e do it).
 */
export default async function globalSetup() {
  if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' }).status !== 0)
    throw new Error('building the API failed');
}
