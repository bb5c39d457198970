import { useRef } from 'react';
import type { OrderDto } from '../../../core/schemas/order';
import { withApproval } from '../../components/approval-dialog';
import { ReasonDialog } from '../../components/reason-dialog';
import { useT } from '../../lib/i18n';
import { confirmByHand, tapTime } from './upi-collect-api';

const schema = () => import('../../../core/schemas/payment').then((m) => m.confirmPaymentSchema);

interface Props {
  saleId: string;
  saleRef: string;
  onBack: () => void;
  /** The order paid by hand (the server's answer), or null: the confirmation waits in the outbox. */
  onDone: (order: OrderDto | null) => void;
}

/**
 * "Confirm by hand": why (3 to 200 characters, the server's schema), then POST /api/Orders/:id/confirm-payment
 * through the outbox, after the sale. A cashier's confirmation asks for a manager's or the owner's PIN on the
 * spot (approval kind upiByHand), and the approver is the one who signs for it.
 */
export default function UpiByHandDialog({ saleId, saleRef, onBack, onDone }: Props) {
  const t = useT('upi-collect');
  // the time of the first tap: a try again with a manager's PIN repeats it
  const tapped = useRef<string | null>(null);
  return (
    <ReasonDialog
      title={t('upiByHandTitle')}
      explain={t('upiByHandExplain')}
      label={t('upiByHandReason')}
      placeholder={t('upiByHandExample')}
      maxLength={200}
      keepLabel={t('upiBack')}
      confirmLabel={t('upiConfirm')}
      schema={schema}
      onClose={onBack}
      onConfirm={async (reason) => {
        tapped.current ??= tapTime();
        const at = tapped.current;
        const order = await withApproval((approval) => confirmByHand(saleId, { reason, at, ...(approval ? { approval } : {}) }, saleRef));
        onDone(order);
      }}
    />
  );
}
