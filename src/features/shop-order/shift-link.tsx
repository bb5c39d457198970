import { Button, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';
import { onOutboxSent } from '../../offline/status';
import { followSentShift } from './shift-store';
import type { CounterShift } from './use-counter-shift';

const ShiftPanel = lazy(() => import('./shift-panel'));

/**
 * "Shift" beside the counter's till and printer links, while the till has a shift open: its dialog (full
 * screen on a phone) has the drawer's figures, Pay in, Pay out and Close shift, then the closed shift's
 * result and report. Whatever the outbox sends for a shift later updates the device's copy of it.
 */
export function ShiftLink({ shift }: { shift: CounterShift }) {
  const t = useT('shift');
  const [open, setOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  useEffect(() => onOutboxSent((e) => followSentShift(e.kind, e.response)), []);

  const { till } = shift;
  if (!till || (!shift.open && !open)) return null;
  return (
    <>
      <Button size="xs" variant="light" mih={{ base: 44, sm: 30 }} onClick={() => setOpen(true)} data-testid="shift-button">
        {t('shiftButton')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('shiftTitle', { till: till.name })}
        fullScreen={phone}
        size="md"
        closeButtonProps={phone ? { size: 44 } : undefined}
      >
        <Suspense fallback={<Loader size="sm" />}>
          <ShiftPanel till={till} shift={shift.open} closed={shift.closed} onDone={() => setOpen(false)} />
        </Suspense>
      </Modal>
    </>
  );
}
