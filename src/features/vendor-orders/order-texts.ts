import { isPaymentMethod, type PaymentMethod } from '../../../core/payments';
import { formatRupees } from '../../../core/money';
import type { OrderDto } from '../../../core/schemas/order';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useLineName } from '../../lib/line-name';
import { useMsg } from '../../lib/messages';

const METHOD_KEY = { cash: 'methodCash', upi: 'methodUpi', card: 'methodCard' } as const satisfies Record<PaymentMethod, string>;
const PART_KEY = { ...METHOD_KEY, credit: 'methodCredit' } as const;

/**
 * Who an order is for, by name: the server's `customer` (an app customer, or the shop customer a sale
 * was made to); a copy saved before it was sent names the app customer or the bill's buyer. '' for walk-in.
 */
export const customerName = (o: OrderDto) => o.customer?.name || o.customerId?.name || o.buyer?.name || '';

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
    /** How a sale was paid: its method, or a sale paid in parts part by part ("Cash ₹500.00 · UPI ₹347.21"). */
    paidBy: (o: OrderDto) =>
      o.payments
        ? o.payments.map((p) => `${t(PART_KEY[p.method])} ${formatRupees(p.amount)}`).join(' · ')
        : isPaymentMethod(o.paymentMethod)
          ? t(METHOD_KEY[o.paymentMethod])
          : '',
    /** The customer (an app customer, or the shop customer a sale was made to), or a walk-in sale at the counter. */
    customer: (o: OrderDto) => customerName(o) || t('walkInCustomer'),
    /** The customer's phone, else the phone the order goes to. */
    phone: (o: OrderDto) => o.customer?.phone || o.shippingAddress?.phoneNumber || '',
    /** A line's product name, in Tamil the Tamil name it was sold under. */
    line: (o: OrderDto, i: number) => lineName(o.products[i]) || o.productDetails?.[i] || msg.unnamedProduct,
    dateTime: (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '-'),
    /** That the invoice number comes at delivery (a pending unpaid order is numbered then); '' once it has one (it is the reference). */
    invoice: (o: OrderDto) => (o.invoiceNumber ? '' : t('invoiceAtDelivery')),
  };
}
