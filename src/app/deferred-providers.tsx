import '@mantine/notifications/styles.layer.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { markModalsReady } from '../lib/modals-ready';
import toasts from './toasts.module.css';

/**
 * The confirm-dialog host and the toast container: neither is needed for the first paint (the
 * Modal, ScrollArea, floating-ui and the notification container stay out of the entry chunk).
 * `notifications.show()` calls made before this mounts wait in the notifications store and appear
 * once it is here; confirm dialogs wait for `modalsReady` (src/components/confirm.ts).
 */
export default function DeferredProviders() {
  useEffect(() => markModalsReady(), []);
  return (
    <>
      <ModalsProvider />
      {/* below the 56 px header: a toast never covers the header's cart, menu or language switch */}
      <Notifications limit={20} autoClose={5000} position="top-center" classNames={{ root: toasts.root }} />
    </>
  );
}
