// Renders the sign-in screen as a signed-out visitor sees it at `/`, in English or Tamil, at build time
// (scripts/prerender-plugin.ts), with the same providers and tree as the browser (src/app/root.tsx).
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoot } from '../app/root';
import { preloadRoute } from '../app/routes';
import { loadNamespaces, setLanguage } from '../lib/i18n';
import type { Lang } from '../lib/language';

const AtSignIn = ({ children }: { children: ReactNode }) => <StaticRouter location="/">{children}</StaticRouter>;

export async function renderSignIn(lang: Lang): Promise<string> {
  await setLanguage(lang);
  await Promise.all([preloadRoute('/'), loadNamespaces(['common'])]);
  // The first pass loads what the tree suspends on (lazy parts of the page); the second, with
  // everything in, renders with no streamed boundaries, hence no inline scripts.
  // A large boundary would otherwise be sent apart with a script that moves it in place.
  const options = { progressiveChunkSize: Number.MAX_SAFE_INTEGER };
  await collect(await prerenderToNodeStream(<AppRoot Router={AtSignIn} />, options));
  return collect(await prerenderToNodeStream(<AppRoot Router={AtSignIn} />, options));
}

async function collect({ prelude }: { prelude: NodeJS.ReadableStream }): Promise<string> {
  let html = '';
  await new Promise<void>((resolve, reject) =>
    prelude.pipe(
      new Writable({
        write(chunk: Buffer, _enc, done) {
          html += chunk.toString('utf8');
          done();
        },
        final(done) {
          resolve();
          done();
        },
      }).on('error', reject),
    ),
  );
  return html;
}
