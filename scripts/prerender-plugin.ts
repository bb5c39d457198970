import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { build, type Plugin } from 'vite';

/**
 * After the client build: renders the sign-in screen to HTML with react-dom (an SSR build of
 * src/prerender/sign-in-entry.tsx) and writes dist/sign-in.html (English) and dist/sign-in.ta.html
 * (Tamil), index.html with that markup in #root and Mantine's stylesheet linked in the head, so the
 * form paints before any JavaScript runs. The server sends one of them for `/` only, in the device's
 * language (server/app.ts); every other route (and the service worker) keeps index.html's shell.
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
          const { renderSignIn } = (await import(pathToFileURL(entry).href)) as { renderSignIn: (lang: 'en' | 'ta') => Promise<string> };
          for (const [lang, file] of [
            ['en', 'sign-in.html'],
            ['ta', 'sign-in.ta.html'],
          ] as const) {
            const page = await prerenderedPage(await renderSignIn(lang), lang, outDir);
            fs.writeFileSync(path.join(outDir, file), page);
          }
        } finally {
          fs.rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}

/**
 * index.html with the sign-in markup of one language in #root (its `data-lang`: the app hydrates it when it
 * starts in that language), its scripts started by early-submit.js, critical CSS inline.
 */
async function prerenderedPage(markup: string, lang: 'en' | 'ta', outDir: string): Promise<string> {
  if (/<script/i.test(markup)) throw new Error('The prerendered sign-in page must not contain inline scripts (CSP)');
  const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const css = fs
    .readdirSync(path.join(outDir, 'assets'))
    .filter((f) => /^styles-[\w-]+\.css$/.test(f))
    .map((f) => `<link rel="stylesheet" href="/assets/${f}" />`)
    .join('');
  // the Tamil page fetches its font in both weights at once, beside the HTML, rather than once the text is laid out
  const fonts =
    lang === 'ta'
      ? fs
          .readdirSync(path.join(outDir, 'assets'))
          .filter((f) => /^noto-sans-tamil-tamil-(400|700)-normal-[\w-]+\.woff2$/.test(f))
          .map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${f}" />`)
          .join('')
      : '';
  const page = shell
    .replace('</head>', `${fonts}${css}</head>`)
    // deferred, so it blocks no paint; it holds early submits and then starts the app, so a submit cannot reach
    // the app before it
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_all, entry: string) => {
      // the app's scripts start from early-submit.js once the form has painted: listed on its tag
      const preload = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      return `<script defer src="/early-submit.js" data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`;
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(
      /<div id="root">[\s\S]*?<\/div>\s*(<script|<\/body>)/,
      `<div id="root" data-prerendered="sign-in" data-lang="${lang}">${markup}</div>$1`,
    );
  if (!page.includes('data-prerendered')) throw new Error('index.html has no #root to prerender into');
  return inlineCriticalCss(page.replace('<html lang="en">', `<html lang="${lang}">`), outDir);
}

/**
 * The rules the prerendered form uses go inline in the head (a few KB), and Mantine's whole stylesheet
 * (about 30 KB compressed) moves to the end of the body, where it blocks no paint of the form: on a slow
 * link the first paint waits only for the HTML. The "body" strategy needs no script (the CSP allows no
 * inline one). Mantine's colour-scheme rules are kept whatever the markup: the attribute is set on <html>
 * by the app at run time.
 */
async function inlineCriticalCss(html: string, outDir: string): Promise<string> {
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    fonts: false,
    reduceInlineStyles: false,
    allowRules: [/^:root$/, /^:root\[data-mantine-color-scheme=light\]/],
    logLevel: 'warn',
  });
  // light, as the app sets it once it runs: the light scheme's rules apply from the first paint, the dark ones are left out
  const processed = await beasties.process(html.replace(/<html lang="(\w+)">/, '<html lang="$1" data-mantine-color-scheme="light">'));
  const out = pruneCustomProperties(processed.replace(' data-beasties-container', ''));
  if (!/<style[^>]*>[^<]{1000,}/.test(out)) throw new Error('No critical CSS was inlined into the sign-in page');
  return out;
}

const DECLARATION = /([{;])\s*(--[\w-]+)\s*:([^;{}]*)(;?)/g;

/**
 * Mantine declares some 650 custom properties on :root; the form uses a few hundred. Keeps the ones the
 * page refers to (its markup's inline styles, the inlined rules) and those they refer to in turn; the
 * full stylesheet still brings every one.
 */
function pruneCustomProperties(html: string): string {
  const values = new Map<string, string[]>();
  for (const m of html.matchAll(DECLARATION)) values.set(m[2], [...(values.get(m[2]) ?? []), m[3]]);
  const refs = (text: string) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]);
  const needed = new Set(refs(html.replace(DECLARATION, '$1')));
  const queue = [...needed];
  for (let name = queue.pop(); name; name = queue.pop())
    for (const v of values.get(name) ?? [])
      for (const r of refs(v))
        if (!needed.has(r)) {
          needed.add(r);
          queue.push(r);
        }
  return html.replace(/<style>[\s\S]*?<\/style>/g, (style) =>
    style.replace(DECLARATION, (all, before: string, name: string) => (needed.has(name) ? all : before)),
  );
}
