import { isPaymentMethod, type PaymentMethod } from '../../../core/payments';
import type { OrderDto } from '../../../core/schemas/order';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useLineName } from '../../lib/line-name';
import { useMsg } from '../../lib/messages';

const METHOD_KEY = { cash: 'methodCash', upi: 'methodUpi', card: 'methodCard' } as const satisfies Record<PaymentMethod, string>;

/** An order's words in the interface language: its statuses, payment, buyer, line names and dates. */
export function useOrderTexts() {
  const t = useT('vendor-orders');
  const msg = useMsg();
  const lineName = useLineName();
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  return {
    status: (s: string) => (s === 'Delivered' ? t('statusDelivered') : s === 'Pending' ? t('statusPending') : s),
    payment: (s: string) => (s === 'Paid' ? t('paymentPaid') : s === 'Pending' ? t('paymentPending') : s),
    method: (m: unknown) => (isPaymentMethod(m) ? t(METHOD_KEY[m]) : ''),
    /** The customer, or a walk-in sale at the counter. */
    customer: (o: OrderDto) => o.customerId?.name || (o.isShop || !o.customerId ? t('walkInCustomer') : '-'),
    /** A line's product name, in Tamil the Tamil name it was sold under. */
    line: (o: OrderDto, i: number) => lineName(o.products[i]) || o.productDetails?.[i] || msg.unnamedProduct,
    dateTime: (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '-'),
    /** That the invoice number comes at delivery (a pending unpaid order is numbered then); '' once it has one (it is the reference). */
    invoice: (o: OrderDto) => (o.invoiceNumber ? '' : t('invoiceAtDelivery')),
  };
}
