import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium-path.mjs';

export default defineConfig({
  testDir: 'tests/e2e',
  // Files run in parallel, each worker against its own server and database (tests/e2e/fixtures.ts, which
  // also sets baseURL); the tests of a file run in order, in one worker.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    trace: 'off',
    // the service worker precaches the whole app in every new context: only the specs that need it allow it
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' } }],
});
