import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { UpiConfirmation } from '../../components/upi-confirmation';
import { useLiveOrders } from '../../data/use-live-orders';
import { useLanguage, useT } from '../../lib/i18n';
import { speakPayment } from '../../lib/speak-payments';
import type { LastSale } from './last-sale';
import { saleToastId } from './sale-ref';
import { fetchSaleOrder } from './upi-collect-api';
import { spokenAmount } from './upi-received';

const UpiCollectDialog = lazy(() => import('./upi-collect-dialog'));

/**
 * The last sale's UPI payment at a shop whose provider confirms it: the QR dialog opens as the sale is
 * recorded; closed unpaid, the bar says the payment is not confirmed and opens it again; paid, it says how
 * ("UPI confirmed · UTR …", "Confirmed by hand by Meena"). Paid while its dialog is closed (the customer
 * was slow), the live stream tells it: "₹347.21 received", said aloud too. One per sale (keyed by its id).
 */
export default function LastSaleUpi({ sale, waiting, onPaid }: { sale: LastSale; waiting: boolean; onPaid: (order: OrderDto) => void }) {
  const t = useT('upi-collect');
  const lang = useLanguage();
  const [open, setOpen] = useState(true);
  const [paid, setPaid] = useState<OrderDto | null>(null);
  const [queued, setQueued] = useState(false);
  const settle = (order: OrderDto) => {
    setPaid(order);
    onPaid(order);
  };
  // the dialog, while open, follows the sale itself
  useLiveOrders(
    (e) => e.orderId === sale.id,
    () => {
      if (open || paid) return;
      fetchSaleOrder(sale.id).then(
        (order) => {
          if (order.paymentStatus !== 'Paid') return;
          settle(order);
          if (order.payment?.confirmedBy !== 'provider') return;
          notifications.show({ color: 'green', message: t('upiReceived', { amount: formatRupees(order.payment.amount) }) });
          speakPayment(spokenAmount(order.payment.amount, t), lang);
        },
        () => undefined,
      );
    },
  );
  // the QR dialog is the sale's next step and names it: the sale's notice would cover its top on a phone
  useEffect(() => {
    notifications.hide(saleToastId(sale.id));
  }, [sale.id]);
  return (
    <>
      {paid ? (
        <UpiConfirmation payment={paid.payment} />
      ) : queued ? (
        <Badge color="yellow" c="dark" variant="filled" size="sm">
          {t('upiByHandSaved')}
        </Badge>
      ) : (
        <>
          <Badge color="orange" variant="light" size="md" data-testid="last-sale-upi-pending">
            {t('upiNotConfirmed')}
          </Badge>
          <Button size="sm" mih={{ base: 44, sm: 36 }} variant="light" onClick={() => setOpen(true)} data-testid="last-sale-upi">
            {t('upiCollect')}
          </Button>
        </>
      )}
      {open && (
        <Suspense fallback={null}>
          <UpiCollectDialog
            saleId={sale.id}
            saleRef={sale.ref}
            total={sale.parts?.find((p) => p.method === 'upi')?.amount ?? sale.total}
            queued={sale.queued}
            waiting={waiting}
            onClose={() => setOpen(false)}
            onPaid={settle}
            onQueued={() => setQueued(true)}
          />
        </Suspense>
      )}
    </>
  );
}
