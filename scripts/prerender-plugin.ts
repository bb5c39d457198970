import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

/**
 * After the client build: renders the sign-in screen to HTML with react-dom (an SSR build of
 * src/prerender/sign-in-entry.tsx) and writes dist/sign-in.html, index.html with that markup in
 * #root and Mantine's stylesheet linked in the head, so the form paints before any JavaScript runs.
 * The server sends it for `/` only; every other route (and the service worker) keeps index.html's shell.
 */
export function prerenderSignIn(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'prerender-sign-in',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // inside the project, so the SSR bundle's imports find node_modules
        const ssrDir = fs.mkdtempSync(path.join(root, '.prerender-'));
        try {
          await build({
            configFile: false,
            root,
            logLevel: 'warn',
            plugins: [react()],
            build: { ssr: 'src/prerender/sign-in-entry.tsx', outDir: ssrDir, emptyOutDir: true, target: 'node20' },
          });
          const entry = path.join(ssrDir, 'sign-in-entry.js');
          const { renderSignIn } = (await import(pathToFileURL(entry).href)) as { renderSignIn: () => Promise<string> };
          const markup = await renderSignIn();
          if (/<script/i.test(markup)) throw new Error('The prerendered sign-in page must not contain inline scripts (CSP)');
          const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
          const css = fs
            .readdirSync(path.join(outDir, 'assets'))
            .filter((f) => /^styles-[\w-]+\.css$/.test(f))
            .map((f) => `<link rel="stylesheet" href="/assets/${f}" />`)
            .join('');
          const page = shell
            .replace('</head>', `${css}<script src="/early-submit.js"></script></head>`)
            .replace(/<div id="root">[\s\S]*?<\/div>\s*(<script|<\/body>)/, `<div id="root" data-prerendered="sign-in">${markup}</div>$1`);
          if (!page.includes('data-prerendered')) throw new Error('index.html has no #root to prerender into');
          fs.writeFileSync(path.join(outDir, 'sign-in.html'), page);
        } finally {
          fs.rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
