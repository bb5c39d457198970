import './lib/zod-jitless';
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { lazy, StrictMode, startTransition, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import { theme } from './app/theme';
import { expireSessionIfDue, useSession } from './stores/session';
import { openCacheDb } from './offline/cache-read';
import { startPwa } from './offline/pwa';

expireSessionIfDue();
// screens of a signed-in user draw saved data first: open IndexedDB while the page chunk loads
if (useSession.getState().userInfo) void openCacheDb();

const DeferredProviders = lazy(() => import('./app/deferred-providers'));

/** Mounts the modals/notifications hosts after the first commit, so their chunk never delays the first paint. */
function AfterFirstPaint() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? (
    <Suspense fallback={null}>
      <DeferredProviders />
    </Suspense>
  ) : null;
}

preloadRoute(window.location.pathname);

// A transition: React renders the first screen in slices that yield to the browser (issue 7: TBT),
// while the static shell of index.html stays on screen until it is ready.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <App />
        <AfterFirstPaint />
      </MantineProvider>
    </StrictMode>,
  ),
);

startPwa();
