import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { VOID_REASON_MAX } from '../../../core/sale-void';
import { ReasonDialog } from '../../components/reason-dialog';
import { useT } from '../../lib/i18n';
import { codedText } from '../../lib/messages';
import { newUuid } from '../../lib/uuid';
import { type OrderDto, voidSale } from './vendor-orders-api';

const schema = () => import('../../../core/schemas/order').then((m) => m.voidSaleSchema);

interface Props {
  order: OrderDto;
  onClose: () => void;
  /** The order as the server has it once voided. */
  onVoided: (order: OrderDto) => void;
}

/** "Void sale": asks why (3 to 200 characters, the server's schema), then voids the counter sale. */
export default function VoidSaleDialog({ order, onClose, onVoided }: Props) {
  const t = useT('vendor-orders');
  // one key per dialog: a retry of this void is answered, not run again
  const [key] = useState(newUuid);
  return (
    <ReasonDialog
      title={t('voidSaleTitle', { n: order.orderNumber })}
      explain={t('voidSaleExplain', { invoice: order.invoiceNumber ?? '-' })}
      label={t('voidReason')}
      placeholder={t('voidReasonExample')}
      maxLength={VOID_REASON_MAX}
      keepLabel={t('keepSale')}
      confirmLabel={t('voidSale')}
      schema={schema}
      onClose={onClose}
      onConfirm={async (reason) => {
        const res = await voidSale(order._id, reason, key);
        notifications.show({ color: 'green', message: codedText({ code: 'saleVoided' }) ?? res.message });
        onVoided(res.order);
      }}
    />
  );
}
