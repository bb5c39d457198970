import { Workbox } from 'workbox-window';
import { notifications } from '@mantine/notifications';

/** Registers the service worker, offers "new version available - Reload", asks for persistent storage. */
export function startPwa() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { type: 'classic' });
  wb.addEventListener('waiting', () => {
    notifications.show({
      id: 'sw-update',
      title: 'New version available',
      message: 'New version available - Reload',
      autoClose: false,
      onClick: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  void wb.register();
  void navigator.storage?.persist?.();
}
