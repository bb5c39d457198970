import { createElement } from 'react';
import type { Workbox } from 'workbox-window';
import { notifications } from '@mantine/notifications';
import { useSession } from '../stores/session';
import { UpdateToast } from './update-toast';
import { loadNamespaces, translate } from '../lib/i18n';

let wb: Workbox | null = null;

async function offerReload(workbox: Workbox) {
  const reload = () => {
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  };
  await loadNamespaces(['offline']).catch(() => undefined);
  notifications.show({
    id: 'sw-update',
    title: translate('offline', 'newVersion'),
    autoClose: false,
    withCloseButton: true,
    message: createElement(UpdateToast, { onReload: reload }),
  });
}

/** Loads the outbox runtime (Dexie and all) only once someone is signed in: the sign-in page stays light. */
function startOfflineWhenSignedIn() {
  const load = () => void import('./runtime').then((m) => m.startOfflineRuntime());
  if (useSession.getState().userInfo) {
    // Not before the page has loaded: Dexie and the runtime (~35 KB) would compete with
    // the page's own chunks and data for the first paint; a replay waits a moment at most.
    const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 1500 }) : setTimeout(load, 300));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return;
  }
  const unsub = useSession.subscribe((s) => {
    if (s.userInfo) {
      unsub();
      load();
    }
  });
}

/** Registers the service worker, offers "New version available - Reload", asks for persistent storage, starts the outbox. */
export function startPwa() {
  startOfflineWhenSignedIn();
  // Ask the browser not to evict the outbox and saved data under storage pressure.
  void navigator.storage?.persist?.().catch(() => false);
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // workbox-window comes in its own chunk, off the first screen's budget; it registers after the
  // page's load event anyway. Built as a classic (iife) script by vite.config.ts, so registered as classic.
  void import('workbox-window').then(({ Workbox: Wb }) => {
    wb = new Wb('/sw.js', { type: 'classic' });
    wb.addEventListener('waiting', () => void offerReload(wb!));
    void wb.register();
  });
}
