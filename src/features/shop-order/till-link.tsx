import { Button, Loader, Modal } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { tillHead, type TillState } from '../../../core/till';
import { useT } from '../../lib/i18n';
import { can } from '../../lib/can';
import { useCachedQuery } from '../../data/use-cached-query';
import { useSession } from '../../stores/session';
import { readTill } from './till-store';

const TillPanel = lazy(() => import('./till-panel'));

/**
 * "Till" beside the counter's printer link (vendors): opens this device's till (till-panel.tsx). While
 * online it tops up the till's numbers when the counter opens, so the device has numbers for offline sales.
 */
export function TillLink() {
  const t = useT('shop-order');
  const user = useSession((s) => s.userInfo);
  const userId = can(user, 'ownShop') ? user?._id : undefined;
  const [changed, setTill] = useState<TillState | null | undefined>(undefined);
  const [open, setOpen] = useState(false);
  // online, the till reserves more numbers when the counter opens (the device keeps them: nothing saved here)
  const topUp = useCachedQuery(
    userId && readTill(userId) && navigator.onLine ? `till-top-up:${userId}` : null,
    async () => {
      await (await import('./till-numbers')).topUpTill(userId!);
      return readTill(userId);
    },
    { persist: false },
  );
  const till = changed !== undefined ? changed : (topUp.data ?? readTill(userId));

  if (!userId) return null;
  return (
    <>
      <Button size="xs" variant="subtle" onClick={() => setOpen(true)} data-testid="till-settings">
        {till ? t('tillButtonNamed', { series: tillHead(till.prefix) }) : t('tillButton')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('tillTitle')} size="lg">
        <Suspense fallback={<Loader size="sm" />}>
          <TillPanel userId={userId} onChange={setTill} />
        </Suspense>
      </Modal>
    </>
  );
}
