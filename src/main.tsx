import './lib/zod-jitless';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/root';
import { preloadRoute } from './app/routes';
import { getLanguage, loadNamespaces } from './lib/i18n';
import { loadMessages } from './lib/messages';
import { tamilFontReady } from './app/tamil-font-ready';
import { expireSessionIfDue, useSession } from './stores/session';
import { openCacheDb } from './offline/cache-read';
import { startPwa } from './offline/pwa';
import { forgetOthersOnUserChange } from './offline/user-change';

// the browser's one install prompt, caught before it is gone; src/lib/install-prompt.ts adopts it after the first paint
let earlyInstallPrompt: Event | undefined;
const catchInstallPrompt = (e: Event) => {
  e.preventDefault();
  earlyInstallPrompt = e;
};
addEventListener('beforeinstallprompt', catchInstallPrompt);

forgetOthersOnUserChange();
expireSessionIfDue();
// screens of a signed-in user draw saved data first: open IndexedDB while the page chunk loads
if (useSession.getState().userInfo) void openCacheDb();

const DeferredProviders = lazy(() => import('./app/deferred-providers'));

/** Mounts the modals/notifications hosts after the first commit, so their chunk never delays the first paint. */
function AfterFirstPaint({ onFirstCommit }: { onFirstCommit?: () => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    onFirstCommit?.();
  }, [onFirstCommit]);
  return ready ? (
    <Suspense fallback={null}>
      <DeferredProviders />
    </Suspense>
  ) : null;
}

// The first render waits for the route's page chunk (at most 3 s; the static shell of index.html
// stays on screen meanwhile), so the first commit is the page, not a loading fallback (routes.tsx).
// The header's texts in the chosen language come with it (every route also loads `common`), and the messages.
const routeReady = Promise.all([preloadRoute(window.location.pathname), loadNamespaces(['common']), loadMessages()]);
// Mantine's stylesheet is not render-blocking (the shell has its own inline CSS): the first render waits for it too.
// In Tamil it also waits for the Tamil font (src/app/tamil-font-ready.ts).
const stylesReady = import('./app/styles').then(tamilFontReady, () => undefined);
const container = document.getElementById('root')!;
const app = (onFirstCommit?: () => void) => (
  <AppRoot>
    <AfterFirstPaint onFirstCommit={onFirstCommit} />
  </AppRoot>
);
// The server sends `/` with the sign-in screen prerendered at build time (scripts/prerender-plugin.ts) in the
// device's language, as a signed-out visitor sees it: hydrate that markup, so the fields being typed into stay
// the very same fields while the app starts. Anyone else (signed in, or the app chose the other language) renders afresh.
const onPrerendered = container.dataset.prerendered === 'sign-in' && window.location.pathname === '/';
const prerendered = onPrerendered && container.dataset.lang === getLanguage() && !useSession.getState().userInfo;
// loaded only for the prerendered page (the sign-in route's JS budget), beside its page chunk; a form rendered
// afresh over it keeps what was typed into it the same way
const keepTyped = onPrerendered ? import('./prerender/keep-typed').then((m) => m.prepareHydration(container)) : null;
void Promise.race([Promise.all([routeReady, stylesReady, keepTyped]), new Promise((r) => setTimeout(r, 3000))]).then(() =>
  // A transition: React renders the first screen in slices that yield to the browser (TBT).
  startTransition(() => {
    if (keepTyped && !prerendered) void keepTyped.then((beforeRender) => createRoot(container).render(app(beforeRender())));
    else if (!prerendered)
      // from its first commit the app runs the forms (public/early-submit.js held submits until then)
      createRoot(container).render(app(() => ((window as Window & { __nkAppStarted?: boolean }).__nkAppStarted = true)));
    else void keepTyped!.then((beforeHydration) => startTransition(() => void hydrateRoot(container, app(beforeHydration()))));
  }),
);

startPwa();
void import('./lib/install-prompt').then((m) => {
  removeEventListener('beforeinstallprompt', catchInstallPrompt);
  m.adoptEarlyPrompt(earlyInstallPrompt);
});
