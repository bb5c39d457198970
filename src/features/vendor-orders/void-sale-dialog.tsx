import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { isoWithOffset } from '../../../core/act-time';
import { orderRef } from '../../../core/order-ref';
import { VOID_REASON_MAX } from '../../../core/sale-void';
import { withApproval } from '../../components/approval-dialog';
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

/** "Void sale KO/2026-27/000123" (the sale's invoice number, its "#25" only while it has none): asks why (3 to 200 characters, the server's schema), then voids the counter sale. */
export default function VoidSaleDialog({ order, onClose, onVoided }: Props) {
  const t = useT('vendor-orders');
  // one key per dialog: a retry of this void is answered, not run again; it repeats the first try's
  // time of the tap (the voided time, core/act-time.ts), as the same key must carry the same body
  const [key] = useState(newUuid);
  const tapped = useRef<string | null>(null);
  return (
    <ReasonDialog
      title={t('voidSaleTitle', { ref: orderRef(order) })}
      explain={order.invoiceNumber ? t('voidSaleExplain', { invoice: order.invoiceNumber }) : t('voidSaleExplainNoInvoice')}
      label={t('voidReason')}
      placeholder={t('voidReasonExample')}
      maxLength={VOID_REASON_MAX}
      keepLabel={t('keepSale')}
      confirmLabel={t('voidSale')}
      schema={schema}
      onClose={onClose}
      onConfirm={async (reason) => {
        tapped.current ??= isoWithOffset(Date.now());
        const at = tapped.current;
        // a cashier's void asks for a manager's or the owner's PIN; the same key carries the approved body
        const res = await withApproval((approval) => voidSale(order._id, { reason, at, approval }, key));
        notifications.show({ color: 'green', message: codedText({ code: 'saleVoided' }) ?? res.message });
        onVoided(res.order);
      }}
    />
  );
}
