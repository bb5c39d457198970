import { Drawer, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useT } from '../lib/i18n';

const OutboxPanel = lazy(() => import('./outbox-panel'));

/**
 * The outbox drawer of the header's sync indicator. Loaded only when it is first opened, so the
 * Drawer/modal machinery (portal, focus trap, transitions) stays out of the entry chunk.
 */
export default function SyncDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT('offline');
  return (
    <Drawer opened={opened} onClose={onClose} title={t('drawerTitle')} position="right" size="md">
      {opened && (
        <Suspense fallback={<Loader size="sm" />}>
          <OutboxPanel onClose={onClose} />
        </Suspense>
      )}
    </Drawer>
  );
}
