import { notifications } from '@mantine/notifications';
import { useSession } from '../stores/session';
import { translate } from '../lib/i18n';
import { onSavedForOffline } from './keep-saved-run';
import { useOfflineStatus } from './status';

/**
 * "Ready to work offline": the service worker controls the page (so the precache of the app and
 * every route is complete: a worker activates only after its install precached everything) and the
 * signed-in user's role has saved what it needs (a rider's every area with its cards, everyone's
 * profile; what a saver leaves to the background, such as the orders' details, is not waited for).
 * Said once per user on this device, in a toast; the sync drawer keeps saying it.
 */
function whenControlled(then: () => void) {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw) return;
  if (sw.controller) then();
  else sw.addEventListener('controllerchange', () => then(), { once: true });
}

const announcedKey = (userId: string) => `offline-ready:${userId}`;

function announce(userId: string) {
  useOfflineStatus.setState({ offlineReady: true });
  // the worker's second step: the counter's camera decoder, printer encoder and charts (src/sw.ts)
  navigator.serviceWorker?.controller?.postMessage({ type: 'CACHE_LATER' });
  try {
    if (localStorage.getItem(announcedKey(userId))) return;
    localStorage.setItem(announcedKey(userId), String(Date.now()));
  } catch {
    // storage refused: say it anyway
  }
  notifications.show({
    id: 'offline-ready',
    color: 'teal',
    message: translate('offline', 'readyOffline'),
    autoClose: 6000,
    withCloseButton: true,
    // at the foot of the screen: at the top it covered the page's heading, the first thing a user reads
    position: 'bottom-center',
  });
}

export function watchOfflineReady() {
  let controlled = false;
  let savedFor: string | null = null;
  const check = () => {
    const user = useSession.getState().userInfo?._id;
    if (controlled && user && savedFor === user) announce(user);
  };
  whenControlled(() => {
    controlled = true;
    check();
  });
  onSavedForOffline((userId) => {
    savedFor = userId;
    check();
  });
  useSession.subscribe((s) => {
    if (!s.userInfo) useOfflineStatus.setState({ offlineReady: false });
  });
}
