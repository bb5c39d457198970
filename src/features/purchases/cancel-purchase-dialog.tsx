import { notifications } from '@mantine/notifications';
import { CANCEL_REASON_MAX } from '../../../core/purchase';
import type { PurchaseDto } from '../../../core/schemas/purchase';
import { ReasonDialog } from '../../components/reason-dialog';
import { useT } from '../../lib/i18n';
import { codedText } from '../../lib/messages';
import { cancelPurchase } from './purchases-api';

const schema = () => import('../../../core/schemas/purchase').then((m) => m.cancelPurchaseSchema);

interface Props {
  purchase: PurchaseDto;
  onClose: () => void;
  onCancelled: (purchase: PurchaseDto) => void;
}

/** "Cancel bill": asks why, then takes the goods back out of stock (refused when they are already sold). */
export default function CancelPurchaseDialog({ purchase, onClose, onCancelled }: Props) {
  const t = useT('purchases');
  return (
    <ReasonDialog
      title={t('cancelTitle')}
      explain={t('cancelHint')}
      label={t('reason')}
      maxLength={CANCEL_REASON_MAX}
      keepLabel={t('keepBill')}
      confirmLabel={t('confirmCancel')}
      schema={schema}
      onClose={onClose}
      onConfirm={async (reason) => {
        const res = await cancelPurchase(purchase._id, reason);
        notifications.show({ color: 'green', message: codedText({ code: 'purchaseCancelled' }) ?? res.message });
        onCancelled(res.purchase);
      }}
    />
  );
}
