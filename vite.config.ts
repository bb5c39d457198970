import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/compress-plugin';
import { prerenderSignIn } from './scripts/prerender-plugin';

const apiPort = process.env.API_PORT ?? '3001';

// React Router's package exports only its development build (dev warnings, ~25 % larger); the
// production build it also ships is used for `vite build` (bundle budget). Both entry points
// move together, so there is one router context.
const routerDist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * The page chunks of the back office (routes for vendors and admins only, src/app/routes.tsx), by file
 * name. Their lazy imports carry no preload list: every list is a string in the entry that the sign-in
 * page downloads first (65 routes made 4.5 KB gzip), while a shop's installed app has every chunk
 * precached and a first visit pays one round trip per import level. Customers' and riders' pages keep
 * their lists. A name that a customer page shares stays preloaded.
 */
const BACK_OFFICE_ACCESS = new Set(['SELL', 'STOCK', 'REPORTS', 'WORK', 'MANAGE_STAFF', 'ADMIN', 'PAY_SUPPLIERS', 'BOOKS', 'PRICING']);
function backOfficePages(): Set<string> {
  const table = fs.readFileSync(fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url)), 'utf8');
  const staff = new Set<string>();
  const others = new Set<string>();
  for (const m of table.matchAll(/access:\s*(\w+|\[[^\]]*\]),\s*Page:\s*page\(\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    (BACK_OFFICE_ACCESS.has(m[1]) ? staff : others).add(path.basename(m[2]));
  }
  return new Set([...staff].filter((name) => !others.has(name)));
}
const backOffice = backOfficePages();
const chunkName = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

/**
 * Chunks only the counter and the dashboards use (the camera's barcode decoder, the receipt printer's encoder, the
 * charts): named `later-*`, so the service worker caches them in a second step, after the app is ready offline
 * (src/sw.ts): a rider's or a customer's first session does not wait for them.
 */
const LATER_MODULES =
  /node_modules\/(@zxing|ts-custom-error|@point-of-sale|chart\.js|@kurkle)\/|src\/lib\/escpos\/|src\/features\/dashboard\/chart-setup\.ts$/;
const isLater = (moduleIds: string[]) => moduleIds.length > 0 && moduleIds.every((id) => LATER_MODULES.test(id.replace(/\\/g, '/')));

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerDist('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerDist('dom-export.mjs') },
          ]
        : [],
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false, // public/manifest.webmanifest is the manifest
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 3_000_000,
      },
      devOptions: { enabled: false },
    }),
    prerenderSignIn(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: { chunkFileNames: (chunk) => (isLater(chunk.moduleIds) ? 'assets/later-[name]-[hash].js' : 'assets/[name]-[hash].js') },
    },
    // no polyfill: every browser that runs the app's ES2022 has <link rel="modulepreload"> or loads the same files through
    // the imports; half a kilobyte off the first screen
    modulePreload: { polyfill: false, resolveDependencies: (file, deps) => (backOffice.has(chunkName(file)) ? [] : deps) },
  },
  server: { proxy: { '/api': `http://localhost:${apiPort}`, '/uploads': `http://localhost:${apiPort}` } },
}));
