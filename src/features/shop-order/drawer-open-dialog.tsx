import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import type { messageResponse } from '../../../core/schemas/common';
import { withApproval } from '../../components/approval-dialog';
import { ReasonDialog } from '../../components/reason-dialog';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n';

const schema = () => import('../../../core/schemas/staff').then((m) => m.drawerOpenSchema);

/**
 * "Open drawer" without a sale (change for a note, a miscount): asks why, records it in the shop's audit
 * (a cashier needs a manager's or the owner's PIN, asked on the spot), then kicks the drawer wired to this
 * device's receipt printer; a drawer opened by its key is recorded all the same.
 */
export default function DrawerOpenDialog({ onClose }: { onClose: () => void }) {
  const t = useT('shift');
  return (
    <ReasonDialog
      title={t('drawerTitle')}
      explain={t('drawerExplain')}
      label={t('drawerReason')}
      placeholder={t('drawerReasonExample')}
      maxLength={200}
      keepLabel={t('cancel')}
      confirmLabel={t('drawerOpen')}
      schema={schema}
      onClose={onClose}
      onConfirm={async (reason) => {
        const res = await withApproval((approval) =>
          api.post<z.infer<typeof messageResponse>>('shop/drawer', { reason, ...(approval ? { approval } : {}) }),
        );
        const kicked = await import('../../lib/escpos/print-receipt')
          .then((m) => m.kickDrawer())
          .then(
            () => true,
            () => false,
          );
        notifications.show({ color: 'green', message: kicked ? res.message : t('drawerRecordedNoPrinter') });
        onClose();
      }}
    />
  );
}
